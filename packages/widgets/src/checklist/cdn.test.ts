// The script-tag bundle (dist/cdn/inlay-checklist.js, built before the tests run) on a page
// with a strict Content-Security-Policy (docs/importer.md): no inline script or style, no eval.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { InlayErrorEvent } from '../events.js';
import { newUserId, serverProgress, testEnv } from '../testing/helpers.js';
import './define.js';

const bundle = '/dist/cdn/inlay-checklist.js';

/**
 * A page on this origin with a strict policy, the bundle and a checklist talking to the server on
 * its own origin. `scriptSrc` is what the policy allows of the scripts: the bundle's folder (as
 * docs/widgets.md asks), or only its file, which leaves its write path (inlay-checklist.writes.js)
 * refused.
 */
async function checklistFrame(scriptSrc: string, userId: string): Promise<{ frame: HTMLIFrameElement; element: HTMLElement; root: ShadowRoot }> {
  const env = await testEnv();
  const csp = ["default-src 'none'", `script-src ${scriptSrc}`, `connect-src ${new URL(env.baseUrl).origin}`, "style-src 'none'"].join('; ');
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html>
    <meta http-equiv="Content-Security-Policy" content="${csp}">
    <script src="${bundle}"></script>
    <inlay-checklist flow-id="${env.flows.main}" publishable-key="${env.publishableKey}"
      base-url="${env.baseUrl}" user-id="${userId}"></inlay-checklist>`;
  document.body.append(frame);
  const element = () => frame.contentDocument?.querySelector('inlay-checklist');
  await waitUntil(() => element()?.shadowRoot?.querySelectorAll('li').length === 4, 'the bundle did not render the checklist', { timeout: 8000 });
  return { frame, element: element() as HTMLElement, root: element()?.shadowRoot as ShadowRoot };
}

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

  it('writes through its write path, loaded beside the bundle under a strict CSP that allows the folder', async () => {
    const env = await testEnv();
    const userId = newUserId();
    const { frame, element, root } = await checklistFrame(`${location.origin}/dist/cdn/`, userId);
    try {
      const completed = oneEvent(element, 'inlay-item-complete');
      (root.querySelector('#item-profile') as HTMLInputElement).click();
      await completed;
      expect((root.querySelector('#item-profile') as HTMLInputElement).checked).to.equal(true);
      expect(root.querySelector('[role="status"]')?.textContent?.trim()).to.equal('Completed “Complete your profile”. 1 of 3 done.');
      expect((await serverProgress(env.flows.main, userId)).items.find((item) => item.id === 'profile')?.state).to.equal('completed');
    } finally {
      frame.remove();
    }
  });

  it('shows the checklist when its write path cannot load, and fails a write as a refused one (announced, inlay-error)', async () => {
    const env = await testEnv();
    const userId = newUserId();
    // Only the bundle's own file: the policy refuses inlay-checklist.writes.js beside it.
    const { frame, element, root } = await checklistFrame(`${location.origin}${bundle}`, userId);
    try {
      const failed = oneEvent(element, 'inlay-error') as Promise<InlayErrorEvent>;
      const box = root.querySelector('#item-profile') as HTMLInputElement;
      box.click();
      const { detail } = await failed;
      expect(detail.operation).to.deep.equal({ type: 'complete', itemId: 'profile' });
      expect(detail.error.message).to.match(/inlay-checklist\.writes\.js|dynamically imported module/);
      await waitUntil(() => root.querySelector('[role="status"]')?.textContent?.trim() === 'That change could not be saved and was undone.', 'no announcement');
      expect(box.checked).to.equal(false);
      expect(root.querySelectorAll('li').length).to.equal(4);
      expect((await serverProgress(env.flows.main, userId)).items.every((item) => item.state === 'pending')).to.equal(true);
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
