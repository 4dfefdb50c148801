import type { Compilable, InferResult, Kysely } from 'kysely';
import type { ChangeBus } from './changes.js';
import type { PostSearch, PostSearchLimits } from './post-search.js';
import type { RateCountStore } from './rate-count-store.js';
import type { Database } from './schema.js';
import type { Param, Statement, Tx } from './statements.js';

/** Kysely over Inlay's tables: the query builder, on a storage or on one transaction (`tx.db`). */
export type Db = Kysely<Database>;

/** The two storage backends (docs/self-hosting.md): SQLite for one process, PostgreSQL for many. */
export type Dialect = 'sqlite' | 'postgres';

/** The row type of a compiled query. */
export type RowOf<Q extends Compilable<unknown>> = InferResult<Q> extends (infer R)[] ? R : never;

/** How {@link Storage.watchOtherProcesses} reports and catches up. */
export interface WatchOptions {
  /**
   * SQLite: how often another process's commits are looked for. PostgreSQL: while the listening
   * connection is down, how often every cache is told that anything may have changed. 0: never.
   */
  pollMs: number;
  /** A lost or refused listening connection (PostgreSQL), for the server's log. */
  onError?: (error: unknown) => void;
}

/** Queries whose best shape differs between the backends' planners. */
export interface DialectSql {
  /**
   * The posts among `postIds` that any of `authorKeys` voted for (both JSON arrays of text, as
   * parameters), read through the votes primary key (post, author key) on each backend.
   */
  votedPosts(db: Db, authorKeys: unknown, postIds: unknown): Compilable<{ post_id: string }>;
  /**
   * At most `limit` posts that any of `authorKeys` (a JSON array of text, as a parameter) voted
   * for, read through the `votes_author` index (author key, post).
   */
  authorVotes(db: Db, authorKeys: unknown, limit: unknown): Compilable<{ post_id: string }>;
}

/**
 * Everything Inlay asks of its database (docs/storage.md). Services receive it; none asks which
 * database it is on. One implementation per backend: `db/sqlite/storage.ts` (one process, a file)
 * and `db/postgres/storage.ts` (any number of processes on one database).
 */
export interface Storage {
  /** Which backend: for `db/` and for messages to the operator, not for branching in services. */
  readonly dialect: Dialect;
  /**
   * Whether several server processes share this storage: then limits are counted in it and
   * unfinished work of another process may still be running (PostgreSQL). SQLite: one server.
   */
  readonly sharedByProcesses: boolean;
  /** Where the data is: the file (or `:memory:`), or the PostgreSQL URL. */
  readonly location: string;
  /** The database file, when the data is in one (SQLite on disk); undefined otherwise. */
  readonly file: string | undefined;
  /** The query builder, for queries outside a transaction (each statement on its own). */
  readonly db: Db;
  /** What this process changed that caches here and in other processes must drop (db/changes.ts). */
  readonly changes: ChangeBus;
  /** Backend-specific fragments of builder queries. */
  readonly sql: DialectSql;

  /**
   * Runs `work` in a write transaction and settles after its commit, so an answered write is a
   * stored write. A throw rolls back this work only, and rejects. Work awaits nothing but its
   * `Tx` (compiled statements and `tx.db`) and plain computation.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs reads that see one consistent state: on SQLite they hold the connection, so no other
   * transaction's uncommitted writes show; on PostgreSQL each statement reads committed data.
   */
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Compiles `build`'s query once for this backend. Every value in it must be a `param(name)`;
   * the same name may appear more than once.
   */
  compile<P extends string, Q extends Compilable<unknown>>(build: (param: Param<P>) => Q): Statement<P, RowOf<Q>>;
  /**
   * What `build` makes for this storage, made on first use and kept as long as the storage: a
   * module's compiled statements, a cache of its rows. `build` is the key, so it must be a
   * module-level function, not one made per call.
   */
  memo<S>(build: (storage: Storage) => S): S;
  /**
   * A number that changes when another process commits to this storage, read in `tx`; always 0
   * where other processes' changes arrive on the change bus instead (PostgreSQL).
   */
  othersVersion(tx: Tx): Promise<number>;
  /**
   * Tells this process's change bus (as `all` or as the change itself) what other processes
   * changed: the operator CLI on a SQLite file, other instances on PostgreSQL.
   */
  watchOtherProcesses(options: WatchOptions): { stop(): Promise<void> };
  /** The feedback post search of this backend (db/post-search.ts), opened on first call; later calls with other limits throw. */
  postSearch(limits: PostSearchLimits): PostSearch;
  /** Counters shared by every process of this storage (rate limits), where it is shared. */
  sharedCounters(): RateCountStore | undefined;
  /** Resolves when the database answers a statement now; rejects when it cannot be reached (`/readyz`). */
  ping(): Promise<void>;
  /** Closes the storage; changes announced before are sent first. */
  close(): Promise<void>;
}

/** The memos of one storage ({@link Storage.memo}). */
export class Memos {
  readonly #made = new Map<(storage: Storage) => unknown, unknown>();

  get<S>(storage: Storage, build: (storage: Storage) => S): S {
    if (this.#made.has(build)) return this.#made.get(build) as S;
    const made = build(storage);
    this.#made.set(build, made);
    return made;
  }
}

/**
 * A module's per-storage state, built on first use ({@link Storage.memo}): `const statements =
 * perStorage((storage) => ({ … }))` at module level, then `statements(storage)` where needed.
 */
export function perStorage<S>(build: (storage: Storage) => S): (storage: Storage) => S {
  return (storage) => storage.memo(build);
}
