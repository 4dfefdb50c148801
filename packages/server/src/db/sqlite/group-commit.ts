import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../storage.js';

interface PendingWork {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: the writes that arrive within one turn of the event loop share one IMMEDIATE
 * transaction (the write lock is taken at its start, so a read-then-write never fails on a
 * writer in another process; the busy timeout applies), each in its own savepoint. One write
 * that throws rolls back only its own savepoint; a failed commit rejects the whole group. A
 * caller's promise settles after the commit, so an answered write is a stored write.
 *
 * The work of each write is async only in form (its statements run synchronously on this
 * connection), and the group holds Kysely's connection throughout, so nothing else runs on the
 * connection between BEGIN and COMMIT.
 */
export class GroupCommit {
  #queue: PendingWork[] = [];
  #scheduled = false;
  #paused: Promise<void> | undefined;
  readonly #db: Db;
  readonly #sql: Record<'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo', BetterSqlite3.Statement>;

  constructor(db: Db, sqlite: BetterSqlite3.Database) {
    this.#db = db;
    this.#sql = {
      begin: sqlite.prepare('BEGIN IMMEDIATE'),
      commit: sqlite.prepare('COMMIT'),
      rollback: sqlite.prepare('ROLLBACK'),
      savepoint: sqlite.prepare('SAVEPOINT inlay_write'),
      release: sqlite.prepare('RELEASE inlay_write'),
      rollbackTo: sqlite.prepare('ROLLBACK TO inlay_write'),
    };
  }

  run<T>(work: () => Promise<T>): Promise<T> {
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
        const outcomes = await this.#commit(group);
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

  async #commit(group: PendingWork[]): Promise<Outcome[]> {
    const sql = this.#sql;
    try {
      sql.begin.run();
    } catch (error) {
      return group.map(() => ({ ok: false, error }));
    }
    const outcomes: Outcome[] = [];
    try {
      for (const { work } of group) {
        sql.savepoint.run();
        try {
          const value = await work();
          sql.release.run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          sql.rollbackTo.run();
          sql.release.run();
          outcomes.push({ ok: false, error });
        }
      }
      sql.commit.run();
      return outcomes;
    } catch (error) {
      try {
        sql.rollback.run();
      } catch {
        // SQLite rolled back already (an I/O error ends the transaction by itself).
      }
      return group.map(() => ({ ok: false, error }));
    }
  }
}
