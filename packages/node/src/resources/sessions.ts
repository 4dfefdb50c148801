import { SESSION_ROWS_PAGE_MAX, type RowsAcknowledgement, type SessionRow, type SessionRowsPage } from '@inlay/core';
import { ListPromise } from '../list.js';
import type { PostOptions, RequestOptions } from '../options.js';
import type { Transport } from '../transport.js';
import { idSegment } from './path.js';

/** `rows()`'s query: page size (1–5,000) and where to start. */
export interface SessionRowsParams {
  /** Rows per page, 1–5,000; default 5,000 here, the most the server sends (it may send fewer). */
  limit?: number;
  /** The `nextCursor` of an earlier page: start there. */
  cursor?: string;
}

/**
 * `inlay.importer.sessions`: the rows a completed import session uploaded for
 * `delivery: "server"` (docs/importer.md#server-delivery), read with the secret key.
 */
export class ImportSessionsResource {
  readonly #transport: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * The session's rows in the file's order: await it for one page (`{items, nextCursor}`, and
   * `firstRow`, the place of `items[0]` among all rows), or iterate it with `for await` for every row of every page, fetching pages as
   * they are needed (one page in memory at a time). Rows are objects keyed by field key; check
   * them with `validateRows` before use.
   *
   * @example
   * ```ts
   * for await (const row of inlay.importer.sessions.rows(event.data.sessionId)) await db.contacts.insert(row);
   * await inlay.importer.sessions.acknowledge(event.data.sessionId);
   * ```
   */
  rows(sessionId: string, params: SessionRowsParams = {}, options?: RequestOptions): ListPromise<SessionRow, SessionRowsPage> {
    const path = `/api/v1/sessions/${idSegment(sessionId, 'sessionId')}/rows`;
    const limit = params.limit ?? SESSION_ROWS_PAGE_MAX;
    return new ListPromise<SessionRow, SessionRowsPage>(
      (cursor) => this.#transport.request<SessionRowsPage>({ method: 'GET', service: 'importer', path, query: { limit, cursor }, options }),
      params.cursor,
    );
  }

  /**
   * Tells Inlay the rows arrived: they are deleted now instead of 24 hours after the session
   * opened. Safe to repeat; a repeat answers the first acknowledgement.
   */
  acknowledge(sessionId: string, options?: PostOptions): Promise<RowsAcknowledgement> {
    return this.#transport.request({ method: 'POST', service: 'importer', path: `/api/v1/sessions/${idSegment(sessionId, 'sessionId')}/acknowledge`, options });
  }
}
