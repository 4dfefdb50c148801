import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Param } from './statements.js';
import type { SqliteStorage } from './sqlite/storage.js';
import { perStorage } from './storage.js';
import { openDatabase, type Storage } from './connect.js';

let storage: Storage;
beforeEach(async () => {
  storage = await openDatabase(':memory:');
  await storage.db.insertInto('workspaces')
    .values({ id: 'ws_1', name: 'One', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' })
    .execute();
});
afterEach(() => storage.close());

const statements = perStorage((storage) => ({
  rename: storage.compile((p: Param<'id' | 'name'>) => storage.db.updateTable('workspaces').set({ name: p('name') }).where('id', '=', p('id'))),
  byName: storage.compile((p: Param<'name'>) => storage.db.selectFrom('workspaces').select(['id', 'name']).where('name', '=', p('name')).where('id', '!=', p('name'))),
}));

describe('compiled statements', () => {
  it('bind named parameters in the order the SQL needs them, a name used twice included', async () => {
    const { rename, byName } = statements(storage);
    expect(await storage.transaction((tx) => rename.run(tx, { name: 'Renamed', id: 'ws_1' }))).toBe(1);
    expect(await storage.read((tx) => byName.all(tx, { name: 'Renamed' }))).toEqual([{ id: 'ws_1', name: 'Renamed' }]);
    expect(await storage.read((tx) => byName.get(tx, { name: 'Other' }))).toBeUndefined();
  });

  it('are compiled once per database', () => {
    expect(statements(storage)).toBe(statements(storage));
  });

  it('refuse a query with a literal value instead of a named parameter', () => {
    expect(() => storage.compile(() => storage.db.selectFrom('workspaces').select('id').where('id', '=', 'ws_1'))).toThrow(/named parameters only/);
  });
});

describe('transaction (SQLite group commit)', () => {
  it('rolls back everything when the work throws', async () => {
    const { rename } = statements(storage);
    await expect(
      storage.transaction(async (tx) => {
                await rename.run(tx, { id: 'ws_1', name: 'Half done' });
                throw new Error('refused');
              }),
    ).rejects.toThrow('refused');
    const row = await storage.db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow();
    expect(row.name).toBe('One');
  });

  it('commits the writes of one event-loop turn together, and a throwing one rolls back only itself', async () => {
    await storage.db.insertInto('workspaces')
      .values({ id: 'ws_2', name: 'Two', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const { rename } = statements(storage);
    const results = await Promise.allSettled([
      storage.transaction((tx) => rename.run(tx, { id: 'ws_1', name: 'First' })),
      storage.transaction(async (tx) => {
                await rename.run(tx, { id: 'ws_1', name: 'Lost' });
                throw new Error('refused');
              }),
      storage.transaction((tx) => rename.run(tx, { id: 'ws_2', name: 'Third' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await storage.db.selectFrom('workspaces').select(['id', 'name']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'ws_1', name: 'First' },
      { id: 'ws_2', name: 'Third' },
    ]);
  });

  it('waits for an open Kysely transaction instead of running inside it', async () => {
    const { rename } = statements(storage);
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const kyselyTransaction = storage.db.transaction().execute(async (trx) => {
      await trx.updateTable('workspaces').set({ name: 'From Kysely' }).where('id', '=', 'ws_1').execute();
      await gate;
      seen.push('kysely committed');
      throw new Error('rolled back');
    });
    const sync = storage.transaction((tx) => {
          seen.push('sync ran');
          return rename.run(tx, { id: 'ws_1', name: 'From sync' });
        });
    // The group commit starts on the next turn of the event loop and asks Kysely for the
    // connection, its steps promise callbacks only: after a few turns it has run or is waiting.
    for (let tick = 0; tick < 5; tick += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    release();
    await expect(kyselyTransaction).rejects.toThrow('rolled back');
    expect(await sync).toBe(1);
    expect(seen).toEqual(['kysely committed', 'sync ran']);
    const row = await storage.db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow();
    expect(row.name).toBe('From sync');
  });

  it('holds commits while paused, and commits what queued meanwhile once resumed', async () => {
    const { rename } = statements(storage);
    let resume!: () => void;
    (storage as SqliteStorage).pauseWrites(new Promise<void>((resolve) => (resume = resolve)));
    const seen: string[] = [];
    const writes = ['First', 'Second'].map((name) => storage.transaction((tx) => rename.run(tx, { name, id: 'ws_1' })).then(() => seen.push(name)));
    for (let tick = 0; tick < 5; tick += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    expect((await storage.db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow()).name).toBe('One');
    resume();
    await Promise.all(writes);
    expect(seen).toEqual(['First', 'Second']);
    expect((await storage.db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow()).name).toBe('Second');
  });
});
