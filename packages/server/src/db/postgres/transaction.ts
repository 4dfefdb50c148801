import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Db } from '../storage.js';
import { WriteConflict, type Statement, type Tx } from '../statements.js';
import type { Database } from '../schema.js';
import type { PipelineBatcher } from './batch.js';
import { pipelineValues, runPipeline, type Step, type StepResult } from './pipeline.js';
import { registerPreparedStatement } from './prepared.js';
import { types } from './types.js';

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** What `inlay_expect_rows` (migration 0019) raises when a write changed another number of rows. */
const EXPECTATION_FAILED = 'IL001';

/** A failed expectation as the {@link WriteConflict} the caller handles; anything else as it is. */
function conflictOr(error: unknown): unknown {
  return sqlState(error) === EXPECTATION_FAILED ? new WriteConflict((error as Error).message) : error;
}

/** A statement under its prepared name, as a pipeline runs it. */
interface Prepared {
  name: string;
  sql: string;
  /** Whether it answers rows (a SELECT, or a write with RETURNING). */
  reads: boolean;
}

/** SQL that answers rows: what a pipeline asks the row description of. */
const READS = /^\s*(select|with|values|table)\b|\breturning\b/i;

function prepared(sql: string): Prepared {
  return { name: registerPreparedStatement(sql), sql, reads: READS.test(sql) };
}

const BEGIN = prepared('BEGIN');
const COMMIT = prepared('COMMIT');
/** The advisory lock of `key`, held until the transaction ends. */
const LOCK = prepared('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))');

/** Each compiled statement's prepared form, and its checked form for `Tx.expect`. */
const plain = new WeakMap<Statement<string, unknown>, Prepared>();
const checked = new WeakMap<Statement<string, unknown>, Prepared>();

function preparedOf(statement: Statement<string, unknown>): Prepared {
  let found = plain.get(statement);
  if (found === undefined) {
    found = { name: statement.name, sql: statement.sql, reads: READS.test(statement.sql) };
    plain.set(statement, found);
  }
  return found;
}

/**
 * `statement`, a write, as a statement that fails (SQLSTATE IL001) unless it changed the number
 * of rows given as its last parameter: its changed rows counted through `RETURNING`, so that it
 * can travel in one message with the statements that depend on it, which then do not run.
 */
function checkedOf(statement: Statement<string, unknown>, parameters: number): Prepared {
  let found = checked.get(statement);
  if (found === undefined) {
    if (/\breturning\b/i.test(statement.sql)) throw new Error(`Tx.expect takes a write without RETURNING: ${statement.sql}`);
    const sql = `WITH inlay_changed AS (${statement.sql} RETURNING 1) SELECT inlay_expect_rows(count(*), $${parameters + 1}) FROM inlay_changed`;
    found = { name: registerPreparedStatement(sql), sql, reads: false };
    checked.set(statement, found);
  }
  return found;
}

/** One statement waiting to be sent, its values ready for the wire. */
interface Waiting {
  step: Step;
  values: (string | null)[];
}

/** `sql` under its prepared name, for a pipeline (`waiting`). */
export function preparedStatement(sql: string): Prepared {
  return prepared(sql);
}

export function waiting(statement: Prepared, values: (string | null)[], rows = statement.reads): Waiting {
  return { step: { name: statement.name, sql: statement.sql, values, rows }, values };
}

/**
 * A transaction on one pooled connection, driven with node-postgres directly: compiled
 * statements run under their prepared names, with no query builder in between. Every round trip
 * costs this process a socket write and a read (docs/storage.md), so the transaction spends as
 * few as it can: what needs no answer of its own travels in one message with the next statement
 * that does, as one pipeline (pipeline.ts: Bind and Execute for each, one Sync), prepared, with
 * its values as parameters:
 *
 * - `BEGIN` and the locks asked for before it go with the transaction's first statement
 *   (`BEGIN; SELECT pg_advisory_xact_lock(…); SELECT … FROM progress WHERE …`); a lock is taken
 *   before the next statement runs, so nothing it guards is read without it;
 * - writes whose row count the work does not read (`statement.write`), and optimistic writes
 *   whose row count is only checked (`statement.expect`), go with the next statement, or with
 *   `COMMIT`;
 * - a transaction that ran nothing sends neither `BEGIN` nor `COMMIT`;
 * - a transaction whose every statement waited for the commit (an optimistic write and what
 *   depends on it) sends them as one pipeline without `BEGIN` or `COMMIT`: PostgreSQL runs the
 *   messages up to a Sync as one transaction, and rolls it back whole when one fails. Such a
 *   write is one round trip.
 *
 * A statement whose values are not plain (strings, numbers, booleans, null) runs on its own
 * through node-postgres's usual query, after what waits. node-postgres sends a connection's
 * queries in the order they were made, so statements taken here in call order run in that
 * order. `db` is Kysely on the same connection.
 */
