import type { InlayImportCompleteEvent } from '../events.js';

/**
 * Listeners of `inlay-import-complete` added on `<inlay-importer>` itself may answer a promise
 * instead of calling `event.waitUntil` (docs/widgets.md): the DOM drops a listener's return
 * value, so the element adds each such listener wrapped, and the wrapper hands the promise on.
 * One wrapper per listener, so `removeEventListener` finds it.
 * @internal
 */
const wrappers = new WeakMap<object, EventListener>();

/** The wrapper `listener` is added as (made on first use). @internal */
export function promiseListener(listener: EventListenerOrEventListenerObject): EventListener {
  let wrapper = wrappers.get(listener);
  if (!wrapper) {
    wrapper = function (this: unknown, event: Event) {
      const result: unknown = typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event);
      const complete = event as Partial<InlayImportCompleteEvent>;
      if (isThenable(result) && typeof complete.waitUntil === 'function') complete.waitUntil(result);
    };
    wrappers.set(listener, wrapper);
  }
  return wrapper;
}

/** The wrapper `listener` was added as, if it was. @internal */
export function wrapperOf(listener: EventListenerOrEventListenerObject): EventListener | undefined {
  return wrappers.get(listener);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
