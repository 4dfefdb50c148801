import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Compilable } from 'kysely';
import { ChangeBus } from '../changes.js';
import { OneSearch, type PostSearch, type PostSearchLimits } from '../post-search.js';
import type { Database } from '../schema.js';
import { compileQuery, Statement, WriteConflict, type Param, type Tx } from '../statements.js';
import { Memos, type DialectSql, type RowOf, type Storage, type WatchOptions } from '../storage.js';
import type { Checkpointer } from './checkpointer.js';
import { GroupCommit } from './group-commit.js';
import { sqlitePostSearch } from './post-search.js';

/** What Kysely's SQLite dialect is given: the handle with a statement cache (open.ts). */
export type KyselySqliteDatabase = ConstructorParameters<typeof SqliteDialect>[0]['database'];

const DIALECT_SQL: DialectSql = {
  // Both IN lists are seeks into the primary key here.
  votedPosts: (db, authorKeys, postIds) =>
    db
      .selectFrom('votes')
      .select('post_id')
      .where('author_key', 'in', sql<string>`(SELECT value FROM json_each(${authorKeys}))`)
      .where('post_id', 'in', sql<string>`(SELECT value FROM json_each(${postIds}))`),
  authorVotes: (db, authorKeys, limit) =>
    db
      .selectFrom('votes')
      .select('post_id')
      .where('author_key', 'in', sql<string>`(SELECT value FROM json_each(${authorKeys}))`)
      .limit(sql<number>`${limit}`),
};

/**
 * Storage on one SQLite file (or `:memory:`), for one server process (docs/storage.md). Writes
 * of one event-loop turn share a transaction (group-commit.ts); compiled statements run
 * synchronously on the one connection; searches run on worker threads with read-only
 * connections of their own (post-search.ts); the operator CLI's commits on the same file are
 * noticed through `PRAGMA data_version`.
 */
export class SqliteStorage implements Storage {
  readonly dialect = 'sqlite' as const;
  readonly sharedByProcesses = false;
  readonly location: string;
  readonly file: string | undefined;
  readonly db: Kysely<Database>;
  readonly changes = new ChangeBus();
  readonly sql = DIALECT_SQL;
  /** The better-sqlite3 connection every query of this process runs on. */
  readonly sqlite: BetterSqlite3.Database;
  readonly #groupCommit: GroupCommit;
  readonly #tx: Tx;
  readonly #memos = new Memos();
  readonly #versionStatement: BetterSqlite3.Statement;
  #checkpointer: Checkpointer | undefined;
  readonly #search = new OneSearch();

  constructor(location: string, sqlite: BetterSqlite3.Database, database: KyselySqliteDatabase) {
    this.location = location;
    this.file = location === ':memory:' ? undefined : location;
    this.sqlite = sqlite;
    this.db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    this.#groupCommit = new GroupCommit(this.db, sqlite);
    this.#versionStatement = sqlite.prepare('PRAGMA data_version').pluck();
    // A second Kysely on the same connection, for work that already holds it (transactions and
    // reads): its queries do not wait for the connection the work holds through the first one.
    const inside = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    this.#tx = {
      dialect: 'sqlite',
      db: inside,
      execute<Row>(statement: Statement<string, Row>, values: readonly unknown[], first?: boolean) {
        const prepared = statement.prepared;
        if (prepared.reader) {
          // `get` steps to the first row only: a query without a LIMIT reads no further.
          if (first === true) {
            const row = prepared.get(...values) as Row | undefined;
            return Promise.resolve({ rows: row === undefined ? [] : [row], changes: 0 });
          }
          return Promise.resolve({ rows: prepared.all(...values) as Row[], changes: 0 });
        }
        return Promise.resolve({ rows: [] as Row[], changes: prepared.run(...values).changes });
      },
      write(statement: Statement<string, unknown>, values: readonly unknown[]) {
        statement.prepared.run(...values);
        return Promise.resolve();
      },
      expect(statement: Statement<string, unknown>, values: readonly unknown[], rows: number) {
        // Thrown inside the work: the group commit rolls back this write's savepoint.
        const changes = statement.prepared.run(...values).changes;
        return changes === rows ? Promise.resolve() : Promise.reject(new WriteConflict(`a write changed ${changes} rows where ${rows} were expected`));
      },
      lock: () => Promise.resolve(),
    };
  }

  /** Called once by the opener when checkpoints run on a worker thread (checkpointer.ts). */
  attachCheckpointer(checkpointer: Checkpointer): void {
    this.#checkpointer = checkpointer;
  }

  /** Holds the next commits until `resume` settles: what the background checkpointer asks for. */
  pauseWrites(resume: Promise<void>): void {
    this.#groupCommit.pause(resume);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = this.#tx;
    return this.#groupCommit.run(() => work(tx));
  }

  read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = this.#tx;
    return this.db.connection().execute(() => work(tx));
  }

  compile<P extends string, Q extends Compilable<unknown>>(build: (param: Param<P>) => Q): Statement<P, RowOf<Q>> {
    return new Statement(compileQuery(build as (param: Param<string>) => Q), this.sqlite);
  }

  memo<S>(build: (storage: Storage) => S): S {
    return this.#memos.get(this, build);
  }

  othersVersion(): Promise<number> {
    return Promise.resolve(this.#versionStatement.get() as number);
  }

  /**
   * Reads `data_version` every `pollMs` (it moves only when another connection commits, and
   * reading it touches no table); when it moved, every cache hears `all`. The operator CLI's
   * changes then show within about one interval (docs/self-hosting.md). Nothing to watch on
   * `:memory:`, which no other process can open.
   */
  watchOtherProcesses({ pollMs }: WatchOptions): { stop(): Promise<void> } {
    if (pollMs <= 0 || this.location === ':memory:') return { stop: () => Promise.resolve() };
    let last = this.#versionStatement.get() as number;
    const timer = setInterval(() => {
      try {
        const version = this.#versionStatement.get() as number;
        if (version !== last) this.changes.deliver({ topic: 'all' });
        last = version;
      } catch {
        // A closed or busy database: the next tick tries again.
      }
    }, pollMs);
    timer.unref();
    return {
      stop: () => {
        clearInterval(timer);
        return Promise.resolve();
      },
    };
  }

  postSearch(limits: PostSearchLimits): PostSearch {
    return this.#search.get(limits, (opened) => sqlitePostSearch(this, opened));
  }

  sharedCounters(): undefined {
    return undefined;
  }

  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.#search.close();
    await this.db.destroy();
    // The worker's last checkpoint and close run on; SQLite lets the last connection finish.
    void this.#checkpointer?.stop();
  }
}
