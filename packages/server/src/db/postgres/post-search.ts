import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import {
  deduplicated,
  filterConditions,
  postSearchFrom,
  tooExpensive,
  type Outcome,
  type PostSearch,
  type PostSearchLimits,
  type PostSearchQuery,
  type SearchJob,
  type SearchReader,
  type SearchStatement,
} from '../post-search.js';
import { rankCandidates } from '../search-rank.js';
import type { Db } from '../storage.js';
import type { PostgresStorage } from './storage.js';
import { types } from './types.js';

/**
 * Post search on PostgreSQL (docs/decisions.md, "Search on PostgreSQL"): the same results as
 * SQLite's FTS5 path (sqlite/post-search.ts), from `post_search` (migrations 0016 and 0030: what a
 * search reads of each post but its votes, with the GIN indexes, kept by a trigger on `posts`
 * so that a vote's update of `posts` writes no search index entry). Terms of three
 * characters or more match anywhere in the folded title and body (`LIKE '%term%'`, served by the
 * trigram index); shorter ones match the start of a word (`'ui':*`, served by the word index).
 * The row budget counts matches on any board, newest first, as on SQLite; the time budget is the
 * statement timeout of the search connections.
 */

/** The folded title and body, and its words: stored columns of `post_search` with their GIN indexes. */
const FOLDED = sql`search_text`;
const WORDS = sql`search_words`;

/** Posts tested newest first to decide how a search reads its matches (see `postgresSearchJob`). */
const PROBE_WINDOW = 1_000;
/**
 * A relevance walk of at least this many posts, for a term of at most RANGE_HITS matches in the
 * probe's window, reads the newest matches through the indexes in a range of ids instead (see
 * `postgresSearchJob`). More matches than that, and PostgreSQL's planner scans the range of ids
 * one post at a time instead of intersecting it with the match's index, which costs more than
 * the walk (measured, docs/decisions.md).
 */
const RANGE_FROM = 8_000;
const RANGE_HITS = 60;
/** How many times the posts the probe's share asks for the range of ids spans. */
const RANGE_MARGIN = 1.2;
/** What reading one match through a GIN index costs against testing one post on the walk (measured, docs/decisions.md). */
const BITMAP_COST = 10;

/** The time an id was made at (db/ids.ts: the prefix, then 9 base36 digits of milliseconds). */
function timeOf(id: unknown): number | undefined {
  if (typeof id !== 'string') return undefined;
  const time = Number.parseInt(id.slice(id.indexOf('_') + 1, id.indexOf('_') + 10), 36);
  return Number.isFinite(time) ? time : undefined;
}

/** A `LIKE` pattern for a substring, its wildcards taken literally. */
const substring = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A prefix query on one word. A short term has one or two characters, one a letter or digit
 * (search-terms.ts); what else it holds splits words in the index, as FTS5's tokenizer drops it.
 */
const prefix = (term: string) => `'${term.replace(/[^\p{L}\p{N}]/gu, '')}':*`;

