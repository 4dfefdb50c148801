// The script-tag bundle (dist/cdn/inlay-importer.js, with inlay-importer.worker.js beside it,
// built before the tests run) on pages with a strict Content-Security-Policy (docs/importer.md): no
// inline script or style, no eval — with workers allowed, and with workers forbidden, where the
// engine runs on the main thread in slices.
import { expect, waitUntil } from '@open-wc/testing';
import type { InlayImporter } from './importer.js';
import { importerEnv } from '../testing/importer-helpers.js';

const bundle = '/dist/cdn/inlay-importer.js';

async function framed(workerSrc: string): Promise<{ frame: HTMLIFrameElement; importer: InlayImporter }> {
  const env = await importerEnv();
  const csp = [
    "default-src 'none'",
    `script-src ${location.origin}/dist/cdn/`,
    `worker-src ${workerSrc}`,
    `connect-src ${new URL(env.baseUrl).origin}`,
    "style-src 'none'",
  ].join('; ');
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html>
    <meta http-equiv="Content-Security-Policy" content="${csp}">
    <script src="${bundle}"></script>
    <inlay-importer importer-id="${env.importers.contacts}" publishable-key="${env.publishableKey}" base-url="${env.baseUrl}"></inlay-importer>`;
  document.body.append(frame);
  const found = () => frame.contentDocument?.querySelector('inlay-importer') as InlayImporter | null;
  await waitUntil(() => found()?.shadowRoot?.querySelector('textarea'), 'the bundle did not render the importer', { timeout: 8000 });
  return { frame, importer: found() as InlayImporter };
}

/** Pastes rows and goes through setup and mapping to the grid. */
async function importPasted(importer: InlayImporter, text: string): Promise<void> {
  const root = importer.shadowRoot as ShadowRoot;
  (root.querySelector('textarea') as HTMLTextAreaElement).value = text;
  (root.querySelector('[part~="paste-button"]') as HTMLButtonElement).click();
  await waitUntil(() => root.querySelector('.step.setup'), 'setup step', { timeout: 8000 });
  (root.querySelector('.step.setup [part~="primary"]') as HTMLButtonElement).click();
  await waitUntil(() => root.querySelector('.step.mapping'), 'mapping step');
  (root.querySelector('.step.mapping [part~="primary"]') as HTMLButtonElement).click();
  await waitUntil(() => root.querySelector('[role="row"][aria-rowindex="2"]:not(.pending)'), 'grid rows', { timeout: 8000 });
}

const rows = 'Customer ID,Email,Name,Age\n00123,ann@example.com,Ann,31\n00124,bob@example,Bob,x\n';

describe('cdn/inlay-importer.js', () => {
  it('runs its engine in a worker beside the bundle under a strict CSP', async () => {
    const { frame, importer } = await framed(`${location.origin}/dist/cdn/`);
    try {
      await importPasted(importer, rows);
      expect(importer.engineMode).to.equal('worker');
      const root = importer.shadowRoot as ShadowRoot;
      expect(root.querySelector('[data-pos="0"][data-col="0"] .text')?.textContent).to.equal('00123');
      expect(root.querySelectorAll('[part~="cell"][part~="invalid"]').length).to.equal(2);
      // Adopted stylesheets apply although style-src is 'none'.
      const view = frame.contentWindow as Window;
      expect(view.getComputedStyle(root.querySelector('[part~="base"]') as Element).borderTopLeftRadius).to.equal('12px');
      expect(Object.keys(view).filter((key) => /inlay/i.test(key))).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('falls back to the main thread when the page forbids workers (worker-src none)', async () => {
    const { frame, importer } = await framed("'none'");
    try {
      await importPasted(importer, rows);
      expect(importer.engineMode).to.equal('main-thread');
      const root = importer.shadowRoot as ShadowRoot;
      expect(root.querySelector('[data-pos="1"][data-col="1"] .text')?.textContent).to.equal('bob@example');
      expect(root.querySelector('[data-pos="1"][data-col="1"]')?.getAttribute('aria-invalid')).to.equal('true');
    } finally {
      frame.remove();
    }
  });
});
