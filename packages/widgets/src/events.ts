import type { ImportValue, Post, Progress, ProgressOperation } from '@inlay/core';

/**
 * The widgets' events (docs/widgets.md): one class per event, every name prefixed
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

// `eventName` is a static getter rather than a static field: a field is an assignment after the
// class, which bundlers must keep, so every script-tag bundle would carry every widget's events.
// A getter leaves the class side-effect free and each bundle keeps only the events it uses.

/** `detail` of {@link InlayItemCompleteEvent}. */
export interface InlayItemCompleteDetail {
  flowId: string;
  itemId: string;
  /** The progress the store confirmed after the write. */
  progress: Progress;
}

/** An end user completed a checklist item, and the store confirmed it. */
export class InlayItemCompleteEvent extends CustomEvent<InlayItemCompleteDetail> {
  static get eventName(): 'inlay-item-complete' {
    return 'inlay-item-complete';
  }
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
  static get eventName(): 'inlay-flow-complete' {
    return 'inlay-flow-complete';
  }
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
  static get eventName(): 'inlay-dismiss' {
    return 'inlay-dismiss';
  }
  constructor(detail: InlayDismissDetail) {
    super(InlayDismissEvent.eventName, init(detail));
  }
}

/** `detail` of {@link InlayShowMeEvent}. */
export interface InlayShowMeDetail {
  flowId: string;
  itemId: string;
}

/**
 * The end user pressed "Show me" on a checklist item that points at an element: an
 * `<inlay-tour>` of the same flow on the page shows that step (docs/onboarding.md, "Tours and
 * hotspots"); a host can call another tour's `start()`.
 */
export class InlayShowMeEvent extends CustomEvent<InlayShowMeDetail> {
  static get eventName(): 'inlay-show-me' {
    return 'inlay-show-me';
  }
  constructor(detail: InlayShowMeDetail) {
    super(InlayShowMeEvent.eventName, init(detail));
  }
}

/** `detail` of {@link InlayPostCreateEvent}. */
export interface InlayPostCreateDetail {
  boardId: string;
  /** The post as the store saved it. */
  post: Post;
}

/** An end user created a post on a feedback board, and the store saved it. */
export class InlayPostCreateEvent extends CustomEvent<InlayPostCreateDetail> {
  static get eventName(): 'inlay-post-create' {
    return 'inlay-post-create';
  }
  constructor(detail: InlayPostCreateDetail) {
    super(InlayPostCreateEvent.eventName, init(detail));
  }
}

/** `detail` of {@link InlayVoteEvent}. */
export interface InlayVoteDetail {
  boardId: string;
  postId: string;
  /** Whether the end user's vote is now on the post. */
  voted: boolean;
  /** The post's count after the change; null when the board hides counts. */
  voteCount: number | null;
}

/** An end user added or removed a vote on a feedback board, and the store confirmed it. */
export class InlayVoteEvent extends CustomEvent<InlayVoteDetail> {
  static get eventName(): 'inlay-vote' {
    return 'inlay-vote';
  }
  constructor(detail: InlayVoteDetail) {
    super(InlayVoteEvent.eventName, init(detail));
  }
}

/** `detail` of {@link InlayPostOpenEvent} and {@link InlayPostCloseEvent}. */
export interface InlayPostNavigationDetail {
  boardId: string;
  /** The post opened, or the one the user went back from. */
  postId: string;
}

/**
 * The end user opened a post of a feedback board (its post page, inside the board). Not sent when
 * the page sets `post-id` itself: a router that mirrors the post in the URL listens to this event
 * and to {@link InlayPostCloseEvent}, and sets `post-id` from the URL (docs/widgets.md).
 */
export class InlayPostOpenEvent extends CustomEvent<InlayPostNavigationDetail> {
  static get eventName(): 'inlay-post-open' {
    return 'inlay-post-open';
  }
  constructor(detail: InlayPostNavigationDetail) {
    super(InlayPostOpenEvent.eventName, init(detail));
  }
}

/** The end user went back from a post page to the board's list (or roadmap). Not sent when the page clears `post-id` itself. */
export class InlayPostCloseEvent extends CustomEvent<InlayPostNavigationDetail> {
  static get eventName(): 'inlay-post-close' {
    return 'inlay-post-close';
  }
  constructor(detail: InlayPostNavigationDetail) {
    super(InlayPostCloseEvent.eventName, init(detail));
  }
}

/**
 * A feedback board's write that failed: a vote (rolled back), a new post (kept in the form), or a
 * comment written, edited or deleted on a post page (the text is kept in its form).
 */
export type BoardOperation =
  | { type: 'vote'; postId: string; voted: boolean }
  | { type: 'create'; title: string; body: string }
  | { type: 'comment'; postId: string; parentId: string | null; body: string }
  | { type: 'comment-edit'; commentId: string; body: string }
  | { type: 'comment-delete'; commentId: string };

/** `detail` of {@link InlayImportCompleteEvent}. */
/** A row as the importer delivers it: field key to value, and `extra` (header to text) when unmapped columns are kept. */
export type ImportedRow = Record<string, ImportValue | Record<string, string>>;

