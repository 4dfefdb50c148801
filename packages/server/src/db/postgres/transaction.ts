import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Db } from '../storage.js';
import type { Statement, Tx } from '../statements.js';
import type { Database } from '../schema.js';
import { withLiterals } from './literals.js';

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The advisory lock of `key`, held until the transaction ends. */
const LOCK_SQL = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))';

/** One result of a simple-protocol message: node-postgres answers an array for several statements. */
function lastResult<Row extends pg.QueryResultRow>(answer: pg.QueryResult<Row> | pg.QueryResult<Row>[]): pg.QueryResult<Row> | undefined {
  return Array.isArray(answer) ? answer[answer.length - 1] : answer;
}

/**
 * A transaction on one pooled connection, driven with node-postgres directly: each compiled
 * statement is one round trip under its prepared name, with no query builder in between. Every
 * round trip costs this process a socket write and a read, most of a PostgreSQL write's CPU
 * (docs/storage.md), so the transaction spends as few as it can. Texts that need no answer of
 * their own travel in one simple-protocol message with the next statement that does:
 *
 * - `BEGIN` and the locks asked for before it go with the transaction's first statement, and so
 *   does that statement when its values can be written as literals (literals.ts):
 *   `BEGIN; SELECT pg_advisory_xact_lock(…); SELECT … FROM progress WHERE …`. A lock is
 *   taken before the next statement runs, so nothing it guards is read without it;
 * - writes whose row count the work does not read (`statement.write`) go with the next
 *   statement, or with `COMMIT`;
 * - a transaction that ran nothing sends neither `BEGIN` nor `COMMIT`.
 *
 * node-postgres sends a connection's queries in the order they were made, so texts taken here
 * in call order run in that order. `db` is Kysely on the same connection.
 */
class PostgresTransaction implements Tx {
  readonly dialect = 'postgres' as const;
  readonly #client: pg.PoolClient;
  #begun = false;
  /** Locks asked for before the transaction began. */
  #locks: string[] = [];
  /** Writes, as literal SQL, waiting for the next round trip. */
  #pending: string[] = [];
  #db: Db | undefined;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  /** Whether `BEGIN` went out: the transaction must end with `ROLLBACK` on failure. */
  get begun(): boolean {
    return this.#begun;
  }

  get db(): Db {
    this.#db ??= kyselyOn(this.#client, () => this.#flush());
    return this.#db;
  }

  async execute<Row>(statement: Statement<string, Row>, values: readonly unknown[]): Promise<{ rows: Row[]; changes: number }> {
    const before = this.#takeWaiting();
    const inline = before.length > 0 ? this.#literal(statement, values) : undefined;
    let result: pg.QueryResult<Row & pg.QueryResultRow> | undefined;
    if (inline !== undefined) {
      result = lastResult(await this.#client.query<Row & pg.QueryResultRow>([...before, inline].join('; ')));
    } else {
      if (before.length > 0) await this.#client.query(before.join('; '));
      result = await this.#client.query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.sql, values: values as unknown[] });
    }
    return { rows: result?.rows ?? [], changes: result?.rowCount ?? 0 };
  }

  async write(statement: Statement<string, unknown>, values: readonly unknown[]): Promise<void> {
    const inline = this.#literal(statement, values);
    if (inline === undefined) await this.execute(statement, values);
    else this.#pending.push(inline);
  }

  async lock(key: string): Promise<void> {
    if (!this.#begun) {
      this.#locks.push(key);
      return;
    }
    await this.#client.query([...this.#takeWaiting(), this.#lockText(key)].join('; '));
  }

  /** Sends what waits, `COMMIT` with it; nothing when the transaction ran nothing. */
  async commit(): Promise<void> {
    if (!this.#begun && this.#pending.length === 0) return;
    await this.#client.query([...this.#takeWaiting(), 'COMMIT'].join('; '));
  }

  /** `BEGIN` and the locks if not sent yet, then the pending writes; taken, so sent once. */
  #takeWaiting(): string[] {
    const texts: string[] = [];
    if (!this.#begun) {
      this.#begun = true;
      texts.push('BEGIN', ...this.#locks.map((key) => this.#lockText(key)));
      this.#locks = [];
    }
    texts.push(...this.#pending);
    this.#pending = [];
    return texts;
  }

  #flush(): Promise<unknown> {
    const texts = this.#takeWaiting();
    return texts.length === 0 ? Promise.resolve() : this.#client.query(texts.join('; '));
  }

  #literal(statement: Statement<string, unknown>, values: readonly unknown[]): string | undefined {
    return withLiterals(statement.sql, values, (text) => this.#client.escapeLiteral(text));
  }

  #lockText(key: string): string {
    return `SELECT pg_advisory_xact_lock(hashtextextended(${this.#client.escapeLiteral(key)}, 0))`;
  }
}

/** Kysely over one client that is already checked out: its queries run in that client's transaction. */
function kyselyOn(client: pg.PoolClient, begin: () => Promise<unknown>): Db {
  // The client itself, but for `release`: the transaction returns it to the pool, not Kysely.
  const borrowed = new Proxy(client, { get: (target, key) => (key === 'release' ? () => undefined : Reflect.get(target, key)) });
  const pool = {
    connect: async () => {
      await begin();
      return borrowed;
    },
    end: () => Promise.resolve(),
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

/**
 * Runs `work` in a transaction on one connection of `pool`. PostgreSQL reports a serialization
 * failure or a deadlock between concurrent transactions (of this process or another instance)
 * by aborting one of them; that one runs again from the start, a few times, with a short
 * random wait.
 */
export async function postgresTransaction<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect();
    const tx = new PostgresTransaction(client);
    let broken: Error | undefined;
    try {
      const value = await work(tx);
      await tx.commit();
      return value;
    } catch (error) {
      if (tx.begun) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection is gone: the pool must not hand it out again.
          broken = rollbackError as Error;
        }
      }
      if (attempt >= ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
    } finally {
      client.release(broken);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
  }
}

/** Reads outside a transaction: each statement on whichever connection of `pool` is free. */
export function postgresReader(pool: pg.Pool, db: Db): Tx {
  return {
    dialect: 'postgres',
    db,
    async execute<Row>(statement: Statement<string, Row>, values: readonly unknown[]) {
      const result = await pool.query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.sql, values: values as unknown[] });
      return { rows: result.rows, changes: result.rowCount ?? 0 };
    },
    async write(statement: Statement<string, unknown>, values: readonly unknown[]) {
      await pool.query({ name: statement.name, text: statement.sql, values: values as unknown[] });
    },
    async lock(key: string) {
      await pool.query(LOCK_SQL, [key]);
    },
  };
}
