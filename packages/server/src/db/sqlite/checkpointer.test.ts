import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startCheckpointer, type CheckpointerOptions } from './checkpointer.js';
import { openDatabase, type Storage } from '../connect.js';
import type { Param } from '../statements.js';
import type { SqliteStorage } from './storage.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function writeRows(storage: Storage, count: number): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1) {
      await trx
        .insertInto('workspaces')
        .values({ id: `ws_${i}`, name: `Workspace ${i} ${'x'.repeat(200)}`, plan: 'free', created_at: '2026-01-01T00:00:00.000Z' })
        .execute();
    }
  });
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A new database whose only checkpoints are those of a worker started with `options` (the
 * connection's own threshold is off), counting the holds the worker asks for.
 */
async function onlyWorkerCheckpoints(options: Omit<CheckpointerOptions, 'pauseWrites'>) {
  const dir = mkdtempSync(join(tmpdir(), 'inlay-ckpt-'));
  dirs.push(dir);
  const path = join(dir, 'inlay.db');
  const storage = await openDatabase(path);
  await sql`PRAGMA wal_autocheckpoint = 0`.execute(storage.db);
  const holds = { count: 0 };
  const checkpointer = startCheckpointer(path, {
    ...options,
    pauseWrites: (resume) => {
      holds.count += 1;
      (storage as SqliteStorage).pauseWrites(resume);
    },
  });
  return { path, storage, checkpointer, holds };
}

describe('background checkpoints', () => {
  it('truncate a large -wal once a burst of writes is over', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inlay-ckpt-'));
    dirs.push(dir);
    const path = join(dir, 'inlay.db');
    const storage = await openDatabase(path, { backgroundCheckpoints: true, walTruncateBytes: 1024 * 1024, walIdleMs: 300 });
    try {
      // One burst of about 8 MB, committed at once: the log grows past it.
      await sql`CREATE TABLE burst (payload BLOB)`.execute(storage.db);
      await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO burst SELECT randomblob(4000) FROM n`.execute(storage.db);
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(4 * 1024 * 1024);
      // Then nothing: the worker cuts the log to nothing, and every row is in the database file.
      await until(() => statSync(`${path}-wal`).size === 0, 30_000);
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM burst`.execute(storage.db);
      expect(count.rows[0]?.n).toBe(2000);
    } finally {
      await storage.close();
    }
  });

  it('move committed writes from the WAL into the database file without the server connection doing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inlay-ckpt-'));
    dirs.push(dir);
    const path = join(dir, 'inlay.db');
    const storage = await openDatabase(path, { backgroundCheckpoints: true });
    const sizeAfterMigrations = statSync(path).size;
    await writeRows(storage, 2_000); // ~150 pages: far below the server connection's own threshold
    await until(() => statSync(path).size > sizeAfterMigrations + 100 * 4096);
    await storage.close();

    // Everything committed is readable by a fresh connection.
    await until(() => {
      const reader = new BetterSqlite3(path, { readonly: true });
      try {
        return (reader.prepare('SELECT count(*) AS n FROM workspaces').get() as { n: number }).n === 2_000;
      } finally {
        reader.close();
      }
    });
  });

  it('are off unless asked for: the writes stay in the WAL below the threshold', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inlay-ckpt-'));
    dirs.push(dir);
    const path = join(dir, 'inlay.db');
    const storage = await openDatabase(path);
    // A control: the same writes, made just after, on a database with background checkpoints.
    // Once its worker has moved them into its file, a worker on the first would have had the
    // time to do the same.
    const controlPath = join(dir, 'control.db');
    const control = await openDatabase(controlPath, { backgroundCheckpoints: true });
    try {
      const sizeAfterMigrations = statSync(path).size;
      const controlAfterMigrations = statSync(controlPath).size;
      await writeRows(storage, 2_000);
      await writeRows(control, 2_000);
      await until(() => statSync(controlPath).size > controlAfterMigrations + 100 * 4096);
      expect(statSync(path).size).toBeLessThan(sizeAfterMigrations + 100 * 4096);
    } finally {
      await control.close();
      await storage.close();
    }
  });

  it('restart the log under a steady stream of writes, by holding the writes while they copy its end', async () => {
    const { path, storage, checkpointer, holds } = await onlyWorkerCheckpoints({ intervalMs: 10, resetPages: 100 });
    const add = storage.compile((p: Param<'id' | 'name' | 'plan' | 'createdAt'>) =>
          storage.db.insertInto('workspaces').values({ id: p('id'), name: p('name'), plan: p('plan'), created_at: p('createdAt') }));
    // SQLite counts the log's restarts in its header (bytes 12-15: the checkpoint sequence).
    const restarts = () => {
      const header = Buffer.alloc(16);
      const fd = openSync(`${path}-wal`, 'r');
      try {
        readSync(fd, header, 0, 16, 0);
      } finally {
        closeSync(fd);
      }
      return header.readUInt32BE(12);
    };
    const before = restarts();
    // About 16,000 pages, two rows per transaction, one transaction after another: without the
    // pause, a checkpoint always has a write landing while it copies, and the log never restarts.
    const name = 'x'.repeat(3_000);
    for (let round = 0; round < 3_000; round += 1) {
      await storage.transaction(async (tx) => {
              for (let i = 0; i < 2; i += 1) await add.run(tx, { id: `ws_${round}_${i}`, name, plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' });
            });
    }
    expect(holds.count).toBeGreaterThanOrEqual(2);
    expect(restarts() - before).toBeGreaterThanOrEqual(2);
    await checkpointer.stop();
    await storage.close();
  });

  /**
   * About 1,000 pages in one transaction, then no write at all, with a worker that holds the
   * writes past 100 pages and truncates the log after 100 ms idle: runs `check` once the log was
   * held and then truncated.
   */
  async function burstThenIdle(check: (path: string, holds: number) => void): Promise<void> {
    const { path, storage, checkpointer, holds } = await onlyWorkerCheckpoints({ intervalMs: 10, resetPages: 100, truncateBytes: 1, idleMs: 100 });
    try {
      await writeRows(storage, 8_000);
      await until(() => holds.count >= 1);
      await until(() => statSync(`${path}-wal`).size === 0, 10_000);
      check(path, holds.count);
    } finally {
      await checkpointer.stop();
      await storage.close();
    }
  }

  it('hold the writes once for a log that waits for a write to start over, then truncate it when idle', async () => {
    // The log stays past `resetPages` until the worker truncates it. Asked for a hold at every
    // round instead, the worker would never get to the truncation (burstThenIdle times out).
    await burstThenIdle((_path, holds) => expect(holds).toBe(1));
  });

  it('leave the locks this process holds on the database file in place through a hold', async () => {
    // Held, and truncated after: the worker has synced the file for its hold.
    await burstThenIdle((path) => {
      // Another process cannot open the file in exclusive locking mode (which would read and write
      // the log without the shared memory this process uses) while this one has it open: its
      // connections' shared locks on the file hold. Closing any descriptor of the file in this
      // process would have dropped them all: POSIX locks belong to the process, not to a descriptor.
      const other = spawnSync(
        process.execPath,
        ['-e', `const db = new (require('better-sqlite3'))(${JSON.stringify(path)}, { timeout: 0 }); try { db.pragma('locking_mode = EXCLUSIVE'); console.log(db.prepare('SELECT count(*) AS n FROM workspaces').get().n); } catch (error) { console.log(error.code); }`],
        { cwd: new URL('../../..', import.meta.url), encoding: 'utf8' },
      );
      expect(other.stdout.trim()).toBe('SQLITE_BUSY');
    });
  });
});
