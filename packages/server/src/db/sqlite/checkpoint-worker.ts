import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { CheckpointerCommand, CheckpointerMessage, CheckpointWorkerData } from './checkpointer.js';

/**
 * The checkpoint thread (checkpointer.ts says why and when): its own connection checkpoints in
 * PASSIVE mode every `intervalMs`, asks for the writes to be held once the log passes
 * `resetPages`, and truncates the log once writes have been idle.
 */
const port = parentPort;
if (port === null) throw new Error('checkpoint-worker.js runs as a worker thread');
const { path, started, intervalMs, resetPages, truncateBytes, idleMs } = workerData as CheckpointWorkerData;
const db = new BetterSqlite3(path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');

const post = (message: CheckpointerMessage) => port.postMessage(message);

/** Frames still in the log after a checkpoint, or -1 when it could not run. */
function checkpoint(): number {
  try {
    return (db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0]?.log ?? -1;
  } catch {
    // Busy or closing: the next round (or the server's fallback threshold) catches up.
    return -1;
  }
}

function walBytes(): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

// data_version changes whenever another connection commits: the server's writes.
const dataVersion = () => db.pragma('data_version', { simple: true });
let lastVersion = dataVersion();
let quietSince = Date.now();

function truncateWhenIdle(): void {
  const version = dataVersion();
  const now = Date.now();
  if (version !== lastVersion) {
    lastVersion = version;
    quietSince = now;
  } else if (now - quietSince >= idleMs && walBytes() > truncateBytes) {
    quietSince = now;
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy after all: the next quiet spell tries again.
    }
  }
}

const timer = setInterval(() => {
  if (checkpoint() > resetPages) post('writes-paused-please');
  else truncateWhenIdle();
}, intervalMs);

port.on('message', (command: CheckpointerCommand) => {
  if (command === 'writes-paused') {
    checkpoint();
    post('checkpointed');
    return;
  }
  clearInterval(timer);
  checkpoint();
  db.close();
  port.close();
});

// Running: startCheckpointer returns.
const flag = new Int32Array(started);
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
