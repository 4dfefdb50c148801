import { LitElement } from 'lit';
import { type InlayErrorDetail, InlayErrorEvent } from '../events.js';
import { baseStyles } from './base.styles.js';

/**
 * What every Inlay component shares (docs/widgets.md, Styling): the theme's custom properties and
 * base styles, and one way to report failures without throwing into the host page.
 *
 * Components extend it; pages use the components. Not an internal: the published types of
 * the components name it as their base class (docs/releasing.md).
 */
export class InlayElement extends LitElement {
  static override styles = [baseStyles];

  /** Dispatches `event` from this element; events are built `bubbles + composed` (events.ts). */
  protected emit(event: Event): void {
    this.dispatchEvent(event);
  }

  /**
   * Reports a failure as `inlay-error`. Hosts log or show it; the component renders its own
   * error state or rollback. Non-`Error` rejections (a BYO store may reject with anything) are
   * wrapped so `detail.error` is always an `Error`.
   */
  protected reportError(error: unknown, operation?: InlayErrorDetail['operation']): Error {
    const wrapped = toError(error);
    this.emit(new InlayErrorEvent(operation === undefined ? { error: wrapped } : { error: wrapped, operation }));
    return wrapped;
  }
}

/** @internal */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  const message = typeof value === 'string' ? value : 'Unexpected failure';
  return new Error(message, { cause: value });
}
