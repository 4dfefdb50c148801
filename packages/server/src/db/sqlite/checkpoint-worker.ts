import { fsyncSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
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

/** Frames in the log after a PASSIVE checkpoint, or -1 when it could not run. */
function checkpoint(): number {
  try {
    return (db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0]?.log ?? -1;
  } catch {
    // Busy or closing: the next round (or the server's fallback threshold) catches up.
    return -1;
  }
}

/** The database file's own name, as /proc/self/fd shows it. */
const file = realpathSync(path);

/** Whether descriptor `fd` of this process is open on the database file. */
function isDatabaseFile(fd: number): boolean {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`) === file;
  } catch {
    return false;
  }
}

/** The descriptor found last time: a server holds thousands of sockets, so it is checked before the list is read again. */
let lastDescriptor: number | undefined;

/**
 * A descriptor of the database file that SQLite holds open in this process (Linux's
 * /proc/self/fd), or undefined. The file is never opened here: closing any descriptor of it would
 * drop every POSIX lock this process's connections hold on it (locks belong to the process), and
 * another process could then open it in exclusive locking mode beside the server's.
 */
function sqliteDescriptor(): number | undefined {
  if (lastDescriptor !== undefined && isDatabaseFile(lastDescriptor)) return lastDescriptor;
  lastDescriptor = undefined;
  try {
    for (const entry of readdirSync('/proc/self/fd')) {
      const fd = Number(entry);
      if (isDatabaseFile(fd)) return (lastDescriptor = fd);
    }
  } catch {
    // No /proc (not Linux): the held checkpoint syncs the file, as SQLite does.
  }
  return undefined;
}

/**
 * Makes the database file's copied pages durable before the writes are held. A checkpoint syncs
 * the database file only when it copies the whole log, which under a stream of writes only the
 * held one does: its sync then wrote out every page the checkpoints had copied since the last
 * hold (150–300 ms held at 100,000 posts). Synced here, with the writes going on, and copied once
 * more, the held checkpoint syncs only what came after.
 */
function prepareHold(): void {
  const fd = sqliteDescriptor();
  if (fd !== undefined) {
    try {
      fsyncSync(fd);
    } catch {
      // Closed meanwhile: the held checkpoint syncs what this would have.
    }
  }
  checkpoint();
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

/** The log's length when the writes were last held: until a write starts the log over, it stays so, and needs no second hold. */
let heldAt = -1;
/** When a hold was asked for, while it is not over: the rounds wait for it (for at most HOLD_ANSWER_MS). */
let askedAt: number | undefined;
const HOLD_ANSWER_MS = 5_000;

const timer = setInterval(() => {
  if (askedAt !== undefined && Date.now() - askedAt < HOLD_ANSWER_MS) return;
  const log = checkpoint();
  if (log > resetPages && log !== heldAt) {
    prepareHold();
    askedAt = Date.now();
    post('writes-paused-please');
  } else {
    truncateWhenIdle();
  }
}, intervalMs);

port.on('message', (command: CheckpointerCommand) => {
  if (command === 'writes-paused') {
    heldAt = checkpoint();
    askedAt = undefined;
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
