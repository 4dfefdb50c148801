// The script-tag bundle (dist/cdn/inlay-checklist.js, built before the tests run) on a page
// with a strict Content-Security-Policy (docs/importer.md): no inline script or style, no eval.
import { expect, waitUntil } from '@open-wc/testing';
import { newUserId, testEnv } from '../testing/helpers.js';
import './define.js';

const bundle = '/dist/cdn/inlay-checklist.js';

describe('cdn/inlay-checklist.js', () => {
  it('registers <inlay-checklist> and works under a strict CSP', async () => {
    const env = await testEnv();
    const csp = [
      "default-src 'none'",
      `script-src ${location.origin}${bundle}`,
      `connect-src ${new URL(env.baseUrl).origin}`,
      "style-src 'none'",
    ].join('; ');
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html>
      <meta http-equiv="Content-Security-Policy" content="${csp}">
      <script src="${bundle}"></script>
      <inlay-checklist flow-id="${env.flows.main}" publishable-key="${env.publishableKey}"
        base-url="${env.baseUrl}" user-id="${newUserId()}"></inlay-checklist>`;
    document.body.append(frame);
    try {
      const rendered = () => frame.contentDocument?.querySelector('inlay-checklist')?.shadowRoot?.querySelectorAll('li').length === 4;
      await waitUntil(rendered, 'the bundle did not render the checklist', { timeout: 8000 });
      const root = frame.contentDocument?.querySelector('inlay-checklist')?.shadowRoot as ShadowRoot;
      const view = frame.contentWindow as Window;
      // Adopted stylesheets apply although style-src is 'none'…
      expect(view.getComputedStyle(root.querySelector('[part~="base"]') as Element).borderTopLeftRadius).to.equal('12px');
      // …and so does the progress fill's width, set through CSSOM.
      const fill = root.querySelector('[part~="progress-fill"]') as HTMLElement;
      expect(fill.style.getPropertyValue('--_value')).to.equal('0');
      // The bundle leaks no global besides the element.
      expect(Object.keys(view).filter((key) => /inlay/i.test(key))).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('leaves a tag that is already defined alone (two copies on one page)', async () => {
    const before = customElements.get('inlay-checklist');
    expect(before).to.not.equal(undefined);
    const errors: ErrorEvent[] = [];
    const onError = (event: ErrorEvent) => errors.push(event);
    window.addEventListener('error', onError);
    const script = document.createElement('script');
    script.src = bundle;
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    document.head.append(script);
    await loaded;
    window.removeEventListener('error', onError);
    script.remove();
    expect(errors.map((event) => event.message)).to.deep.equal([]);
    expect(customElements.get('inlay-checklist')).to.equal(before);
  });
});
