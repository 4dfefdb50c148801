import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable, InferResult } from 'kysely';
import type { Db } from './connect.js';

/**
 * Hot paths (progress writes, votes) run their few statements synchronously inside one SQLite
 * transaction instead of as a chain of awaited Kysely queries: each awaited query costs a
 * compile, a connection hand-off and a round of promises, which add up to most of a write's CPU.
 *
 * The queries are still written with Kysely's builder, so the SQL comes from the dialect's own
 * compiler and the repositories read like the others; they are compiled once per database, with
 * named parameters, and executed through better-sqlite3's prepared statements. The work holds
 * Kysely's connection while it runs, so it never interleaves with a Kysely transaction (DESIGN
 * decision recorded in docs/decisions.md).
 */

const handles = new WeakMap<Db, BetterSqlite3.Database>();

/** Called by `openDatabase`: the better-sqlite3 handle behind a Kysely instance. */
export function attachSqliteHandle(db: Db, sqlite: BetterSqlite3.Database): void {
  handles.set(db, sqlite);
}

function sqliteOf(db: Db): BetterSqlite3.Database {
  const sqlite = handles.get(db);
  if (sqlite === undefined) throw new Error('This database was not opened by openDatabase(); compiled statements need its SQLite handle.');
  return sqlite;
}

/** A placeholder for a named parameter: typed `never` so it fits any value position of the builder. */
export type Param<P extends string> = (name: P) => never;

const MARK = '\u0000inlay-param:';

/** A query compiled once, run synchronously with named parameters. */
export class CompiledStatement<P extends string, Row> {
  readonly #statement: BetterSqlite3.Statement;
  readonly #names: readonly P[];

  constructor(sqlite: BetterSqlite3.Database, query: { sql: string; parameters: readonly unknown[] }) {
    this.#statement = sqlite.prepare(query.sql);
    this.#names = query.parameters.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(MARK)) {
        throw new Error(`Compiled statements take named parameters only; got a literal value in: ${query.sql}`);
      }
      return value.slice(MARK.length) as P;
    });
  }

  #values(params: Readonly<Record<P, unknown>>): unknown[] {
    return this.#names.map((name) => params[name]);
  }

  get(params: Readonly<Record<P, unknown>>): Row | undefined {
    return this.#statement.get(...this.#values(params)) as Row | undefined;
  }

  all(params: Readonly<Record<P, unknown>>): Row[] {
    return this.#statement.all(...this.#values(params)) as Row[];
  }

  /** For writes: how many rows changed. */
  run(params: Readonly<Record<P, unknown>>): number {
    return this.#statement.run(...this.#values(params)).changes;
  }
}

/**
 * Compiles `build`'s query for `db`. Every value in it must be a `param(name)`; the same name may
 * appear more than once.
 */
export function compile<P extends string, Q extends Compilable<unknown>>(
  db: Db,
  build: (param: Param<P>) => Q,
): CompiledStatement<P, InferResult<Q> extends (infer R)[] ? R : never> {
  const query = build(((name: P) => `${MARK}${name}`) as Param<P>).compile();
  return new CompiledStatement(sqliteOf(db), query);
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

interface PendingWork {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the writes that arrive within one turn of the event loop share one IMMEDIATE
 * transaction (the write lock is taken at its start, so a read-then-write never fails on a
 * writer in another process; the busy timeout applies), each in its own savepoint. One write
 * that throws rolls back only its own savepoint; a failed commit rejects the whole group. A
 * caller's promise settles after the commit, so an answered write is a stored write.
 */
class GroupCommit {
  #queue: PendingWork[] = [];
  #scheduled = false;
  #paused: Promise<void> | undefined;
  readonly #db: Db;
  readonly #sqlite: BetterSqlite3.Database;

  constructor(db: Db, sqlite: BetterSqlite3.Database) {
    this.#db = db;
    this.#sqlite = sqlite;
  }

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  /** Holds the next commits until `resume` settles (see checkpointer.ts); writes queue meanwhile. */
  pause(resume: Promise<void>): void {
    const paused = resume.then(() => {
      if (this.#paused === paused) this.#paused = undefined;
    });
    this.#paused = paused;
  }

  async #flush(): Promise<void> {
    while (this.#paused !== undefined) await this.#paused;
    await this.#db
      .connection()
      .execute(async () => {
        const group = this.#queue;
        this.#queue = [];
        this.#scheduled = false;
        const outcomes = this.#commit(group);
        group.forEach((pending, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) pending.resolve(outcome.value);
          else pending.reject(outcome?.error);
        });
      })
      .catch((error: unknown) => {
        // The connection could not be had (the database is closing): nothing ran.
        for (const pending of this.#queue.splice(0)) pending.reject(error);
        this.#scheduled = false;
      });
  }

  #commit(group: PendingWork[]): Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      this.#sqlite
        .transaction(() => {
          for (const { work } of group) {
            try {
              // A nested better-sqlite3 transaction is a savepoint, rolled back when it throws.
              outcomes.push({ ok: true, value: this.#sqlite.transaction(work)() });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
      return outcomes;
    } catch (error) {
      return group.map(() => ({ ok: false, error }));
    }
  }
}

const groups = new WeakMap<Db, GroupCommit>();

/**
 * Runs `work` synchronously in a transaction shared with the other writes of this event-loop
 * turn (see GroupCommit), holding Kysely's connection meanwhile. A throw rolls back this work
 * only and rejects.
 */
export function transactionSync<T>(db: Db, work: () => T): Promise<T> {
  return groupOf(db).run(work);
}

/** Holds `db`'s group commits until `resume` settles: what the background checkpointer asks for. */
export function pauseGroupCommits(db: Db, resume: Promise<void>): void {
  groupOf(db).pause(resume);
}

function groupOf(db: Db): GroupCommit {
  let group = groups.get(db);
  if (group === undefined) {
    group = new GroupCommit(db, sqliteOf(db));
    groups.set(db, group);
  }
  return group;
}

/** Runs synchronous reads holding Kysely's connection, so they never see another transaction's uncommitted writes. */
export function readSync<T>(db: Db, work: () => T): Promise<T> {
  return db.connection().execute(async () => work());
}
