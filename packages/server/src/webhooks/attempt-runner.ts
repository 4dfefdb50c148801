import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AttemptClient, type AttemptRequest, type AttemptResult, type AttemptSettings } from './attempt.js';

/** Where attempts run: a worker thread, or this thread (`thread` says which). */
export interface AttemptRunner {
  readonly thread: 'worker' | 'main';
  attempt(request: AttemptRequest): Promise<AttemptResult>;
  /** Abandons the attempts in flight (their leases expire and they are sent again). */
  close(): void;
}

/**
 * Opens the delivery thread (docs/webhooks.md, "Delivery"): an HTTP attempt costs about as much
 * CPU as the vote that caused it, so attempts run on a worker thread of their own and the API
 * thread keeps only the outbox bookkeeping. The worker is the built `attempt-worker.js`; run
 * from the TypeScript sources (the test runner), or when `thread` is 'main', or when the worker
 * cannot start, attempts run on this thread with the same code.
 */
export function openAttemptRunner(settings: AttemptSettings, thread: 'worker' | 'main', log: { warn(obj: object, msg: string): void }): AttemptRunner {
  const file = new URL('./attempt-worker.js', import.meta.url);
  if (thread === 'main' || !import.meta.url.endsWith('.js') || !existsSync(fileURLToPath(file))) return inThread(settings);
  try {
    return new WorkerRunner(new Worker(file, { workerData: settings }), settings, log);
  } catch (error) {
    log.warn({ err: error }, 'webhooks: the delivery thread could not start; delivering on the main thread');
    return inThread(settings);
  }
}

function inThread(settings: AttemptSettings): AttemptRunner {
  const client = new AttemptClient(settings);
  return { thread: 'main', attempt: (request) => client.attempt(request), close: () => client.close() };
}

class WorkerRunner implements AttemptRunner {
  readonly thread = 'worker' as const;
  readonly #worker: Worker;
  readonly #pending = new Map<number, (result: AttemptResult) => void>();
  #next = 1;
  #outbox: Array<{ n: number; request: AttemptRequest }> = [];
  /** Set when the worker stopped unexpectedly: attempts then run here. */
  #fallback: AttemptClient | undefined;
  #closed = false;

  constructor(worker: Worker, settings: AttemptSettings, log: { warn(obj: object, msg: string): void }) {
    this.#worker = worker;
    worker.unref();
    worker.on('message', (batch: Array<{ n: number; result: AttemptResult }>) => {
      for (const { n, result } of batch) {
        const resolve = this.#pending.get(n);
        this.#pending.delete(n);
        resolve?.(result);
      }
    });
    const stopped = (why: string) => {
      if (this.#closed || this.#fallback !== undefined) return;
      log.warn({ why }, 'webhooks: the delivery thread stopped; delivering on the main thread');
      this.#fallback = new AttemptClient(settings);
      // Attempts it held end as failed attempts and are retried on the schedule.
      for (const resolve of this.#pending.values()) resolve({ statusCode: null, excerpt: null, error: 'the delivery thread stopped', retryAfterSeconds: null, latencyMs: 0 });
      this.#pending.clear();
    };
    worker.on('error', (error) => stopped(error.message));
    worker.on('exit', (code) => stopped(`exit ${code}`));
  }

  attempt(request: AttemptRequest): Promise<AttemptResult> {
    if (this.#fallback !== undefined) return this.#fallback.attempt(request);
    const n = this.#next++;
    // Everything asked in one turn goes in one message.
    if (this.#outbox.length === 0) setImmediate(() => this.#flush());
    this.#outbox.push({ n, request });
    return new Promise((resolve) => this.#pending.set(n, resolve));
  }

  close(): void {
    this.#closed = true;
    this.#pending.clear();
    this.#fallback?.close();
    void this.#worker.terminate();
  }

  #flush(): void {
    const batch = this.#outbox;
    this.#outbox = [];
    if (this.#closed || batch.length === 0) return;
    if (this.#fallback !== undefined) {
      for (const { n, request } of batch) {
        const resolve = this.#pending.get(n);
        this.#pending.delete(n);
        if (resolve) void this.#fallback.attempt(request).then(resolve);
      }
      return;
    }
    this.#worker.postMessage(batch);
  }
}
