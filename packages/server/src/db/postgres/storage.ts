import { Kysely, PostgresDialect, sql, type Compilable } from 'kysely';
import type pg from 'pg';
import { CHANGE_CHANNEL, ChangeBus } from '../changes.js';
import { OneSearch, type PostSearch, type PostSearchLimits } from '../post-search.js';
import type { RateCountStore } from '../rate-count-store.js';
import type { Database } from '../schema.js';
import { compileQuery, Statement, type Param, type Tx } from '../statements.js';
import { Memos, type DialectSql, type RowOf, type Storage, type WatchOptions } from '../storage.js';
import { listenForChanges } from './changes.js';
import { postgresPostSearch } from './post-search.js';
import { PostgresRateCounts } from './rate-counts.js';
import { PipelineBatcher } from './batch.js';
import { postgresReader, postgresTransaction, preparedStatement, waiting } from './transaction.js';

const NOTIFY = preparedStatement('SELECT pg_notify($1, $2)');

const DIALECT_SQL: DialectSql = {
  // One primary-key lookup per (post, key) pair. The two `IN` lists of SQLite's form are planned
  // here as a seek by post alone that filters every vote of the page's posts by key (9,300 votes,
  // 2-3 ms, for the first page of `top` on the benchmark's board of 100,000 posts), and a join on
  // the pairs is hashed against the whole table. A lateral subquery with a LIMIT cannot be
  // flattened into a join, so each pair stays one lookup of (post_id, author_key).
  votedPosts: (db, authorKeys, postIds) => {
    const list = (values: unknown) => sql<{ value: string }>`jsonb_array_elements_text(${values}::jsonb)`;
    return db
      .selectFrom(list(postIds).as('p'))
      .innerJoin(list(authorKeys).as('k'), (join) => join.onTrue())
      .innerJoinLateral(
        (eb) => eb.selectFrom('votes').select('votes.post_id').whereRef('votes.post_id', '=', 'p.value').whereRef('votes.author_key', '=', 'k.value').limit(sql.lit(1)).as('v'),
        (join) => join.onTrue(),
      )
      .select('v.post_id');
  },
  // A lateral lookup per key: as `author_key IN (…)` with a LIMIT, a table without statistics yet
  // (a fresh board's first minutes) was planned as a sequential scan of every vote (78 ms at
  // 475,000 votes, against 0.06 ms through `votes_author`).
  authorVotes: (db, authorKeys, limit) =>
    db
      .selectFrom(sql<{ value: string }>`jsonb_array_elements_text(${authorKeys}::jsonb)`.as('k'))
      .innerJoinLateral(
        (eb) => eb.selectFrom('votes').select('votes.post_id').whereRef('votes.author_key', '=', 'k.value').limit(sql<number>`${limit}::int`).as('v'),
        (join) => join.onTrue(),
      )
      .select('v.post_id')
      .limit(sql<number>`${limit}::int`),
};

/**
 * Storage on one PostgreSQL database that any number of server processes share (docs/storage.md).
 * Transactions run on one pooled connection each, driven with node-postgres directly
 * (transaction.ts); changes reach the other processes by `NOTIFY` (changes.ts); searches run on
 * connections of their own (post-search.ts); rate limits are counted in a table (rate-counts.ts).
 */
export class PostgresStorage implements Storage {
  readonly dialect = 'postgres' as const;
  readonly sharedByProcesses = true;
  readonly location: string;
  readonly file = undefined;
  readonly db: Kysely<Database>;
  readonly changes: ChangeBus;
  readonly sql = DIALECT_SQL;
  /** The pool behind `db`: transactions and compiled statements run on it directly. */
  readonly pool: pg.Pool;
  readonly #reader: Tx;
  /** The one-message transactions and reads of a turn, sent together (batch.ts). */
  readonly #batcher: PipelineBatcher;
  readonly #memos = new Memos();
  readonly #search = new OneSearch();
  #counters: RateCountStore | undefined;

  constructor(url: string, pool: pg.Pool) {
    this.location = url;
    this.pool = pool;
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    this.#batcher = new PipelineBatcher(pool);
    // A turn's announcements go after the changes they announce committed, with the next turn's
    // one-message transactions (batch.ts): a vote's turn announces its post.
    this.changes = new ChangeBus((payload) => this.#batcher.run([waiting(NOTIFY, [CHANGE_CHANNEL, payload], false)]));
    this.#reader = postgresReader(pool, this.#batcher, this.db);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return postgresTransaction(this.pool, this.#batcher, work);
  }

  read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return work(this.#reader);
  }

  compile<P extends string, Q extends Compilable<unknown>>(build: (param: Param<P>) => Q): Statement<P, RowOf<Q>> {
    return new Statement(compileQuery(build as (param: Param<string>) => Q), undefined);
  }

  memo<S>(build: (storage: Storage) => S): S {
    return this.#memos.get(this, build);
  }

  /** Other instances' changes arrive on the change bus: nothing to read. */
  othersVersion(): Promise<number> {
    return Promise.resolve(0);
  }

  /** Listens for the other instances' announcements on a connection of its own (changes.ts). */
  watchOtherProcesses(options: WatchOptions): { stop(): Promise<void> } {
    return listenForChanges(this.location, this.changes, { pollMs: options.pollMs, ...(options.onError ? { onError: options.onError } : {}) });
  }

  postSearch(limits: PostSearchLimits): PostSearch {
    return this.#search.get(limits, (opened) => postgresPostSearch(this, opened));
  }

  sharedCounters(): RateCountStore {
    this.#counters ??= new PostgresRateCounts(this.db);
    return this.#counters;
  }

  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.#search.close();
    await this.db.destroy();
  }
}
