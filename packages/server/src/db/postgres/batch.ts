import type pg from 'pg';
import { runPipeline, type Step, type StepResult } from './pipeline.js';
import { types } from './types.js';

/**
 * Group commit on PostgreSQL (docs/storage.md): the one-message transactions of one event-loop
 * turn — optimistic writes with what depends on them (`Tx.expect`), reads outside a transaction,
 * the turn's change announcement — go out together, in one pipeline on one connection, as one
 * transaction. A round trip costs this process about as much CPU as a whole SQLite write, and
 * most of it is per message (a socket write, a wake-up, a read), not per statement; so the
 * writes of a busy turn share one, as SQLite's writes of a turn share one transaction
 * (db/sqlite/group-commit.ts).
 *
 * Each member's statements stay together and in order; reads go first, so that no read sees
 * another member's write. Members touch different rows: the writes of one object wait for each
 * other in their process (db/optimistic.ts `KeyedQueue`), and the rows that members add are
 * their own. When the pipeline fails nothing of it was stored. If the database refused one
 * statement (one member's optimistic write found its row moved on), that member runs again on
 * its own and the others again together, so one conflict costs two round trips, not one per
 * member; if the failure names no statement (a lost connection), every member runs again on its
 * own. Each gets its own answer and only the failing one fails. Either way a member's
 * statements are stored all or none, and its promise settles after the commit.
 */

/** Most statements in one pipeline; a busier turn sends more pipelines, on other connections. */
const MAX_STEPS = 256;

export interface BatchStep {
  step: Step;
  values: (string | null)[];
}

interface Member {
  steps: BatchStep[];
  /** Only reads: goes first, and needs nothing rolled back. */
  reads: boolean;
  resolve: (results: StepResult[]) => void;
  reject: (error: unknown) => void;
}

export class PipelineBatcher {
  readonly #pool: pg.Pool;
  #members: Member[] = [];
  #scheduled = false;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  /**
   * Runs `steps` as one transaction of their own (statements that need no other round trip),
   * with the other members of this turn; their results in order. Rejects with the error of the
   * first of them that failed, nothing of them stored.
   */
  run(steps: BatchStep[], reads = false): Promise<StepResult[]> {
    return new Promise((resolve, reject) => {
      this.#members.push({ steps, reads, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    const members = this.#members;
    this.#members = [];
    this.#scheduled = false;
    // Reads first; then the writes, in the order they committed.
    const ordered = [...members.filter((member) => member.reads), ...members.filter((member) => !member.reads)];
    let group: Member[] = [];
    let size = 0;
    for (const member of ordered) {
      if (group.length > 0 && size + member.steps.length > MAX_STEPS) {
        void this.#send(group);
        group = [];
        size = 0;
      }
      group.push(member);
      size += member.steps.length;
    }
    if (group.length > 0) void this.#send(group);
  }

  async #send(group: Member[]): Promise<void> {
    try {
      const results = await this.#alone(group.flatMap((member) => member.steps));
      let at = 0;
      for (const member of group) {
        member.resolve(results.slice(at, at + member.steps.length));
        at += member.steps.length;
      }
    } catch (error) {
      if (group.length === 1) {
        (group[0] as Member).reject(error);
        return;
      }
      // Nothing was stored. The member whose statement was refused runs again alone, for its
      // own answer, and the rest again together; without such a statement, each member alone.
      const failing = memberAt(group, (error as { failedStep?: number }).failedStep);
      if (failing === undefined) {
        await Promise.all(group.map((member) => this.#send([member])));
        return;
      }
      await Promise.all([this.#send([failing]), this.#send(group.filter((member) => member !== failing))]);
    }
  }

  /** One pipeline on a connection taken for it. */
  async #alone(steps: BatchStep[]): Promise<StepResult[]> {
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    try {
      return await runPipeline(client, steps, types);
    } catch (error) {
      // A pipeline that failed after preparing statements leaves the connection's prepared names unknown.
      if ((error as { pipelinePrepared?: boolean }).pipelinePrepared === true) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/** The member whose statements hold the pipeline's statement `step`. */
function memberAt(group: readonly Member[], step: number | undefined): Member | undefined {
  if (step === undefined) return undefined;
  let end = 0;
  for (const member of group) {
    end += member.steps.length;
    if (step < end) return member;
  }
  return undefined;
}