/** The job of one search (the contract of db/post-search.ts, as sqlite/post-search.ts keeps it). */
function postgresSearchJob(db: Db, { scope, filter, terms, order, match, budget }: PostSearchQuery): SearchJob | undefined {
  const trigram = terms.indexed.length > 0;
  if (!trigram && terms.short.length === 0) return undefined;
  const glue = match === 'any' ? ' | ' : ' & ';
  const words = (list: readonly string[], join: string) => sql`${WORDS} @@ inlay_fold(${list.map(prefix).join(join)})::tsquery`;
  const conditions: RawBuilder<unknown>[] = trigram
    ? [sql`(${sql.join(terms.indexed.map((term) => sql`${FOLDED} LIKE inlay_fold(${substring(term)})`), sql.raw(match === 'any' ? ' OR ' : ' AND '))})`]
    : [words(terms.short, glue)];
  // Short terms beside longer ones (match=all): a post must also hold a word they begin. Inside
  // the match, so PostgreSQL intersects the two indexes before it reads a post.
  const narrow = trigram && match === 'all' && terms.short.length > 0;
  if (narrow) conditions.push(words(terms.short, ' & '));
  const matching = sql.join(conditions, sql` AND `);
  const after = order.by === 'new' && order.afterId !== undefined ? sql` AND id < ${order.afterId}` : sql``;
  const where = sql`${matching}${after}`;
  const want = order.by === 'new' ? order.limit : budget.candidates;
  // The plan is chosen here, not by PostgreSQL's estimate of the matches (docs/decisions.md,
  // "Search on PostgreSQL"): the newest PROBE_WINDOW posts are tested first, in a statement of
  // their own, and their share of matches decides between walking the primary key newest first
  // (cost: want / share posts) and reading every match through the GIN indexes before sorting
  // (cost: share × posts). Each statement can only be run one way: the walk tests an expression
  // no index serves, in primary-key order; the index read orders by a collation the primary key
  // does not have. Two statements rather than one with both branches: each is planned alone (the
  // two-branch statement took 0.8 ms to plan) and neither sorts the other's rows again. A long
  // walk for relevance reads a range of the newest ids through the indexes instead (`ranged`).
  const probe = sql`SELECT count(*) FILTER (WHERE ${matching})::float8 AS n, min(id COLLATE "C") AS oldest, max(id COLLATE "C") AS latest,
    (SELECT greatest(reltuples, ${PROBE_WINDOW})::float8 FROM pg_class WHERE oid = 'post_search'::regclass) AS total
    FROM (SELECT id, search_text, search_words FROM post_search WHERE true${after} ORDER BY id DESC LIMIT ${PROBE_WINDOW}) w`;
  // Walk when share² × posts × BITMAP_COST > want, i.e. hits² × posts × BITMAP_COST > want × window².
  const walk = (row: Record<string, unknown> | undefined) => {
    const hits = Number(row?.n ?? 0);
    return hits * hits * Number(row?.total ?? PROBE_WINDOW) * BITMAP_COST > want * PROBE_WINDOW * PROBE_WINDOW;
  };
  // Newest first by the time-ordered id; the inner LIMIT is the row budget, the outer one the
  // candidates of the board. The post's columns are read with the match, as no join after it
  // could be planned without an estimate of its rows. The index read sorts its matches by
  // `COLLATE "C"` (ids are ASCII, so the order is the same): under a UTF-8 locale the default
  // collation's comparisons cost more than reading the matches (docs/decisions.md).
  const ranked = order.by === 'new' ? [] : [...terms.indexed.map((text) => ({ text, prefix: false })), ...(narrow || !trigram ? terms.short.map((text) => ({ text, prefix: true })) : [])];
  const columns = order.by === 'new' ? sql`id, board_id, mode, status, category_id` : sql`id, board_id, mode, status, category_id, title, body`;
  const board = sql`board_id = ${scope.boardId} AND mode = ${scope.mode}${filterConditions(filter)}`;
  // A post's votes are only in `posts`: read for the candidates the LIMIT keeps (PostgreSQL
  // evaluates a subquery of the output after the sort and the limit when there is one).
  const output = order.by === 'new' ? sql`id` : sql`id, title, body, (SELECT vote_count FROM posts p WHERE p.id = s.id) AS vote_count`;
  const select = (source: RawBuilder<unknown>, sort: RawBuilder<unknown>) => sql`SELECT ${output} FROM (${source}) s WHERE ${board} ${sort} LIMIT ${want}`;
  const walking = (bound: RawBuilder<unknown>) => sql`SELECT ${columns} FROM post_search WHERE coalesce(${matching}, false)${after}${bound} ORDER BY id DESC LIMIT ${budget.maxRows}`;
  const walked = select(walking(sql``), sql`ORDER BY id DESC`);
  const newest = sql`id COLLATE "C" DESC`;
  const read = select(sql`SELECT ${columns} FROM post_search WHERE ${where} ORDER BY ${newest} LIMIT ${budget.maxRows}`, sql`ORDER BY ${newest}`);
  // A walk of many posts (a term of a few percent of them) costs more than reading the matches
  // among the newest posts through the indexes: the match's bitmap intersected with the primary
  // key's range of ids from `bound` (where the probe's share says the board's candidates begin,
  // with a margin), newest first; then, only if the board's candidates are not yet complete, the
  // walk on below `bound`. Append runs its first part to the end before the second, so the outer
  // LIMIT keeps the row budget's meaning (the newest matches on any board). `bound` is an id
  // made of a time alone: where it falls changes the cost, never the answer.
  const ranged = (bound: string) =>
    select(
      sql`(SELECT ${columns} FROM post_search WHERE ${matching} AND id >= ${bound} ORDER BY ${newest} LIMIT ${budget.maxRows})
        UNION ALL (${walking(sql` AND id < ${bound}`)}) LIMIT ${budget.maxRows}`,
      sql``,
    );
  const choose = (row: Record<string, unknown> | undefined): SearchStatement => {
    if (!walk(row)) return read.compile(db);
    const hits = Number(row?.n ?? 0);
    const latest = typeof row?.latest === 'string' ? row.latest : '';
    const newestTime = timeOf(latest);
    const oldestTime = timeOf(row?.oldest);
    // The posts the walk would read; the probe's posts were made over `newestTime - oldestTime`.
    const posts = (want * PROBE_WINDOW) / Math.max(1, hits);
    if (order.by === 'new' || newestTime === undefined || oldestTime === undefined || posts < RANGE_FROM || hits > RANGE_HITS) return walked.compile(db);
    const from = Math.max(0, Math.floor(newestTime - ((newestTime - oldestTime) * posts * RANGE_MARGIN) / PROBE_WINDOW));
    return ranged(`${latest.slice(0, latest.indexOf('_') + 1)}${from.toString(36).padStart(9, '0')}`).compile(db);
  };
  return {
    candidates: read.compile(db),
    choice: { probe: probe.compile(db), choose },
    needed: order.by === 'new' ? want : 1,
    budget: sql`SELECT count(*) AS n FROM (SELECT 1 FROM post_search WHERE ${where} LIMIT ${budget.maxRows}) m`.compile(db),
    maxRows: budget.maxRows,
    rank: order.by === 'new' ? undefined : { terms: ranked, cap: order.cap },
  };
}