export interface InlayImportCompleteDetail {
  importerId: string;
  /** The completed session (`sess_…`), which records the mapping and counts, never rows. */
  sessionId: string;
  /** Field key → the header of the file's column that filled it. */
  mapping: Record<string, string>;
  /**
   * The imported rows, as objects keyed by field key with validated values: strings (dates as
   * ISO), numbers, booleans, or `null` for empty cells — and for cells still invalid when the
   * user chose to import rows with problems. With the importer's `unmappedColumns: "keep"`, each
   * row also has `extra`: the cells of the file columns no field is mapped to, header to text
   * (docs/importer.md, "Columns nobody mapped").
   */
  rows: ImportedRow[];
  rowCount: number;
  /** Rows of `rows` that still have at least one problem (0 when rows with problems were left out). */
  errorCount: number;
}

/**
 * The user finished an import: the rows are in `detail.rows` (they never went to Inlay) and the
 * session is completed.
 *
 * To confirm that your page saved them, pass a promise to {@link waitUntil} (or, from a listener
 * added on the `<inlay-importer>` itself, return it): the importer shows "Saving…" until it
 * settles, then its success screen — or, when it rejects, the rejection's message with the
 * user's rows and fixes kept, so they can try again (docs/widgets.md).
 */
export class InlayImportCompleteEvent extends CustomEvent<InlayImportCompleteDetail> {
  static get eventName(): 'inlay-import-complete' {
    return 'inlay-import-complete';
  }
  readonly #waiting: PromiseLike<unknown>[] = [];
  #open = true;

  constructor(detail: InlayImportCompleteDetail) {
    super(InlayImportCompleteEvent.eventName, init(detail));
  }

  /**
   * Keeps the importer on "Saving…" until `promise` settles; a rejection is shown to the user
   * (an `Error`'s message, as text) and their work is kept. Call it while the event is being
   * dispatched, that is synchronously in your listener.
   */
  waitUntil(promise: PromiseLike<unknown>): void {
    if (!this.#open) throw new Error('waitUntil() must be called while inlay-import-complete is dispatched, synchronously in the listener.');
    this.#waiting.push(promise);
  }

  /**
   * After dispatch: settles when every promise given to {@link waitUntil} resolved, or rejects
   * with the first rejection. Closes the event to further `waitUntil` calls.
   * @internal
   */
  confirmation(): Promise<void> {
    this.#open = false;
    return Promise.all(this.#waiting).then(() => undefined);
  }
}

/** A listener for `inlay-import-complete` that may answer a promise (see {@link InlayImportCompleteEvent.waitUntil}). */
export type InlayImportCompleteListener = (event: InlayImportCompleteEvent) => unknown;

/** `detail` of {@link InlayImportCancelEvent}. */
export interface InlayImportCancelDetail {
  importerId: string;
  /** The session the import had opened, or null when none was opened yet. */
  sessionId: string | null;
}

/** The user cancelled an import; the importer is back at its first step. */
export class InlayImportCancelEvent extends CustomEvent<InlayImportCancelDetail> {
  static get eventName(): 'inlay-import-cancel' {
    return 'inlay-import-cancel';
  }
  constructor(detail: InlayImportCancelDetail) {
    super(InlayImportCancelEvent.eventName, init(detail));
  }
}

/** An importer's step that failed: opening or completing its session, or reading the file. */
export type ImporterOperation = { type: 'open-session' | 'complete-session' | 'read' | 'upload-rows' | 'suggest-mapping' };

/** `detail` of {@link InlayErrorEvent}. */
export interface InlayErrorDetail {
  /**
   * What failed: usually an `InlayError` from `@inlay/client` (check it with `isInlayError`), or
   * whatever a host-supplied store rejected with, wrapped in an `Error` when it was not one.
   */
  error: Error;
  /**
   * The write that failed: a checklist's {@link ProgressOperation} (rolled back), a feedback
   * board's {@link BoardOperation}, or an importer's {@link ImporterOperation}. Absent when
   * loading failed.
   */
  operation?: ProgressOperation | BoardOperation | ImporterOperation;
}

/**
 * Loading or a write failed. The widget shows the failure itself (an error state, or a rollback
 * of the optimistic update); it never throws into the host page.
 */
export class InlayErrorEvent extends CustomEvent<InlayErrorDetail> {
  static get eventName(): 'inlay-error' {
    return 'inlay-error';
  }
  constructor(detail: InlayErrorDetail) {
    super(InlayErrorEvent.eventName, init(detail));
  }
}

/**
 * A failure as every component reports it (docs/widgets.md): `inlay-error` with an `Error`,
 * whatever was thrown (a BYO store may reject with anything). Answers both. @internal
 */
export function errorEvent(error: unknown, operation?: InlayErrorDetail['operation']): [Error, InlayErrorEvent] {
  const wrapped = toError(error);
  return [wrapped, new InlayErrorEvent(operation === undefined ? { error: wrapped } : { error: wrapped, operation })];
}

/** @internal */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  const message = typeof value === 'string' ? value : 'Unexpected failure';
  return new Error(message, { cause: value });
}

declare global {
  interface GlobalEventHandlersEventMap {
    'inlay-item-complete': InlayItemCompleteEvent;
    'inlay-flow-complete': InlayFlowCompleteEvent;
    'inlay-dismiss': InlayDismissEvent;
    'inlay-show-me': InlayShowMeEvent;
    'inlay-post-create': InlayPostCreateEvent;
    'inlay-vote': InlayVoteEvent;
    'inlay-post-open': InlayPostOpenEvent;
    'inlay-post-close': InlayPostCloseEvent;
    'inlay-import-complete': InlayImportCompleteEvent;
    'inlay-import-cancel': InlayImportCancelEvent;
    'inlay-error': InlayErrorEvent;
  }
}
