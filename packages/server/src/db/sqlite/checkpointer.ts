import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints on a worker thread. A checkpoint copies the write-ahead log into the database
 * file and syncs it; run by the writing connection (SQLite's default, every 1,000 pages), it
 * stalls the event loop in the middle of a request, and under a stream of writes it costs more
 * CPU than the writes themselves. The worker's own connection checkpoints in PASSIVE mode (never
 * blocking readers or the writer) every `intervalMs`.
 *
 * A checkpoint alone never shortens the log: SQLite starts writing the WAL from its beginning
 * again only when a write begins with every frame copied, and under a steady stream of writes
 * new frames always arrive while the worker copies. So once the log passes `resetPages`, the
 * worker asks the server to hold its group commits (`pauseWrites`; the event loop, and every
 * read, carries on) while it copies the last frames; the next write then restarts the log. It
 * syncs the database file first, with the writes going on: the checkpoint that copies the whole
 * log also syncs the file, and held, it had every page copied since the last hold to write out.
 * One hold per restart: the worker asks again only once the log has grown past it.
 * The server's connection keeps a high automatic threshold as a fallback should the worker
 * fail.
 *
 * Neither shrinks the file: after a burst the `-wal` keeps the size it grew to (it was measured
 * at 170 MB after a burst of votes). So once no other connection has committed for `idleMs`
 * and the file is larger than `truncateBytes`, the worker runs a TRUNCATE checkpoint, which
 * copies what is left and cuts the file to zero bytes (docs/self-hosting.md). Idle means no
 * writer to wait for, so it is short.
 *
 * The worker is checkpoint-worker.js beside this file; run from the sources, the tests' module
 * hooks (test/support/typescript-threads.mjs) load checkpoint-worker.ts for it.
 */
const WORKER_FILE = new URL('./checkpoint-worker.js', import.meta.url);

/** The `workerData` of the checkpoint thread (checkpoint-worker.ts): the file and the options, defaults filled in. */
export type CheckpointWorkerData = { path: string; started: SharedArrayBuffer } & Required<Omit<CheckpointerOptions, 'pauseWrites'>>;

/** What the thread posts: asks for the writes to be held, or says it copied the log's end. */
export type CheckpointerMessage = 'writes-paused-please' | 'checkpointed';

/** What it is told: the writes are held (copy the log's end now), or checkpoint once more and stop. */
export type CheckpointerCommand = 'writes-paused' | 'stop';

/**
 * Log pages past which the worker has the writes held so that the log starts over. A hold lasts
 * about as long as one checkpoint's sync of what came after the last round (25–65 ms here),
 * whatever the log's length, so the threshold sets how often writes stop: at 4,000 pages a
 * stream of 4,000 votes a second was held three times a second, 13–16% of the time, against
 * 4–8% at 30,000 (docs/decisions.md, "Storage and hot writes"). The price is a longer log: about
 * 150 MB under that stream.
 */
export const RESET_PAGES = 30_000;

/** Pages (4 KiB each) after which the server's own connection checkpoints anyway: well past where the worker starts the log over. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 100_000;

export interface CheckpointerOptions {
  intervalMs?: number;
  /** Log pages past which writes are held for a moment so that the log restarts. */
  resetPages?: number;
  /** A `-wal` file larger than this is truncated once writes have been idle for `idleMs`. */
  truncateBytes?: number;
  /** How long no write may have committed before the log is truncated. */
  idleMs?: number;
  /** Holds the server's writes until `resume` settles. */
  pauseWrites: (resume: Promise<void>) => void;
}

export interface Checkpointer {
  /** Stops the worker after one last checkpoint; resolves when its connection is closed. */
  stop(): Promise<void>;
}

/** `startCheckpointer` waits no longer than this for its worker to be running. */
const MAX_START_WAIT_MS = 5_000;

/** Writes are never held longer than this, should the worker not answer. */
const MAX_PAUSE_MS = 2_000;

/** Defaults of `truncateBytes` and `idleMs` (ServerOptions `walTruncateBytes`, `walIdleMs`). */
export const DEFAULT_WAL_TRUNCATE_BYTES = 16 * 1024 * 1024;
export const DEFAULT_WAL_IDLE_MS = 1_000;

export function startCheckpointer(
  path: string,
  { intervalMs = 200, resetPages = RESET_PAGES, truncateBytes = DEFAULT_WAL_TRUNCATE_BYTES, idleMs = DEFAULT_WAL_IDLE_MS, pauseWrites }: CheckpointerOptions,
): Checkpointer {
  const started = new Int32Array(new SharedArrayBuffer(4));
  const workerData: CheckpointWorkerData = { path, started: started.buffer, intervalMs, resetPages, truncateBytes, idleMs };
  const worker = new Worker(WORKER_FILE, { workerData });
  // Returns once the worker has its connection and its timer, so that writes right after (a
  // burst at start) never run ahead of the checkpoints, however long the thread takes to load:
  // milliseconds from dist, over a second from the sources under the tests' module hooks on a
  // busy machine. It blocks this thread that long, once, as the database opens. Bounded should
  // the worker never get there: checkpoints then only begin late.
  Atomics.wait(started, 0, 0, MAX_START_WAIT_MS);
  const command = (message: CheckpointerCommand) => worker.postMessage(message);
  // Never keeps the process alive on its own, and a failing worker only loses the offload.
  worker.unref();
  let resume: (() => void) | undefined;
  const endPause = () => {
    resume?.();
    resume = undefined;
  };
  worker.on('error', endPause);
  worker.on('message', (message: CheckpointerMessage) => {
    if (message === 'checkpointed') {
      endPause();
    } else if (message === 'writes-paused-please' && resume === undefined && !stopping) {
      // No group commit runs between turns of the event loop: the worker can copy every frame,
      // and the first write after the pause starts the log again. (A Kysely transaction left
      // open across an await only means the log does not restart this time; the worker asks
      // again at its next round.)
      const paused = new Promise<void>((resolve) => {
        const timeout = setTimeout(endPause, MAX_PAUSE_MS);
        resume = () => {
          clearTimeout(timeout);
          resolve();
        };
      });
      pauseWrites(paused);
      command('writes-paused');
    }
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      endPause();
      resolve();
    }),
  );
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      if (stopping === undefined) {
        endPause();
        command('stop');
        stopping = exited;
      }
      return stopping;
    },
  };
}