/** PostgreSQL's SQLSTATE for a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = '57014';

/**
 * How long a probe's answer is reused for the same terms (and cursor), and how many are kept.
 * The answer only chooses how the candidates are read (and where a ranged read starts), never
 * which posts they are (docs/decisions.md, "Search on PostgreSQL"); a board's share of matches
 * among its newest posts moves slowly. A list's first page is searched again every 2 s while it
 * is read (post-service.ts), and the probe was one round trip and 1.5-5 ms of each of those.
 */
const PROBE_REUSE_MS = 30_000;
const PROBE_ENTRIES = 1_000;

/**
 * Runs searches on connections of their own, `workers` of them per server process (a search
 * beyond them waits in line, as for SQLite's worker threads), opened with `statement_timeout`
 * set to `timeoutMs`: PostgreSQL cancels a statement past it itself, so nothing keeps running
 * after the search has been answered `search_too_expensive`, and the event loop only waits. A
 * session setting rather than `SET LOCAL` in a transaction: one round trip a statement, not four.
 */
export class PostgresSearches {
  readonly #db: Db;
  readonly #pool: pg.Pool;
  #running = 0;
  /** Recent probe answers by statement and parameters (see PROBE_REUSE_MS). */
  readonly #probes = new Map<string, { row: Record<string, unknown> | undefined; expires: number }>();

