import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compile, perDatabase, read, transaction, type Param } from './statements.js';
import { pauseGroupCommits } from './sqlite/group-commit.js';
import { openDatabase, type Db } from './connect.js';

let db: Db;
beforeEach(async () => {
  db = await openDatabase(':memory:');
  await db
    .insertInto('workspaces')
    .values({ id: 'ws_1', name: 'One', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' })
    .execute();
});
afterEach(() => db.destroy());

const statements = perDatabase((db) => ({
  rename: compile(db, (p: Param<'id' | 'name'>) => db.updateTable('workspaces').set({ name: p('name') }).where('id', '=', p('id'))),
  byName: compile(db, (p: Param<'name'>) => db.selectFrom('workspaces').select(['id', 'name']).where('name', '=', p('name')).where('id', '!=', p('name'))),
}));

describe('compiled statements', () => {
  it('bind named parameters in the order the SQL needs them, a name used twice included', async () => {
    const { rename, byName } = statements(db);
    expect(await transaction(db, (tx) => rename.run(tx, { name: 'Renamed', id: 'ws_1' }))).toBe(1);
    expect(await read(db, (tx) => byName.all(tx, { name: 'Renamed' }))).toEqual([{ id: 'ws_1', name: 'Renamed' }]);
    expect(await read(db, (tx) => byName.get(tx, { name: 'Other' }))).toBeUndefined();
  });

  it('are compiled once per database', () => {
    expect(statements(db)).toBe(statements(db));
  });

  it('refuse a query with a literal value instead of a named parameter', () => {
    expect(() => compile(db, () => db.selectFrom('workspaces').select('id').where('id', '=', 'ws_1'))).toThrow(/named parameters only/);
  });
});

describe('transaction (SQLite group commit)', () => {
  it('rolls back everything when the work throws', async () => {
    const { rename } = statements(db);
    await expect(
      transaction(db, async (tx) => {
        await rename.run(tx, { id: 'ws_1', name: 'Half done' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const row = await db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow();
    expect(row.name).toBe('One');
  });

  it('commits the writes of one event-loop turn together, and a throwing one rolls back only itself', async () => {
    await db
      .insertInto('workspaces')
      .values({ id: 'ws_2', name: 'Two', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const { rename } = statements(db);
    const results = await Promise.allSettled([
      transaction(db, (tx) => rename.run(tx, { id: 'ws_1', name: 'First' })),
      transaction(db, async (tx) => {
        await rename.run(tx, { id: 'ws_1', name: 'Lost' });
        throw new Error('refused');
      }),
      transaction(db, (tx) => rename.run(tx, { id: 'ws_2', name: 'Third' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await db.selectFrom('workspaces').select(['id', 'name']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'ws_1', name: 'First' },
      { id: 'ws_2', name: 'Third' },
    ]);
  });

  it('waits for an open Kysely transaction instead of running inside it', async () => {
    const { rename } = statements(db);
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const kyselyTransaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('workspaces').set({ name: 'From Kysely' }).where('id', '=', 'ws_1').execute();
      await gate;
      seen.push('kysely committed');
      throw new Error('rolled back');
    });
    const sync = transaction(db, (tx) => {
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
    const row = await db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow();
    expect(row.name).toBe('From sync');
  });

  it('holds commits while paused, and commits what queued meanwhile once resumed', async () => {
    const { rename } = statements(db);
    let resume!: () => void;
    pauseGroupCommits(db, new Promise<void>((resolve) => (resume = resolve)));
    const seen: string[] = [];
    const writes = ['First', 'Second'].map((name) => transaction(db, (tx) => rename.run(tx, { name, id: 'ws_1' })).then(() => seen.push(name)));
    for (let tick = 0; tick < 5; tick += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    expect((await db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow()).name).toBe('One');
    resume();
    await Promise.all(writes);
    expect(seen).toEqual(['First', 'Second']);
    expect((await db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow()).name).toBe('Second');
  });
});
