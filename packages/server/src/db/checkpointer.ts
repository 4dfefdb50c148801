import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints on a worker thread. A checkpoint copies the write-ahead log into the database
 * file and syncs it; run by the writing connection (SQLite's default, every 1,000 pages), it
 * stalls the event loop in the middle of a request, and under a stream of writes it costs more
 * CPU than the writes themselves. The worker's own connection checkpoints in PASSIVE mode (never
 * blocking readers or the writer) every `intervalMs`; the server's connection keeps a high
 * automatic threshold as a fallback should the worker fall behind.
 *
 * The worker is a small CommonJS script (eval) so it runs the same from the TypeScript sources
 * (tests) and from dist.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next round (or the server's fallback threshold) catches up.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** Pages (4 KiB each) after which the server's own connection checkpoints anyway. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

export interface Checkpointer {
  /** Stops the worker after one last checkpoint; resolves when its connection is closed. */
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, intervalMs = 200): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver, intervalMs } });
  // Never keeps the process alive on its own, and a failing worker only loses the offload.
  worker.unref();
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      if (stopping === undefined) {
        worker.postMessage('stop');
        stopping = exited;
      }
      return stopping;
    },
  };
}
