import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Db } from '../connect.js';
import type { Statement, Tx } from '../statements.js';
import type { Database } from '../schema.js';

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The advisory lock of `key`, held until the transaction ends. */
const LOCK_SQL = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))';

/**
 * A transaction on one pooled connection, driven with node-postgres directly: each compiled
 * statement is one round trip under its prepared name, with no query builder in between. Every
 * round trip costs this process a socket write and a read, which on PostgreSQL is most of a
 * write's CPU (docs/decisions.md, "PostgreSQL writes"), so the transaction spends as few as it can:
 *
 * - `BEGIN` is sent with the first statement that needs it, and together with the first lock in
 *   one simple-protocol message (`BEGIN; SELECT pg_advisory_xact_lock(…)`, the key as a literal);
 * - a transaction that ran nothing sends neither `BEGIN` nor `COMMIT`.
 *
 * `db` is Kysely on the same connection, for the writes that are not compiled statements.
 */
class PostgresTransaction implements Tx {
  readonly dialect = 'postgres' as const;
  readonly #client: pg.PoolClient;
  #begun: Promise<unknown> | undefined;
  #db: Db | undefined;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  get begun(): boolean {
    return this.#begun !== undefined;
  }

  get db(): Db {
    this.#db ??= kyselyOn(this.#client, () => this.#begin());
    return this.#db;
  }

  async execute<Row>(statement: Statement<string, Row>, values: readonly unknown[]): Promise<{ rows: Row[]; changes: number }> {
    await this.#begin();
    const result = await this.#client.query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.sql, values: values as unknown[] });
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  }

  async lock(key: string): Promise<void> {
    if (this.#begun === undefined) {
      this.#begun = this.#client.query(`BEGIN; SELECT pg_advisory_xact_lock(hashtextextended(${this.#client.escapeLiteral(key)}, 0))`);
      await this.#begun;
      return;
    }
    await this.#begun;
    await this.#client.query(LOCK_SQL, [key]);
  }

  #begin(): Promise<unknown> {
    this.#begun ??= this.#client.query('BEGIN');
    return this.#begun;
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
      if (tx.begun) await client.query('COMMIT');
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
    async lock(key: string) {
      await pool.query(LOCK_SQL, [key]);
    },
  };
}
