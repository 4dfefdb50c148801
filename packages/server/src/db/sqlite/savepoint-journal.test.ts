import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../connect.js';
import type { Param } from '../statements.js';

/** The temporary files SQLite has open in this process (it names them `etilqs_…` and unlinks them at once). */
function sqliteTempFiles(): string[] {
  const links: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      links.push(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      // Closed while listed.
    }
  }
  return links.filter((link) => link.includes('etilqs_'));
}

/**
 * A group commit runs each write in a savepoint, and SQLite keeps a copy of every page a
 * savepoint changes in a sub-journal, spilled to a temporary file past 64 KiB unless temporary
 * storage is in memory (open.ts): through the kernel, that copy cost a vote with its webhook
 * delivery 70 KB of writes.
 */
describe.runIf(process.platform === 'linux')('savepoints of a group commit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inlay-savepoint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keep their sub-journal in memory, however many pages a write changes', async () => {
    const storage = await openDatabase(join(dir, 'journal.db'));
    try {
      const ids = Array.from({ length: 400 }, (_, i) => `ws_journal_${i}`);
      await storage.db.insertInto('workspaces')
        .values(ids.map((id) => ({ id, name: `${id} ${'x'.repeat(900)}`, plan: 'free', created_at: '2026-01-01T00:00:00.000Z' })))
        .execute();
      const rename = storage.compile((p: Param<'id' | 'name'>) => storage.db.updateTable('workspaces').set({ name: p('name') }).where('id', '=', p('id')));

      // About 100 pages changed inside one write's savepoint: far past the 64 KiB spill.
      const during = await storage.transaction(async (tx) => {
        for (const id of ids) await rename.expect(tx, { id, name: `${id} ${'y'.repeat(900)}` }, 1);
        return sqliteTempFiles();
      });

      expect(during).toEqual([]);
      const renamed = await storage.db.selectFrom('workspaces').select('name').where('id', 'in', ids).execute();
      expect(renamed.filter((row) => row.name.endsWith('y'))).toHaveLength(ids.length);
    } finally {
      await storage.close();
    }
  });
});
