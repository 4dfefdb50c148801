import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Storage } from '../src/db/connect.js';
import { type Param } from '../src/db/statements.js';
import { testDatabase } from './helpers.js';

// The one transaction API (docs/storage.md), on the backend this run uses: compiled statements
// and Kysely's builder (`tx.db`) run on the transaction's one connection.
let storage: Storage;
beforeAll(async () => {
  storage = await openDatabase(await testDatabase('transactions.db'));
  await storage.db.insertInto('workspaces')
    .values([
      { id: 'ws_1', name: 'One', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' },
      { id: 'ws_2', name: 'Two', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' },
    ])
    .execute();
});
afterAll(() => storage.close());

const nameOf = async (id: string) => (await storage.db.selectFrom('workspaces').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

describe('transaction', () => {
  it('runs compiled statements and tx.db on one connection: each sees the other, and both commit', async () => {
    const rename = storage.compile((p: Param<'id' | 'name'>) => storage.db.updateTable('workspaces').set({ name: p('name') }).where('id', '=', p('id')));
    const seen = await storage.transaction(async (tx) => {
          await tx.lock('workspace:ws_1');
          await rename.run(tx, { id: 'ws_1', name: 'Compiled' });
          const read = await tx.db.selectFrom('workspaces').select('name').where('id', '=', 'ws_1').executeTakeFirstOrThrow();
          await tx.db.updateTable('workspaces').set({ name: `${read.name} then builder` }).where('id', '=', 'ws_1').execute();
          return read.name;
        });
    expect(seen).toBe('Compiled');
    expect(await nameOf('ws_1')).toBe('Compiled then builder');
  });

  it('rolls back the builder writes and the statements together when the work throws', async () => {
    const rename = storage.compile((p: Param<'id' | 'name'>) => storage.db.updateTable('workspaces').set({ name: p('name') }).where('id', '=', p('id')));
    await expect(
      storage.transaction(async (tx) => {
                await tx.db.updateTable('workspaces').set({ name: 'Builder, lost' }).where('id', '=', 'ws_2').execute();
                await rename.run(tx, { id: 'ws_2', name: 'Compiled, lost' });
                throw new Error('refused');
              }),
    ).rejects.toThrow('refused');
    expect(await nameOf('ws_2')).toBe('Two');
  });

  it('runs deferred writes before the next statement, and fails the transaction on a failed one', async () => {
    const rename = storage.compile((p: Param<'id' | 'name'>) => storage.db.updateTable('workspaces').set({ name: p('name') }).where('id', '=', p('id')));
    const add = storage.compile((p: Param<'id' | 'name' | 'plan'>) => storage.db.insertInto('workspaces').values({ id: p('id'), name: p('name'), plan: p('plan'), created_at: p('name') }));
    const nameIn = storage.compile((p: Param<'id'>) => storage.db.selectFrom('workspaces').select('name').where('id', '=', p('id')));
    const seen = await storage.transaction(async (tx) => {
          await rename.write(tx, { id: 'ws_2', name: "Deferred, it's written" });
          return (await nameIn.get(tx, { id: 'ws_2' }))?.name;
        });
    expect(seen).toBe("Deferred, it's written");
    // The duplicate id fails at the commit it travels with: nothing of the work stays.
    await expect(
      storage.transaction(async (tx) => {
                await rename.write(tx, { id: 'ws_2', name: 'Lost with the duplicate' });
                await add.write(tx, { id: 'ws_1', name: 'Duplicate', plan: 'free' });
              }),
    ).rejects.toThrow();
    expect(await nameOf('ws_2')).toBe("Deferred, it's written");
    await storage.db.updateTable('workspaces').set({ name: 'Two' }).where('id', '=', 'ws_2').execute();
  });

  it('answers a transaction that ran nothing, and one that used only tx.db', async () => {
    expect(await storage.transaction(() => Promise.resolve('nothing to do'))).toBe('nothing to do');
    const count = await storage.transaction(async (tx) => (await tx.db.selectFrom('workspaces').select('id').execute()).length);
    expect(count).toBe(2);
    expect(await storage.read(async (tx) => (await tx.db.selectFrom('workspaces').select('id').execute()).length)).toBe(2);
  });

  it('serialises the transactions that take one lock, and lets the others through', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = storage.transaction(async (tx) => {
          await tx.lock('workspace:ws_2');
          await tx.db.updateTable('workspaces').set({ name: 'First' }).where('id', '=', 'ws_2').execute();
          locked();
          order.push('first holds the lock');
          // On SQLite the whole group waits for this work; on PostgreSQL only its lock's takers do.
          if (tx.dialect === 'postgres') await held;
          order.push('first commits');
        });
    await isLocked;
    const second = storage.transaction(async (tx) => {
          // A lock is taken before the transaction's next statement runs: this read waits for it.
          await tx.lock('workspace:ws_2');
          const row = await tx.db.selectFrom('workspaces').select('name').where('id', '=', 'ws_2').executeTakeFirstOrThrow();
          order.push('second read under the lock');
          return row.name;
        });
    const other = storage.transaction(async (tx) => {
          await tx.lock('workspace:ws_1');
          return 'other';
        });
    expect(await other).toBe('other');
    release();
    await first;
    expect(await second).toBe('First');
    expect(order).toEqual(['first holds the lock', 'first commits', 'second read under the lock']);
  });
});