  constructor(db: Db, url: string, options: PostSearchLimits) {
    this.#db = db;
    // No parallel workers and no JIT for these statements: each reads at most a few thousand posts,
    // and a worker or a compilation costs more than that on a busy machine (docs/decisions.md).
    // Added to PGOPTIONS, which an explicit `options` would otherwise replace; `options` in the
    // URL still replaces both, as for the server's other connections.
    this.#pool = new pg.Pool({
      connectionString: url,
      max: Math.max(1, options.workers),
      statement_timeout: options.timeoutMs,
      options: [process.env.PGOPTIONS, '-c max_parallel_workers_per_gather=0 -c jit=off'].filter(Boolean).join(' '),
      types,
    });
    // An idle connection that loses its server must not crash the process; the next search reconnects.
    this.#pool.on('error', () => undefined);
  }

  /** Searches running now (not waiting in line). */
  get running(): number {
    return this.#running;
  }

  async run(job: SearchJob): Promise<Outcome> {
    const client = await this.#pool.connect();
    this.#running += 1;
    let candidates: Array<{ id: string; title: string; body: string; vote_count: number }>;
    try {
      const all = async (statement: SearchStatement) => (await client.query(statement.sql, [...statement.parameters])).rows as Array<Record<string, unknown>>;
      if (job.precheck && (await all(job.precheck)).length === 0) return { ids: [] };
      const rows = await all(job.choice ? job.choice.choose(await this.#probe(job.choice.probe, all)) : job.candidates);
      if (rows.length < job.needed && Number((await all(job.budget))[0]?.n) >= job.maxRows) return { exhausted: true };
      candidates = rows as unknown as typeof candidates;
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === QUERY_CANCELED) throw tooExpensive('took longer than a search may');
      throw error;
    } finally {
      this.#running -= 1;
      client.release();
    }
    // Ranked after the connection went back: a search waiting in line runs its statements meanwhile.
    return { ids: job.rank ? rankCandidates(candidates, job.rank.terms, job.rank.cap) : candidates.map((row) => row.id) };
  }

  /** The probe's row: from a recent run of the same probe, or run now (see PROBE_REUSE_MS). */
  async #probe(probe: SearchStatement, all: (statement: SearchStatement) => Promise<Array<Record<string, unknown>>>): Promise<Record<string, unknown> | undefined> {
    const key = JSON.stringify([probe.sql, probe.parameters]);
    const now = Date.now();
    const known = this.#probes.get(key);
    if (known !== undefined && known.expires > now) return known.row;
    const row = (await all(probe))[0];
    // Entries are kept in the order they expire: the oldest go first.
    this.#probes.delete(key);
    for (const [stale, entry] of this.#probes) {
      if (entry.expires > now && this.#probes.size < PROBE_ENTRIES) break;
      this.#probes.delete(stale);
    }
    this.#probes.set(key, { row, expires: now + PROBE_REUSE_MS });
    return row;
  }

  close(): Promise<void> {
    return this.#pool.end();
  }

  /**
   * Keeps every search from reading posts until the returned function is called: a transaction
   * on a connection of its own holds a lock on `post_search` that a search's read waits for, inside
   * PostgreSQL, as a slow statement would. Lets a test hold a search deterministically.
   */
  async hold(): Promise<() => void> {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const done = this.#db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE post_search IN ACCESS EXCLUSIVE MODE`.execute(trx);
      locked();
      await released;
    });
    await Promise.race([holding, done]);
    return () => {
      release();
      void done;
    };
  }
}

/** Post search on PostgreSQL: on connections of its own, bounded by rows and by time. */
export function postgresPostSearch(storage: PostgresStorage, limits: PostSearchLimits): PostSearch {
  const pool = new PostgresSearches(storage.db, storage.location, limits);
  const reader: SearchReader = { pool, run: deduplicated((job) => pool.run(job)), close: () => pool.close() };
  return postSearchFrom(reader, (query) => postgresSearchJob(storage.db, query));
}