class PostgresTransaction implements Tx {
  readonly dialect = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #batcher: PipelineBatcher;
  /** Taken from the pool on the first statement that needs an answer before the commit. */
  #client: pg.PoolClient | undefined;
  #connecting: Promise<pg.PoolClient> | undefined;
  #begun = false;
  /** Locks asked for before the transaction began. */
  #locks: string[] = [];
  /** Writes waiting for the next round trip. */
  #pending: Waiting[] = [];
  #db: Db | undefined;
  /** Set when the connection cannot be trusted any more (a failed pipeline that prepared statements): not handed out again. */
  broken: Error | undefined;

  constructor(pool: pg.Pool, batcher: PipelineBatcher) {
    this.#pool = pool;
    this.#batcher = batcher;
  }

  /** The connection, if the transaction took one: returned to the pool when it ends. */
  get client(): pg.PoolClient | undefined {
    return this.#client;
  }

  #connection(): Promise<pg.PoolClient> {
    this.#connecting ??= this.#pool.connect().then((client) => (this.#client = client));
    return this.#connecting;
  }

  /** Whether `BEGIN` went out: the transaction must end with `ROLLBACK` on failure. */
  get begun(): boolean {
    return this.#begun;
  }

  get db(): Db {
    this.#db ??= kyselyOn(() => this.#connection(), () => this.#flush());
    return this.#db;
  }

  async execute<Row>(statement: Statement<string, Row>, values: readonly unknown[]): Promise<{ rows: Row[]; changes: number }> {
    const ready = pipelineValues(values);
    const before = this.#takeWaiting();
    if (ready !== undefined) {
      const results = await this.#run([...before, waiting(preparedOf(statement as Statement<string, unknown>), ready)]);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as Row[], changes: last?.rowCount ?? 0 };
    }
    if (before.length > 0) await this.#run(before);
    const result = await this.#query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.sql, values: values as unknown[] });
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  }

  async expect(statement: Statement<string, unknown>, values: readonly unknown[], rows: number): Promise<void> {
    const ready = pipelineValues(values);
    const check = checkedOf(statement, values.length);
    if (ready !== undefined) {
      this.#pending.push(waiting(check, [...ready, String(rows)]));
      return;
    }
    // Values that are not plain: checked now, on a round trip of its own.
    const before = this.#takeWaiting();
    if (before.length > 0) await this.#run(before);
    await this.#query({ name: check.name, text: check.sql, values: [...values, rows] });
  }

  async write(statement: Statement<string, unknown>, values: readonly unknown[]): Promise<void> {
    const ready = pipelineValues(values);
    if (ready === undefined) await this.execute(statement, values);
    else this.#pending.push(waiting(preparedOf(statement), ready, false));
  }

  async lock(key: string): Promise<void> {
    if (!this.#begun) {
      this.#locks.push(key);
      return;
    }
    await this.#run([...this.#takeWaiting(), waiting(LOCK, [key], false)]);
  }

  /**
   * Sends what waits, `COMMIT` with it; nothing when the transaction ran nothing. When nothing
   * went out before, the locks and the waiting writes go as one pipeline of their own, which
   * PostgreSQL runs as one transaction: no `BEGIN`, no `COMMIT`, and nothing to roll back if it fails.
   */
  async commit(): Promise<void> {
    if (!this.#begun && this.#pending.length === 0) return;
    if (this.#begun) {
      await this.#run([...this.#takeWaiting(), waiting(COMMIT, [])]);
      return;
    }
    // A transaction of one message: committed with the other such transactions of this turn (batch.ts).
    const steps = [...this.#locks.map((key) => waiting(LOCK, [key], false)), ...this.#pending];
    this.#locks = [];
    this.#pending = [];
    try {
      await this.#batcher.run(steps);
    } catch (error) {
      throw conflictOr(error);
    }
  }

  /** `BEGIN` and the locks if not sent yet, then the pending writes; taken, so sent once. */
  #takeWaiting(): Waiting[] {
    const steps: Waiting[] = [];
    if (!this.#begun) {
      this.#begun = true;
      steps.push(waiting(BEGIN, []), ...this.#locks.map((key) => waiting(LOCK, [key], false)));
      this.#locks = [];
    }
    steps.push(...this.#pending);
    this.#pending = [];
    return steps;
  }

  async #flush(): Promise<void> {
    const steps = this.#takeWaiting();
    if (steps.length > 0) await this.#run(steps);
  }

  async #run(steps: Waiting[]): Promise<StepResult[]> {
    const client = await this.#connection();
    try {
      return await runPipeline(client, steps, types);
    } catch (error) {
      if ((error as { pipelinePrepared?: boolean }).pipelinePrepared === true) this.broken = error as Error;
      throw conflictOr(error);
    }
  }

  async #query<Row extends pg.QueryResultRow>(query: pg.QueryConfig): Promise<pg.QueryResult<Row>> {
    const client = await this.#connection();
    try {
      return await client.query<Row>(query);
    } catch (error) {
      throw conflictOr(error);
    }
  }
}

