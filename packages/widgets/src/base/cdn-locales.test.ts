// The script-tag bundles' translations (docs/widgets.md, Languages): never inside a bundle, and
// loaded from beside it on a page whose strict Content-Security-Policy allows the bundle's folder.
import { expect, waitUntil } from '@open-wc/testing';
import { newUserId, testEnv } from '../testing/helpers.js';

const dir = '/dist/cdn/';

describe('script-tag bundles and their translations', () => {
  it('keep every translation out of the bundles', async () => {
    for (const [bundle, german] of [
      ['inlay-checklist', 'Erneut versuchen'],
      ['inlay-feedback-board', 'Idee posten'],
      ['inlay-importer', 'Datei auswählen'],
    ] as const) {
      const base = await (await fetch(`${dir}${bundle}.js`)).text();
      expect(base.includes(german), `${bundle}.js holds German`).to.equal(false);
      for (const tag of ['de', 'es', 'fr', 'ja', 'pt-BR']) {
        expect((await fetch(`${dir}${bundle}.${tag}.js`)).ok, `${bundle}.${tag}.js`).to.equal(true);
      }
      expect((await (await fetch(`${dir}${bundle}.de.js`)).text()).includes(german)).to.equal(true);
    }
  });

  it('loads the page language’s translation from beside the bundle under a strict CSP', async () => {
    const env = await testEnv();
    const csp = ["default-src 'none'", `script-src ${location.origin}${dir}`, `connect-src ${new URL(env.baseUrl).origin}`, "style-src 'none'"].join('; ');
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html><html lang="pt-BR">
      <meta http-equiv="Content-Security-Policy" content="${csp}">
      <script src="${dir}inlay-checklist.js"></script>
      <inlay-checklist flow-id="${env.flows.main}" publishable-key="${env.publishableKey}"
        base-url="${env.baseUrl}" user-id="${newUserId()}"></inlay-checklist></html>`;
    document.body.append(frame);
    try {
      const summary = () => frame.contentDocument?.querySelector('inlay-checklist')?.shadowRoot?.querySelector('[part~="summary"]')?.textContent;
      await waitUntil(() => summary() === '0 de 3 concluídas', `summary: ${summary()}`, { timeout: 8000 });
    } finally {
      frame.remove();
    }
  });
});
