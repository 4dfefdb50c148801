/**
 * What `<inlay-tour>` watches on the host page (docs/widgets.md, `<inlay-tour>`): single-page
 * navigation through `history`, the DOM while it waits for a step's element, and focus.
 * @internal
 */

const NAVIGATED = 'inlay-navigate';
const WRAPPED = Symbol.for('inlay.history');

/**
 * Calls `changed` after every `history.pushState`/`replaceState` (wrapped once per page, however
 * many bundles run) and every `popstate`. Answers the function that stops listening.
 */
export function watchNavigation(changed: () => void): () => void {
  const target = history as History & { [WRAPPED]?: boolean };
  if (!target[WRAPPED]) {
    target[WRAPPED] = true;
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name];
      history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        dispatchEvent(new Event(NAVIGATED));
      };
    }
  }
  addEventListener(NAVIGATED, changed);
  addEventListener('popstate', changed);
  return () => {
    removeEventListener(NAVIGATED, changed);
    removeEventListener('popstate', changed);
  };
}

/** The first element matching `selector` in the page, or null (also for a selector the browser refuses). */
export function find(selector: string): Element | null {
  try {
    return document.querySelector(selector);
  } catch {
    return null;
  }
}

/** Calls `changed` on every change to the page's elements and attributes until stopped. */
export function watchDom(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
  return () => observer.disconnect();
}

/** The element that has focus, inside shadow roots too; null when none has. */
export function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