/** Kysely over one client that is already checked out: its queries run in that client's transaction. */
function kyselyOn(connection: () => Promise<pg.PoolClient>, begin: () => Promise<unknown>): Db {
  let borrowed: pg.PoolClient | undefined;
  const pool = {
    connect: async () => {
      const client = await connection();
      await begin();
      // The client itself, but for `release`: the transaction returns it to the pool, not Kysely.
      borrowed ??= new Proxy(client, { get: (target, key) => (key === 'release' ? () => undefined : Reflect.get(target, key)) });
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
export async function postgresTransaction<T>(pool: pg.Pool, batcher: PipelineBatcher, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const tx = new PostgresTransaction(pool, batcher);
    let broken: Error | undefined;
    try {
      const value = await work(tx);
      await tx.commit();
      return value;
    } catch (error) {
      broken = tx.broken;
      const client = tx.client;
      if (client !== undefined && tx.begun && broken === undefined) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection is gone: the pool must not hand it out again.
          broken = rollbackError as Error;
        }
      }
      if (attempt >= ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
    } finally {
      tx.client?.release(broken);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
  }
}

/**
 * Reads outside a transaction: each statement on its own, sent with the other such statements
 * of this turn in one message (batch.ts); a statement whose values are not plain on whichever
 * connection of `pool` is free.
 */
export function postgresReader(pool: pg.Pool, batcher: PipelineBatcher, db: Db): Tx {
  const query = async <Row extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<Row>> => {
    try {
      return await pool.query<Row>(config);
    } catch (error) {
      throw conflictOr(error);
    }
  };
  const alone = async (step: Waiting, reads: boolean): Promise<StepResult> => {
    try {
      return (await batcher.run([step], reads))[0] ?? { rows: [], rowCount: 0, command: '' };
    } catch (error) {
      throw conflictOr(error);
    }
  };
  return {
    dialect: 'postgres',
    db,
    async execute<Row>(statement: Statement<string, Row>, values: readonly unknown[]) {
      const ready = pipelineValues(values);
      if (ready !== undefined) {
        const step = preparedOf(statement as Statement<string, unknown>);
        const result = await alone(waiting(step, ready), step.reads);
        return { rows: result.rows as Row[], changes: result.rowCount };
      }
      const result = await query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.sql, values: values as unknown[] });
      return { rows: result.rows, changes: result.rowCount ?? 0 };
    },
    async write(statement: Statement<string, unknown>, values: readonly unknown[]) {
      await this.execute(statement, values);
    },
    async expect(statement: Statement<string, unknown>, values: readonly unknown[], rows: number) {
      const check = checkedOf(statement, values.length);
      const ready = pipelineValues(values);
      if (ready !== undefined) await alone(waiting(check, [...ready, String(rows)]), false);
      else await query({ name: check.name, text: check.sql, values: [...values, rows] });
    },
    async lock(key: string) {
      // Held by a transaction of its own: released as soon as taken.
      await alone(waiting(LOCK, [key], false), false);
    },
  };
}
