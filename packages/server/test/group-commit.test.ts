import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { WriteConflict, type Param } from '../src/db/statements.js';
import { testDatabase } from './helpers.js';

/**
 * Group commit under a burst (docs/storage.md): more one-message transactions in one turn than
 * one batch holds (256 statements on PostgreSQL), so the turn goes out as several batches, one of
 * which fails and runs its members again alone. Each one settles with its own answer: every
 * write commits, and the one whose optimistic write finds no row fails alone.
 */
describe('a burst of one-message transactions', async () => {
  const storage = await openDatabase(await testDatabase('group-commit.db'));
  afterAll(() => storage.close());
  const count = 700;
  const ids = Array.from({ length: count }, (_, i) => `ws_burst_${i}`);
  await storage.db.insertInto('workspaces')
    .values(ids.map((id) => ({ id, name: 'Before', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' })))
    .execute();
  const rename = storage.compile((p: Param<'id' | 'name'>) => storage.db.updateTable('workspaces').set({ name: p('name') }).where('id', '=', p('id')));

  it('commits every write and fails only the one that conflicts', async () => {
    const results = await Promise.allSettled([
      ...ids.map((id) => storage.transaction((tx) => rename.expect(tx, { id, name: `After ${id}` }))),
      storage.transaction((tx) => rename.expect(tx, { id: 'ws_missing', name: 'Nobody' })),
    ]);
    expect(results.slice(0, count).every((result) => result.status === 'fulfilled')).toBe(true);
    const last = results[count];
    expect(last?.status === 'rejected' && last.reason instanceof WriteConflict).toBe(true);
    const rows = await storage.db.selectFrom('workspaces').select(['id', 'name']).where('id', 'in', ids).execute();
    expect(rows.filter((row) => row.name === `After ${row.id}`)).toHaveLength(count);
  });
});
