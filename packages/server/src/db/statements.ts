import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable } from 'kysely';
import { registerPreparedStatement } from './postgres/prepared.js';
import type { Db, Dialect } from './storage.js';

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

/**
 * A write did not change the rows it was expected to ({@link Tx.expect}): the state it was
 * computed from is no longer the stored one. The transaction rolls back (on PostgreSQL, the
 * commit rejects with this); the caller reads again and recomputes.
 */
export class WriteConflict extends Error {
  constructor(message = 'a write found the stored rows changed since they were read') {
    super(message);
    this.name = 'WriteConflict';
  }
}

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
   * Runs a write that must change exactly `rows` rows, or the whole transaction fails with a
   * {@link WriteConflict} and rolls back: an optimistic write (`UPDATE … WHERE version = $seen`,
   * `INSERT … ON CONFLICT DO NOTHING`) checked against the state it was computed from, which
   * needs no lock. Like {@link write}, it may travel with the transaction's next round trip on
   * PostgreSQL, so the conflict may surface there (at the latest, from the commit); on SQLite it
   * throws at once.
   */
  expect(statement: Statement<string, unknown>, values: readonly unknown[], rows: number): Promise<void>;
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

  /** For optimistic writes: must change exactly `rows` rows, or the transaction fails with a {@link WriteConflict} ({@link Tx.expect}). */
  expect(tx: Tx, params: Readonly<Record<P, unknown>>, rows = 1): Promise<void> {
    return tx.expect(this as Statement<string, unknown>, this.values(params), rows);
  }
}

/** Compiles `build`'s query with its named parameters in place: what each storage's `compile` does first. */
export function compileQuery(build: (param: Param<string>) => Compilable<unknown>): { sql: string; parameters: readonly unknown[] } {
  return build(((name: string) => `${MARK}${name}`) as Param<string>).compile();
}
