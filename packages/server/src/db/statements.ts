import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable, InferResult } from 'kysely';
import type { Db } from './connect.js';
import { dialectOf, type Dialect } from './dialect.js';
import { poolOf } from './postgres/open.js';
import { registerPreparedStatement } from './postgres/prepared.js';
import { postgresReader, postgresTransaction } from './postgres/transaction.js';
import { groupCommit } from './sqlite/group-commit.js';
import { sqliteOf, sqliteInsideOf } from './sqlite/handle.js';

/**
 * The one transaction API of both backends (docs/storage.md). Queries are written once with
 * Kysely's builder; the hot ones (progress writes, votes, usage, the webhook outbox, import
 * chunks) are compiled once per database by that database's own dialect, with named parameters.
 * Work runs inside a `Tx`, and everything it runs goes to the transaction's one connection: its
 * compiled statements (`statement.run(tx, …)`) and its builder queries (`tx.db`).
 *
 * - On SQLite, a transaction is a savepoint in a transaction shared with the other writes of the
 *   same event-loop turn (`db/sqlite/group-commit.ts`); `tx.db` runs on that connection without
 *   waiting for it.
 * - On PostgreSQL, it is a transaction on one pooled connection, retried on a serialization
 *   failure or deadlock (`db/postgres/transaction.ts`); `tx.db` runs in it.
 *
 * Work must not await anything but its `Tx` (and plain computation): on SQLite the whole group
 * of writes waits for it. Inside work, the outer `db` is the wrong handle: use `tx.db`.
 */

/** A placeholder for a named parameter: typed `never` so it fits any value position of the builder. */
export type Param<P extends string> = (name: P) => never;

const MARK = '\u0000inlay-param:';

/** Where a statement runs: a transaction (or a read) of one backend. */
export interface Tx {
  readonly dialect: Dialect;
  /** Kysely on this transaction's connection, for queries that are not compiled statements. */
  readonly db: Db;
  /**
   * Runs `statement` with positional values: its rows (`first`: the first row only, when the
   * statement reads), and how many rows a write changed.
   */
  execute<Row>(statement: Statement<string, Row>, values: readonly unknown[], first?: boolean): Promise<{ rows: Row[]; changes: number }>;
  /**
   * Runs a write whose row count the work does not need. On PostgreSQL it may travel with the
   * transaction's next round trip (its next statement, or the commit), and fail there.
   */
  write(statement: Statement<string, unknown>, values: readonly unknown[]): Promise<void>;
  /**
   * Serialises the transactions that take the same key until they end: what a read-then-write
   * of one object (a user's progress, a post's votes) needs on PostgreSQL, where transactions
   * of several server processes run at once. SQLite has one writer at a time: nothing to do.
   */
  lock(key: string): Promise<void>;
}

/** A query compiled once, run with named parameters. */
export class Statement<P extends string, Row> {
  readonly sql: string;
  /** Its prepared statement's name on every PostgreSQL connection ('' on SQLite). */
  readonly name: string;
  readonly #names: readonly P[];
  /** Prepared on first use, on SQLite only. */
  #prepared: BetterSqlite3.Statement | undefined;
  readonly #sqlite: BetterSqlite3.Database | undefined;

  constructor(query: { sql: string; parameters: readonly unknown[] }, sqlite: BetterSqlite3.Database | undefined) {
    this.sql = query.sql;
    this.#sqlite = sqlite;
    this.#names = query.parameters.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(MARK)) {
        throw new Error(`Compiled statements take named parameters only; got a literal value in: ${query.sql}`);
      }
      return value.slice(MARK.length) as P;
    });
    // Prepared now so a wrong statement fails where it is defined, as it always did; on
    // PostgreSQL each connection prepares it by name on first use (db/postgres/prepared.ts).
    if (sqlite !== undefined) this.#prepared = sqlite.prepare(query.sql);
    this.name = sqlite === undefined ? registerPreparedStatement(query.sql) : '';
  }

  /** The better-sqlite3 statement (SQLite databases only). */
  get prepared(): BetterSqlite3.Statement {
    if (this.#prepared === undefined) {
      if (this.#sqlite === undefined) throw new Error('not a SQLite statement');
      this.#prepared = this.#sqlite.prepare(this.sql);
    }
    return this.#prepared;
  }

  values(params: Readonly<Record<P, unknown>>): unknown[] {
    return this.#names.map((name) => params[name]);
  }

  async get(tx: Tx, params: Readonly<Record<P, unknown>>): Promise<Row | undefined> {
    return (await tx.execute(this, this.values(params), true)).rows[0];
  }

  async all(tx: Tx, params: Readonly<Record<P, unknown>>): Promise<Row[]> {
    return (await tx.execute(this, this.values(params))).rows;
  }

  /** For writes: how many rows changed. */
  async run(tx: Tx, params: Readonly<Record<P, unknown>>): Promise<number> {
    return (await tx.execute(this, this.values(params))).changes;
  }

  /** For writes whose row count does not matter: no round trip of its own on PostgreSQL ({@link Tx.write}). */
  write(tx: Tx, params: Readonly<Record<P, unknown>>): Promise<void> {
    return tx.write(this as Statement<string, unknown>, this.values(params));
  }
}

/**
 * Compiles `build`'s query for `db`'s dialect. Every value in it must be a `param(name)`; the
 * same name may appear more than once.
 */
export function compile<P extends string, Q extends Compilable<unknown>>(
  db: Db,
  build: (param: Param<P>) => Q,
): Statement<P, InferResult<Q> extends (infer R)[] ? R : never> {
  const query = build(((name: P) => `${MARK}${name}`) as Param<P>).compile();
  return new Statement(query, dialectOf(db) === 'sqlite' ? sqliteOf(db) : undefined);
}

/**
 * Memoises something per database (tests open many), built on first use: a set of compiled
 * statements, a cache of rows.
 */
export function perDatabase<S>(build: (db: Db) => S): (db: Db) => S {
  const cache = new WeakMap<Db, S>();
  return (db) => {
    let statements = cache.get(db);
    if (statements === undefined) {
      statements = build(db);
      cache.set(db, statements);
    }
    return statements;
  };
}

/** SQLite: statements run synchronously on the one connection, which the caller holds. */
const sqliteTx = perDatabase((db): Tx => ({
  dialect: 'sqlite',
  db: sqliteInsideOf(db),
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
  lock: () => Promise.resolve(),
}));

/**
 * Runs `work` in a write transaction and settles after its commit, so an answered write is a
 * stored write. A throw rolls back this work only, and rejects.
 */
export function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return postgresTransaction(poolOf(db), work);
  const tx = sqliteTx(db);
  return groupCommit(db).run(() => work(tx));
}

/**
 * Runs reads that see one consistent state: on SQLite they hold the connection, so no other
 * transaction's uncommitted writes show; on PostgreSQL each statement reads committed data.
 */
export function read<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return work(postgresReader(poolOf(db), db));
  const tx = sqliteTx(db);
  return db.connection().execute(() => work(tx));
}
