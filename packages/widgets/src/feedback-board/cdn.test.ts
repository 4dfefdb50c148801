// The script-tag bundle (dist/cdn/inlay-feedback-board.js, built before the tests run) on a page
// with a strict Content-Security-Policy (docs/importer.md): no inline script or style, no eval.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { InlayErrorEvent, InlayPostCreateEvent } from '../events.js';
import { testEnv } from '../testing/helpers.js';
import './define.js';

const bundle = '/dist/cdn/inlay-feedback-board.js';
const folder = `${location.origin}/dist/cdn/`;

/**
 * A page on this origin with a strict policy, the bundle and a board talking to the server on its
 * own origin. `scriptSrc` is what the policy allows of the scripts: the bundle's folder (as
 * docs/widgets.md asks), or only its file, which leaves its write path
 * (inlay-feedback-board.writes.js) refused. Resolves once the list is shown.
 */
async function boardFrame(
  scriptSrc: string,
  board: 'empty' | 'open' | 'discuss',
  extra = '',
): Promise<{ frame: HTMLIFrameElement; element: HTMLElement; root: ShadowRoot }> {
  const { feedback } = await testEnv();
  const csp = ["default-src 'none'", `script-src ${scriptSrc}`, `connect-src ${new URL(feedback.baseUrl).origin}`, "style-src 'none'"].join('; ');
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html>
    <meta http-equiv="Content-Security-Policy" content="${csp}">
    <script src="${bundle}"></script>
    <inlay-feedback-board board-id="${feedback.boards[board]}" publishable-key="${feedback.publishableKey}"
      base-url="${feedback.baseUrl}" anonymous ${extra}></inlay-feedback-board>`;
  document.body.append(frame);
  const element = () => frame.contentDocument?.querySelector('inlay-feedback-board');
  await waitUntil(() => element()?.shadowRoot?.querySelector('[part~="empty"], [part~="list"], [part~="roadmap"]'), 'the bundle did not render the board', {
    timeout: 8000,
  });
  return { frame, element: element() as HTMLElement, root: element()?.shadowRoot as ShadowRoot };
}

describe('cdn/inlay-feedback-board.js', () => {
  it('registers <inlay-feedback-board> and works under a strict CSP', async () => {
    const { frame, root: shadow } = await boardFrame(folder, 'empty');
    try {
      const view = frame.contentWindow as Window;
      expect(shadow.querySelector('[part~="empty"]')?.textContent).to.equal('No ideas yet. Be the first!');
      // Adopted stylesheets apply although style-src is 'none'…
      expect(view.getComputedStyle(shadow.querySelector('[part~="base"]') as Element).borderTopLeftRadius).to.equal('12px');
      // …and so does the branding accent, set through CSSOM, on the form of the write path.
      await waitUntil(() => shadow.querySelector('[part~="submit-button"]'), 'the form did not appear');
      const submit = shadow.querySelector('[part~="submit-button"]') as Element;
      expect(view.getComputedStyle(submit).backgroundColor).to.equal('rgb(15, 118, 110)');
      // The bundle leaks no global besides the element.
      expect(Object.keys(view).filter((key) => /inlay/i.test(key))).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('posts through its write path, loaded beside the bundle under a strict CSP that allows the folder', async () => {
    const { frame, element, root } = await boardFrame(folder, 'open');
    try {
      await waitUntil(() => root.querySelector('[part~="title-input"]'), 'the form did not appear');
      const title = `Dark mode from the CDN ${Math.random().toString(36).slice(2, 8)}`;
      const input = root.querySelector('[part~="title-input"]') as HTMLInputElement;
      input.value = title;
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      const created = oneEvent(element, 'inlay-post-create') as Promise<InlayPostCreateEvent>;
      (root.querySelector('[part~="submit-button"]') as HTMLButtonElement).click();
      expect((await created).detail.post.title).to.equal(title);
      await waitUntil(() => root.querySelector('[part~="post-title"]')?.textContent === title, 'the new post is not first in the list');
      expect(root.querySelector('[role="status"]')?.textContent?.trim()).to.equal('Your post was added.');
    } finally {
      frame.remove();
    }
  });

  it('shows the list when its write path cannot load: the form says so, and a vote fails as a refused one (announced, inlay-error)', async () => {
    // Only the bundle's own file: the policy refuses inlay-feedback-board.writes.js beside it.
    const { frame, element, root } = await boardFrame(`${location.origin}${bundle}`, 'open');
    try {
      await waitUntil(() => root.querySelector('[part~="form-error"]'), 'the form\'s place did not say it failed');
      expect(root.querySelector('[part~="form-error"]')?.textContent).to.equal('Your post could not be saved. Try again.');
      expect(root.querySelector('[part~="form"]')).to.equal(null);
      const button = root.querySelector('[part~="vote-button"]') as HTMLButtonElement;
      const count = button.querySelector('[part~="vote-count"]')?.textContent;
      const pressed = button.getAttribute('aria-pressed');
      const failed = oneEvent(element, 'inlay-error') as Promise<InlayErrorEvent>;
      button.click();
      const { detail } = await failed;
      expect(detail.operation).to.include({ type: 'vote', voted: pressed !== 'true' });
      await waitUntil(() => root.querySelector('[role="status"]')?.textContent?.trim() === 'Your vote could not be saved and was undone.', 'no announcement');
      expect(button.getAttribute('aria-pressed')).to.equal(pressed);
      expect(button.querySelector('[part~="vote-count"]')?.textContent).to.equal(count);
    } finally {
      frame.remove();
    }
  });

  it('opens a post with its comments, and shows the filters and the roadmap, from the modules beside the bundle under a strict CSP', async () => {
    const { frame, element, root } = await boardFrame(folder, 'discuss');
    try {
      const view = frame.contentWindow as Window;
      await waitUntil(() => root.querySelector('[part~="status-filter"]'), 'the filters did not appear');
      const link = [...root.querySelectorAll<HTMLButtonElement>('[part~="post-link"]')].find((candidate) => candidate.textContent === 'Dark mode');
      const opened = oneEvent(element, 'inlay-post-open');
      link?.click();
      await opened;
      await waitUntil(() => root.querySelectorAll('[part~="comment"]').length === 3, 'the comments did not load', { timeout: 8000 });
      expect(root.querySelector('#post-heading')?.textContent).to.equal('Dark mode');
      // The post page's own adopted sheet applies although style-src is 'none'.
      expect(view.getComputedStyle(root.querySelector('.replies') as Element).borderInlineStartStyle).to.equal('solid');
      expect(root.querySelector('[part~="team-badge"]')?.textContent).to.equal('Team');

      element.setAttribute('view', 'roadmap');
      (root.querySelector('[part~="back-button"]') as HTMLButtonElement).click();
      await waitUntil(() => root.querySelectorAll('[part~="roadmap-column"] [part~="post-link"]').length === 4, 'the roadmap did not list', { timeout: 8000 });
      expect(view.getComputedStyle(root.querySelector('[part~="roadmap"]') as Element).display).to.equal('grid');
    } finally {
      frame.remove();
    }
  });

  it('stays on the list when the post page cannot load (a policy that allows only the bundle), with inlay-error', async () => {
    const { frame, element, root } = await boardFrame(`${location.origin}${bundle}`, 'discuss');
    try {
      const failed = oneEvent(element, 'inlay-error') as Promise<InlayErrorEvent>;
      (root.querySelector('[part~="post-link"]') as HTMLButtonElement).click();
      await failed;
      await waitUntil(() => (element as HTMLElement & { postId: string }).postId === '', 'the post stayed open');
      expect(root.querySelector('[part~="list"]')?.closest('[hidden]')).to.equal(null);
      expect(root.querySelector('[part~="page"]')).to.equal(null);
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
