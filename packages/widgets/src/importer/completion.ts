import type { ImportSession } from '@inlay/core';
import { isInlayError } from '@inlay/client';
import type { ImportedRow, InlayImportCompleteDetail, InlayImportCompleteEvent } from '../events.js';

/** The rows for the host page and their counts. @internal */
export interface Gathered {
  rows: ImportedRow[];
  rowCount: number;
  /** Rows (not cells) that still have a problem: the session's `errorCount`. */
  errorCount: number;
}

/** What completing an import needs from `<inlay-importer>`. @internal */
export interface CompletionSteps {
  /** Reads the rows out of the engine. */
  gather(): Promise<Gathered>;
  /** The session to complete (a new one when the last can no longer be completed). */
  session(): Promise<ImportSession>;
  completeSession(id: string, params: { mapping: Record<string, string>; rowCount: number; errorCount: number }): Promise<ImportSession>;
  mapping(): Record<string, string>;
  /**
   * Uploads the rows to the session before it completes (`delivery: "server"`,
   * server-delivery.ts); answers whether it did, so the page then gets no rows.
   */
  deliver?(sessionId: string, rows: ImportedRow[]): Promise<boolean>;
  /** Dispatches `inlay-import-complete` (the element adds its `importerId`) and answers the event. */
  dispatch(detail: Omit<InlayImportCompleteDetail, 'importerId'>): InlayImportCompleteEvent;
}

/** Where completing failed: reading the rows, completing the session, or the host page's save. @internal */
export class CompletionFailure extends Error {
  override readonly name = 'CompletionFailure';
  constructor(
    readonly stage: 'rows' | 'session' | 'host',
    readonly error: unknown,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The last step of an import (docs/importer.md, docs/widgets.md): the rows are read from the
 * engine, the session is completed with the mapping and counts, and the rows go to the host page
 * in `inlay-import-complete`, whose listener may hold the importer on "Saving…" with a promise.
 * Every stage may fail; nothing here touches the review state, so the user's fixes survive and
 * {@link run} is simply called again. A session completed by an earlier attempt is not completed
 * twice: a retry after the host page refused the rows only delivers them again.
 * @internal
 */
export class ImportCompletion {
  /** The session an earlier attempt completed, when the host page then refused the rows. */
  #completed: string | null = null;
  /** Whether that session's rows went to the server rather than to the page. */
  #toServer = false;

  /** A new import starts: nothing is completed yet. */
  reset(): void {
    this.#completed = null;
    this.#toServer = false;
  }

  async run(steps: CompletionSteps): Promise<{ sessionId: string; rowCount: number }> {
    let gathered: Gathered;
    try {
      gathered = await steps.gather();
    } catch (error) {
      throw new CompletionFailure('rows', error);
    }
    const { rows, rowCount, errorCount } = gathered;
    const mapping = steps.mapping();
    let sessionId = this.#completed;
    if (sessionId === null) {
      try {
        const session = await steps.session();
        this.#toServer = (await steps.deliver?.(session.id, rows)) ?? false;
        sessionId = await completeOnce(steps, session, { mapping, rowCount, errorCount });
      } catch (error) {
        throw new CompletionFailure('session', error);
      }
      this.#completed = sessionId;
    }
    const event = steps.dispatch({ sessionId, mapping, rows: this.#toServer ? [] : rows, rowCount, errorCount });
    try {
      await event.confirmation();
    } catch (error) {
      throw new CompletionFailure('host', error);
    }
    this.reset();
    return { sessionId, rowCount };
  }
}

/**
 * Completes `session`. When the server says it was already completed with these very counts, an
 * earlier attempt did so and only its answer was lost: that is success, not a second session.
 */
async function completeOnce(steps: CompletionSteps, session: ImportSession, params: { mapping: Record<string, string>; rowCount: number; errorCount: number }): Promise<string> {
  try {
    return (await steps.completeSession(session.id, params)).id;
  } catch (error) {
    const current = isInlayError(error) && error.code === 'session_completed' ? (error.current as Partial<ImportSession> | undefined) : undefined;
    if (current?.id === session.id && current.rowCount === params.rowCount && current.errorCount === params.errorCount) return session.id;
    throw error;
  }
}

/** Whether a completion error means the session can no longer be completed: a retry opens a new one. @internal */
export function sessionIsGone(error: unknown): boolean {
  return isInlayError(error) && (error.code === 'session_expired' || error.code === 'session_completed' || error.status === 404);
}

/** The message shown when completing failed: the host page's own (as text), or ours. @internal */
export function failureMessage(failure: CompletionFailure, text: { completeFailed(code: string | undefined): string; hostFailed: string }): string {
  if (failure.stage === 'host') {
    const message = failure.error instanceof Error ? failure.error.message.trim() : '';
    return message === '' ? text.hostFailed : message;
  }
  return text.completeFailed(isInlayError(failure.error) ? failure.error.code : undefined);
}
