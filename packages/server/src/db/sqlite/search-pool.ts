import { Worker } from 'node:worker_threads';
import { CompiledQuery } from 'kysely';
import { deduplicated, tooExpensive, type Outcome, type PostSearchLimits, type SearchJob, type SearchReader, type SearchStatement } from '../post-search.js';
import { rankCandidates } from '../search-rank.js';
import type { Db } from '../storage.js';

/**
 * The search thread, beside this file: the built search-worker.js; run from the sources, the
 * tests' module hooks (test/support/typescript-threads.mjs) load search-worker.ts for it.
 */
const WORKER_FILE = new URL('./search-worker.js', import.meta.url);

/** The `workerData` of a search thread (search-worker.ts). */
export interface SearchWorkerData {
  /** The database file, opened read-only. */
  path: string;
  /** The pool's gate (`SearchPool.hold`): a worker waits before each job while it holds 1. */
  gate: SharedArrayBuffer;
}

/** What a search thread posts: `ready` once its connection is open, then one answer per job. */
export type SearchWorkerMessage = { ready: true } | { ok: true; outcome: Outcome } | { ok: false; message: string };

interface Pending {
  job: SearchJob;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker | undefined;
  /** The worker has opened its connection: the time budget runs from then on. */
  ready: boolean;
  current: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Search reads on worker threads, so that no search holds the event loop (docs/security.md,
 * Search). Workers start on the first search; a job waits in line for a free one. A job still
 * running after `timeoutMs` is abandoned: its worker is terminated (a statement already inside
 * SQLite finishes first, bounded by the row budget) and replaced, and the search answers
 * `search_too_expensive`.
 */
export class SearchPool {
  readonly #path: string;
  readonly #options: PostSearchLimits;
  readonly #gate = new SharedArrayBuffer(4);
  readonly #slots: Slot[];
  readonly #queue: Pending[] = [];
  #closed = false;

  constructor(path: string, options: PostSearchLimits) {
    this.#path = path;
    this.#options = options;
    this.#slots = Array.from({ length: Math.max(1, options.workers) }, () => ({ worker: undefined, ready: false, current: undefined, timer: undefined }));
  }

  run(job: SearchJob): Promise<Outcome> {
    if (this.#closed) return Promise.reject(new Error('the search pool is closed'));
    return new Promise<Outcome>((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#pump();
    });
  }

  /** Searches on a worker now (not waiting in line). */
  get running(): number {
    return this.#slots.filter((slot) => slot.current !== undefined).length;
  }

  /**
   * Holds every worker before its next job until the returned function is called: lets a test
   * keep a search running, deterministically, while it checks that the server answers others.
   */
  hold(): () => void {
    const gate = new Int32Array(this.#gate);
    Atomics.store(gate, 0, 1);
    return () => {
      Atomics.store(gate, 0, 0);
      Atomics.notify(gate, 0);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const pending of this.#queue.splice(0)) pending.reject(new Error('the search pool is closed'));
    await Promise.all(
      this.#slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = undefined;
        this.#finish(slot)?.reject(new Error('the search pool is closed'));
        if (worker) await worker.terminate();
      }),
    );
  }

  #pump(): void {
    for (const slot of this.#slots) {
      if (slot.current !== undefined) continue;
      const pending = this.#queue.shift();
      if (pending === undefined) return;
      const worker = (slot.worker ??= this.#spawn(slot));
      slot.current = pending;
      if (slot.ready) this.#startTimer(slot);
      worker.postMessage(pending.job);
    }
  }

  #startTimer(slot: Slot): void {
    slot.timer = setTimeout(() => this.#abandon(slot), this.#options.timeoutMs);
  }

  #spawn(slot: Slot): Worker {
    const workerData: SearchWorkerData = { path: this.#path, gate: this.#gate };
    const worker = new Worker(WORKER_FILE, { workerData });
    // Never keeps the process alive on its own.
    worker.unref();
    slot.ready = false;
    worker.on('message', (message: SearchWorkerMessage) => {
      if (slot.worker !== worker) return;
      if ('ready' in message) {
        slot.ready = true;
        if (slot.current !== undefined) this.#startTimer(slot);
        return;
      }
      const pending = this.#finish(slot);
      if (message.ok) pending?.resolve(message.outcome);
      else pending?.reject(new Error(`search failed: ${message.message}`));
      this.#pump();
    });
    const lost = (error: unknown) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      this.#finish(slot)?.reject(error instanceof Error ? error : new Error('the search worker stopped'));
      if (!this.#closed) this.#pump();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    return worker;
  }

  #finish(slot: Slot): Pending | undefined {
    const pending = slot.current;
    clearTimeout(slot.timer);
    slot.current = undefined;
    slot.timer = undefined;
    return pending;
  }

  #abandon(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.terminate();
    this.#finish(slot)?.reject(tooExpensive('took longer than a search may'));
    this.#pump();
  }
}

/** Searches on worker threads over the database file at `path`. */
export function workerSearchReader(path: string, options: PostSearchLimits): SearchReader & { pool: SearchPool } {
  const pool = new SearchPool(path, options);
  return { pool, run: deduplicated((job) => pool.run(job)), close: () => pool.close() };
}

/**
 * Searches on the server's own connection, on the event loop: for `:memory:` databases, which
 * no other connection can open (tests and trials). The row budget applies; the time budget
 * cannot (a running statement cannot be abandoned).
 */
export function inlineSearchReader(db: Db): SearchReader {
  const all = async (statement: SearchStatement) => (await db.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]))).rows as Array<Record<string, unknown>>;
  return {
    run: deduplicated(async (job) => {
      if (job.precheck && (await all(job.precheck)).length === 0) return { ids: [] };
      const rows = await all(job.candidates);
      if (rows.length < job.needed && Number((await all(job.budget))[0]?.n) >= job.maxRows) return { exhausted: true };
      const candidates = rows as unknown as Array<{ id: string; title: string; body: string; vote_count: number }>;
      return { ids: job.rank ? rankCandidates(candidates, job.rank.terms, job.rank.cap) : candidates.map((row) => row.id) };
    }),
    close: () => Promise.resolve(),
  };
}
