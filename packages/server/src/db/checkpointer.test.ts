import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startCheckpointer } from './checkpointer.js';
import { compile, pauseGroupCommits, transactionSync, type Param } from './compiled.js';
import { openDatabase, type Db } from './connect.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function writeRows(db: Db, count: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
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

describe('background checkpoints', () => {
  it('move committed writes from the WAL into the database file without the server connection doing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inlay-ckpt-'));
    dirs.push(dir);
    const path = join(dir, 'inlay.db');
    const db = await openDatabase(path, { backgroundCheckpoints: true });
    const sizeAfterMigrations = statSync(path).size;
    await writeRows(db, 2_000); // ~150 pages: far below the server connection's own threshold
    await until(() => statSync(path).size > sizeAfterMigrations + 100 * 4096);
    await db.destroy();

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
    const db = await openDatabase(path);
    const sizeAfterMigrations = statSync(path).size;
    await writeRows(db, 2_000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(statSync(path).size).toBeLessThan(sizeAfterMigrations + 100 * 4096);
    await db.destroy();
  });

  it('keep the log short under a steady stream of writes, by holding the writes while they copy its end', async () => {
    const wal = async (pauseWrites: (db: Db) => (resume: Promise<void>) => void) => {
      const dir = mkdtempSync(join(tmpdir(), 'inlay-ckpt-'));
      dirs.push(dir);
      const path = join(dir, 'inlay.db');
      const db = await openDatabase(path);
      // Only the worker checkpoints here: the connection's own threshold is off.
      await sql`PRAGMA wal_autocheckpoint = 0`.execute(db);
      const checkpointer = startCheckpointer(path, { intervalMs: 10, resetPages: 100, pauseWrites: pauseWrites(db) });
      const add = compile(db, (p: Param<'id' | 'name' | 'plan' | 'createdAt'>) =>
        db.insertInto('workspaces').values({ id: p('id'), name: p('name'), plan: p('plan'), created_at: p('createdAt') }),
      );
      // About 6,000 pages written, two rows per transaction, one transaction after another.
      const name = 'x'.repeat(3_000);
      let largest = 0;
      for (let round = 0; round < 3_000; round += 1) {
        await transactionSync(db, () => {
          for (let i = 0; i < 2; i += 1) add.run({ id: `ws_${round}_${i}`, name, plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' });
        });
        if (round % 10 === 0) largest = Math.max(largest, statSync(`${path}-wal`).size);
      }
      await checkpointer.stop();
      await db.destroy();
      return largest;
    };
    const held = await wal((db) => (resume) => pauseGroupCommits(db, resume));
    const notHeld = await wal(() => () => undefined);
    // Not held, the log never restarts: it holds every page written (about 16,000). Held, it
    // restarts every few hundred pages, and its largest size is a fraction of that.
    expect(notHeld).toBeGreaterThan(12_000 * 4096);
    expect(held).toBeLessThan(notHeld / 2);
  });
});
