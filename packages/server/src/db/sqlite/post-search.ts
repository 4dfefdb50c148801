import { sql } from 'kysely';
import { filterConditions, postSearchFrom, type PostSearch, type PostSearchLimits, type PostSearchQuery, type SearchJob } from '../post-search.js';
import type { Db } from '../storage.js';
import { inlineSearchReader, workerSearchReader } from './search-pool.js';
import type { SqliteStorage } from './storage.js';

const phrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * Full-text search over title and body of the board's posts, as a job for a search reader
 * (search-pool.ts), which runs it off the event loop. Terms of three
 * characters or more go through the trigram index `posts_fts` (anywhere in a word); shorter ones
 * through the word index `posts_words` (the start of a word; migration 0009). The index reads
 * matches newest first and stops at `budget.maxRows`: `new` takes the page straight from it;
 * `relevance` ranks the board's newest `budget.candidates` matches (../search-rank.ts) found within
 * the budget. A search that reaches the row budget with no match on the board (or, for `new`,
 * less than a page) answers `search_too_expensive`.
 * With `match=any`, short terms only count when no longer term exists. PostgreSQL has its own
 * indexes and statements for the same contract (postgres/post-search.ts).
 */
function sqliteSearchJob(db: Db, { scope, filter, terms, order, match, budget }: PostSearchQuery): SearchJob | undefined {
  const join = match === 'any' ? ' OR ' : ' AND ';
  const words = (list: readonly string[], glue: string) => list.map((term) => `${phrase(term)}*`).join(glue);
  const trigram = terms.indexed.length > 0;
  if (!trigram && terms.short.length === 0) return undefined;
  const table = sql.table(trigram ? 'posts_fts' : 'posts_words');
  const expression = trigram ? terms.indexed.map(phrase).join(join) : words(terms.short, join);
  // Short terms beside longer ones (match=all): a post must also hold a word they begin.
  const narrow = trigram && match === 'all' && terms.short.length > 0 ? words(terms.short, ' AND ') : undefined;
  const after = order.by === 'new' && order.afterId !== undefined ? sql`AND rowid < (SELECT rowid FROM posts WHERE id = ${order.afterId})` : sql``;
  // Newest first by rowid, which follows the time-ordered id; the inner LIMIT is the row budget.
  const matches = sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${expression} ${after} ORDER BY rowid DESC LIMIT ${budget.maxRows}`;
  const want = order.by === 'new' ? order.limit : budget.candidates;
  const columns = order.by === 'new' ? sql`p.id` : sql`p.id, p.title, p.body, p.vote_count`;
  // CROSS JOIN keeps the index outermost, so rows come newest first and reading stops at `want`.
  const candidates = sql`SELECT ${columns} FROM (${matches}) m CROSS JOIN posts p ON p.rowid = m.rowid
    WHERE p.board_id = ${scope.boardId} AND p.mode = ${scope.mode}${filterConditions(filter, 'p')}
    ${narrow === undefined ? sql`` : sql`AND p.rowid IN (SELECT rowid FROM posts_words WHERE posts_words MATCH ${narrow})`}
    LIMIT ${want}`;
  const job: SearchJob = {
    precheck: narrow === undefined ? undefined : sql`SELECT 1 FROM posts_words WHERE posts_words MATCH ${narrow} LIMIT 1`.compile(db),
    candidates: candidates.compile(db),
    // A page of `new` must be whole; a ranking of fewer candidates (the newest matches within
    // the row budget) is still an answer, unless it holds none.
    needed: order.by === 'new' ? want : 1,
    budget: sql`SELECT count(*) AS n FROM (${matches})`.compile(db),
    maxRows: budget.maxRows,
    rank:
      order.by === 'new'
        ? undefined
        : {
            terms: [
              ...terms.indexed.map((text) => ({ text, prefix: false })),
              ...(narrow !== undefined || !trigram ? terms.short.map((text) => ({ text, prefix: true })) : []),
            ],
            cap: order.cap,
          },
  };
  return job;
}

/**
 * Post search on SQLite: on worker threads with read-only connections of their own over a
 * database file, so no search holds the event loop (docs/security.md, Search); inline on
 * `:memory:`, which no other connection can open (tests and trials).
 */
export function sqlitePostSearch(storage: SqliteStorage, limits: PostSearchLimits): PostSearch {
  const reader = storage.location === ':memory:' ? inlineSearchReader(storage.db) : workerSearchReader(storage.location, limits);
  return postSearchFrom(reader, (query) => sqliteSearchJob(storage.db, query));
}
