import type { KeyMode } from '@inlay/core';
import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../errors.js';

/**
 * Feedback post search, as storage offers it (docs/feedback.md, Search): each backend builds the
 * statements of a search from its own indexes (FTS5 on SQLite, trigram and word indexes on
 * PostgreSQL) and runs them off the event loop, within the same row and time budgets and with
 * the same ranking (search-rank.ts), so both answer the same.
 */

/** Bounds of the searches of one storage (docs/security.md, Search). */
export interface PostSearchLimits {
  /** Searches running at once: worker threads on SQLite, connections on PostgreSQL. */
  workers: number;
  /** A search running longer is abandoned with `search_too_expensive`. */
  timeoutMs: number;
}

/**
 * A storage's one post search: opened by the first call, the same object for later calls with the
 * same limits. Other limits would be silently ignored by that object, so they are refused.
 */
export class OneSearch {
  #opened: { search: PostSearch; limits: PostSearchLimits } | undefined;

  get(limits: PostSearchLimits, open: (limits: PostSearchLimits) => PostSearch): PostSearch {
    const opened = this.#opened;
    if (opened === undefined) {
      this.#opened = { search: open(limits), limits: { ...limits } };
      return this.#opened.search;
    }
    if (opened.limits.workers !== limits.workers || opened.limits.timeoutMs !== limits.timeoutMs) {
      throw new Error(`post search is already open with ${JSON.stringify(opened.limits)}, not ${JSON.stringify(limits)}`);
    }
    return opened.search;
  }

  close(): Promise<void> {
    return this.#opened?.search.close() ?? Promise.resolve();
  }
}

/** Limits of one search (docs/security.md, Search). */
export interface SearchBudget {
  /** Index rows a search may read (matches of its terms on any board, newest first). */
  maxRows: number;
  /** How many of the board's newest matches a relevance search ranks. */
  candidates: number;
}

/** One search of one board. */
export interface PostSearchQuery {
  scope: { workspaceId: string; mode: KeyMode; boardId: string };
  /** Only posts of these statuses, of this category (docs/feedback.md, List and search posts). */
  filter?: { statuses?: readonly string[] | undefined; categoryId?: string | undefined } | undefined;
  /** Folded, deduplicated terms (services/feedback/search-terms.ts): `indexed` of three characters or more, `short` of one or two. */
  terms: { indexed: readonly string[]; short: readonly string[] };
  /** `relevance`: the best `cap` of the ranked candidates; `new`: a page, newest first, after `afterId`. */
  order: { by: 'relevance'; cap: number } | { by: 'new'; afterId?: string | undefined; limit: number };
  /** `all` terms must match, or `any` one. */
  match: 'all' | 'any';
  budget: SearchBudget;
}

/**
 * The filter of a search as conditions to append to its board's (` AND …`, nothing without
 * one), on the columns of the table aliased `table` (or unqualified).
 */
export function filterConditions(filter: PostSearchQuery['filter'], table?: string): RawBuilder<unknown> {
  const column = (name: string) => (table === undefined ? sql.ref(name) : sql.ref(`${table}.${name}`));
  const parts: RawBuilder<unknown>[] = [];
  if (filter?.statuses !== undefined) parts.push(sql` AND ${column('status')} IN (${sql.join(filter.statuses.map((status) => sql`${status}`))})`);
  if (filter?.categoryId !== undefined) parts.push(sql` AND ${column('category_id')} = ${filter.categoryId}`);
  return sql.join(parts, sql``);
}

/** The post search of one storage ({@link Storage.postSearch} in storage.ts). */
export interface PostSearch {
  /** What runs the backend's statements (tests look at and hold its jobs). */
  readonly reader: SearchReader;
  /**
   * The ids of the posts found: ranked, or a page of the newest. Rejects with
   * `search_too_expensive` past a budget. `through` runs the statements instead of `reader`
   * (tests steer and watch them).
   */
  find(query: PostSearchQuery, through?: SearchReader): Promise<string[]>;
  close(): Promise<void>;
}

/** A post search from a backend's reader and its statements: `job` answers undefined when nothing can match. */
export function postSearchFrom(reader: SearchReader, job: (query: PostSearchQuery) => SearchJob | undefined): PostSearch {
  return {
    reader,
    find: (query, through = reader) => {
      const built = job(query);
      return built === undefined ? Promise.resolve([]) : through.run(built);
    },
    close: () => reader.close(),
  };
}

/** A statement as compiled SQL and its positional parameters. */
export interface SearchStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** What one search reads: the statements a backend builds for it (sqlite/post-search.ts, postgres/post-search.ts). */
export interface SearchJob {
  /** When it returns no row, the search is empty: one of its terms matches no post at all. */
  precheck?: SearchStatement | undefined;
  /** The candidates, newest first: rows with `id` (and `title`, `body`, `vote_count` when ranked). */
  candidates: SearchStatement;
  /**
   * Fewer candidates than this is an answer only if the index ran out of matches; if the row
   * budget ran out instead, the search is too expensive.
   */
  needed: number;
  /** Counts the index rows the candidates could read, up to `maxRows` (`n`). */
  budget: SearchStatement;
  maxRows: number;
  /**
   * PostgreSQL only (postgres/post-search.ts): `probe` counts the matches among the newest posts and
   * `choose` gives from its row the statement that reads the candidates (`candidates`, the index
   * read, or another way).
   */
  choice?: { probe: SearchStatement; choose: (row: Record<string, unknown> | undefined) => SearchStatement } | undefined;
  /** Rank the candidates by relevance and keep `cap` (search-rank.ts); else ids in candidate order. */
  rank?: { terms: Array<{ text: string; prefix: boolean }>; cap: number } | undefined;
}

export type Outcome = { ids: string[] } | { exhausted: true };

export interface SearchReader {
  /** The ids a search finds; rejects with `search_too_expensive` past the row or time budget. */
  run(job: SearchJob): Promise<string[]>;
  close(): Promise<void>;
  /** The threads or connections the searches run on, where there are any (tests hold them). */
  readonly pool?: { readonly running: number; hold(): (() => void) | Promise<() => void> };
}

export function tooExpensive(why: string): ApiError {
  return new ApiError('search_too_expensive', `This search ${why}; search with fewer, more specific terms.`, { param: 'q' });
}

/** Shares one run among identical searches in flight (a popular list expiring under load). */
export function deduplicated(run: (job: SearchJob) => Promise<Outcome>): (job: SearchJob) => Promise<string[]> {
  const inFlight = new Map<string, Promise<string[]>>();
  return (job) => {
    const key = JSON.stringify(job);
    let promise = inFlight.get(key);
    if (promise === undefined) {
      promise = run(job)
        .then((outcome) => {
          if ('exhausted' in outcome) throw tooExpensive('matches more posts than one search may read');
          return outcome.ids;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
    }
    return promise;
  };
}

