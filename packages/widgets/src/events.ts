import type { Progress, ProgressOperation } from '@inlay/core';

/**
 * The widgets' events (STYLE.md, Components): one class per event, every name prefixed
 * `inlay-`, all bubbling and `composed` so they cross shadow roots to the host page, each with a
 * typed `detail`. They extend `CustomEvent` so frameworks that read `event.detail` work as is.
 *
 * @example
 * ```ts
 * checklist.addEventListener('inlay-item-complete', (event) => {
 *   analytics.track('onboarding step', { step: event.detail.itemId });
 * });
 * ```
 */
const init = <T>(detail: T): CustomEventInit<T> => ({ detail, bubbles: true, composed: true });

/** `detail` of {@link InlayItemCompleteEvent}. */
export interface InlayItemCompleteDetail {
  flowId: string;
  itemId: string;
  /** The progress the store confirmed after the write. */
  progress: Progress;
}

/** An end user completed a checklist item, and the store confirmed it. */
export class InlayItemCompleteEvent extends CustomEvent<InlayItemCompleteDetail> {
  static readonly eventName = 'inlay-item-complete';
  constructor(detail: InlayItemCompleteDetail) {
    super(InlayItemCompleteEvent.eventName, init(detail));
  }
}

/** `detail` of {@link InlayFlowCompleteEvent}. */
export interface InlayFlowCompleteDetail {
  flowId: string;
  progress: Progress;
}

/** The last required item of a flow was completed or skipped, and the store confirmed it. */
export class InlayFlowCompleteEvent extends CustomEvent<InlayFlowCompleteDetail> {
  static readonly eventName = 'inlay-flow-complete';
  constructor(detail: InlayFlowCompleteDetail) {
    super(InlayFlowCompleteEvent.eventName, init(detail));
  }
}

/** `detail` of {@link InlayDismissEvent}. */
export interface InlayDismissDetail {
  flowId: string;
  progress: Progress;
}

/** The end user dismissed the checklist, and the store confirmed it. */
export class InlayDismissEvent extends CustomEvent<InlayDismissDetail> {
  static readonly eventName = 'inlay-dismiss';
  constructor(detail: InlayDismissDetail) {
    super(InlayDismissEvent.eventName, init(detail));
  }
}

/** `detail` of {@link InlayErrorEvent}. */
export interface InlayErrorDetail {
  /**
   * What failed: usually an `InlayError` from `@inlay/client` (check it with `isInlayError`), or
   * whatever a host-supplied store rejected with, wrapped in an `Error` when it was not one.
   */
  error: Error;
  /** The write that failed and was rolled back; absent when loading failed. */
  operation?: ProgressOperation;
}

/**
 * Loading or a write failed. The widget shows the failure itself (an error state, or a rollback
 * of the optimistic update); it never throws into the host page.
 */
export class InlayErrorEvent extends CustomEvent<InlayErrorDetail> {
  static readonly eventName = 'inlay-error';
  constructor(detail: InlayErrorDetail) {
    super(InlayErrorEvent.eventName, init(detail));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'inlay-item-complete': InlayItemCompleteEvent;
    'inlay-flow-complete': InlayFlowCompleteEvent;
    'inlay-dismiss': InlayDismissEvent;
    'inlay-error': InlayErrorEvent;
  }
}
