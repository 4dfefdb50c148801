import { createRequire } from 'node:module';
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
 * read, carries on) while it copies the last frames; the next write then restarts the log.
 * The server's connection keeps a high automatic threshold as a fallback should the worker
 * fail.
 *
 * Neither shrinks the file: after a burst the `-wal` keeps the size it grew to (it was measured
 * at 170 MB after a burst of votes). So once no other connection has committed for `idleMs`
 * and the file is larger than `truncateBytes`, the worker runs a TRUNCATE checkpoint, which
 * copies what is left and cuts the file to zero bytes (docs/self-hosting.md). Idle means no
 * writer to wait for, so it is short.
 *
 * The worker is a small CommonJS script (eval) so it runs the same from the TypeScript sources
 * (tests) and from dist.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
/** Frames still in the log after a checkpoint, or -1 when it could not run. */
const checkpoint = () => {
  try {
    return db.pragma('wal_checkpoint(PASSIVE)')[0].log;
  } catch {
    // Busy or closing: the next round (or the server's fallback threshold) catches up.
    return -1;
  }
};
const { statSync } = require('node:fs');
const walBytes = () => {
  try {
    return statSync(workerData.path + '-wal').size;
  } catch {
    return 0;
  }
};
// data_version changes whenever another connection commits: the server's writes.
const dataVersion = () => db.pragma('data_version', { simple: true });
let lastVersion = dataVersion();
let quietSince = Date.now();
const truncateWhenIdle = () => {
  const version = dataVersion();
  const now = Date.now();
  if (version !== lastVersion) {
    lastVersion = version;
    quietSince = now;
  } else if (now - quietSince >= workerData.idleMs && walBytes() > workerData.truncateBytes) {
    quietSince = now;
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy after all: the next quiet spell tries again.
    }
  }
};
const timer = setInterval(() => {
  if (checkpoint() > workerData.resetPages) parentPort.postMessage('writes-paused-please');
  else truncateWhenIdle();
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'writes-paused') {
    checkpoint();
    parentPort.postMessage('checkpointed');
    return;
  }
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** Pages (4 KiB each) after which the server's own connection checkpoints anyway. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 50_000;

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

/** Writes are never held longer than this, should the worker not answer. */
const MAX_PAUSE_MS = 2_000;

/** Defaults of `truncateBytes` and `idleMs` (ServerOptions `walTruncateBytes`, `walIdleMs`). */
export const DEFAULT_WAL_TRUNCATE_BYTES = 16 * 1024 * 1024;
export const DEFAULT_WAL_IDLE_MS = 1_000;

export function startCheckpointer(
  path: string,
  { intervalMs = 200, resetPages = 4_000, truncateBytes = DEFAULT_WAL_TRUNCATE_BYTES, idleMs = DEFAULT_WAL_IDLE_MS, pauseWrites }: CheckpointerOptions,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver, intervalMs, resetPages, truncateBytes, idleMs } });
  // Never keeps the process alive on its own, and a failing worker only loses the offload.
  worker.unref();
  let resume: (() => void) | undefined;
  const endPause = () => {
    resume?.();
    resume = undefined;
  };
  worker.on('error', endPause);
  worker.on('message', (message) => {
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
      worker.postMessage('writes-paused');
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
        worker.postMessage('stop');
        stopping = exited;
      }
      return stopping;
    },
  };
}
