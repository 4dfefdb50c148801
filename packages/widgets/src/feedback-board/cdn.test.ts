// The script-tag bundle (dist/cdn/inlay-feedback-board.js, built before the tests run) on a page
// with a strict Content-Security-Policy (docs/importer.md): no inline script or style, no eval.
import { expect, waitUntil } from '@open-wc/testing';
import { testEnv } from '../testing/helpers.js';
import './define.js';

const bundle = '/dist/cdn/inlay-feedback-board.js';

describe('cdn/inlay-feedback-board.js', () => {
  it('registers <inlay-feedback-board> and works under a strict CSP', async () => {
    const { feedback } = await testEnv();
    const csp = [
      "default-src 'none'",
      `script-src ${location.origin}${bundle}`,
      `connect-src ${new URL(feedback.baseUrl).origin}`,
      "style-src 'none'",
    ].join('; ');
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html>
      <meta http-equiv="Content-Security-Policy" content="${csp}">
      <script src="${bundle}"></script>
      <inlay-feedback-board board-id="${feedback.boards.empty}" publishable-key="${feedback.publishableKey}"
        base-url="${feedback.baseUrl}" anonymous></inlay-feedback-board>`;
    document.body.append(frame);
    try {
      const root = () => frame.contentDocument?.querySelector('inlay-feedback-board')?.shadowRoot;
      await waitUntil(() => root()?.querySelector('[part~="empty"]'), 'the bundle did not render the board', { timeout: 8000 });
      const shadow = root() as ShadowRoot;
      const view = frame.contentWindow as Window;
      expect(shadow.querySelector('[part~="empty"]')?.textContent).to.equal('No ideas yet. Be the first!');
      // Adopted stylesheets apply although style-src is 'none'…
      expect(view.getComputedStyle(shadow.querySelector('[part~="base"]') as Element).borderTopLeftRadius).to.equal('12px');
      // …and so does the branding accent, set through CSSOM.
      const submit = shadow.querySelector('[part~="submit-button"]') as Element;
      expect(view.getComputedStyle(submit).backgroundColor).to.equal('rgb(15, 118, 110)');
      // The bundle leaks no global besides the element.
      expect(Object.keys(view).filter((key) => /inlay/i.test(key))).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('leaves a tag that is already defined alone (two copies on one page)', async () => {
    const before = customElements.get('inlay-feedback-board');
    expect(before).to.not.equal(undefined);
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
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
    expect(errors).to.deep.equal([]);
    expect(customElements.get('inlay-feedback-board') === before).to.equal(true);
  });
});
