import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { PipelineBatcher, type BatchStep } from '../src/db/postgres/batch.js';
import { testDatabase } from './helpers.js';

/**
 * Group commit on PostgreSQL when a batch fails (db/postgres/batch.ts): the member whose
 * statement the database refused runs again alone and the others again together, so a conflict
 * costs the turn two more round trips, not one per member. Counted as the connections the
 * batcher takes from a real pool, one per pipeline it sends.
 */
describe('a failed group commit on PostgreSQL', async () => {
  const url = await testDatabase('pipeline-batch');
  const storage = await openDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // As the server's pools (db/postgres/open.ts): an idle connection's error is not the test's.
  pool.on('error', () => undefined);
  afterAll(async () => {
    await pool.end();
    await storage.close();
  });
  let pipelines = 0;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = () => {
    pipelines += 1;
    return connect();
  };
  const batcher = new PipelineBatcher(pool);
  const insert = (id: string): BatchStep => ({
    step: { name: 'test_batch_insert', sql: "INSERT INTO workspaces (id, name, plan, created_at) VALUES ($1, 'Batch', 'free', '2026-01-01T00:00:00.000Z')", values: [id], rows: false },
    values: [id],
  });
  /** Each id a member of one turn's batch; how each settled, and how many pipelines went out. */
  async function turn(ids: string[]): Promise<{ settled: PromiseSettledResult<unknown>[]; sent: number }> {
    pipelines = 0;
    const settled = await Promise.allSettled(ids.map((id) => batcher.run([insert(id)])));
    return { settled, sent: pipelines };
  }
  // Every connection the test uses has the statement prepared: a pipeline that prepares names no refused statement.
  await Promise.all(Array.from({ length: 4 }, async (_, i) => (await turn([`ws_batch_warm_${i}`])).settled));

  it('runs the refused member alone and the rest together', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `ws_batch_a${i}`);
    ids[7] = 'ws_batch_warm_0';
    const { settled, sent } = await turn(ids);
    expect(settled.map((result) => result.status)).toEqual(ids.map((_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    expect((settled[7] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    // The batch, the refused member alone, the other nineteen together.
    expect(sent).toBe(3);
    const stored = await storage.db.selectFrom('workspaces').select('id').where('id', 'like', 'ws_batch_a%').execute();
    expect(stored).toHaveLength(19);
  });

  it('splits again for each member refused', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `ws_batch_b${i}`);
    ids[3] = 'ws_batch_warm_1';
    ids[15] = 'ws_batch_warm_2';
    const { settled, sent } = await turn(ids);
    expect(settled.filter((result) => result.status === 'rejected')).toHaveLength(2);
    expect([settled[3]?.status, settled[15]?.status]).toEqual(['rejected', 'rejected']);
    // The batch; the first refused alone and the rest, which fails on the second; it alone and the rest.
    expect(sent).toBe(5);
    const stored = await storage.db.selectFrom('workspaces').select('id').where('id', 'like', 'ws_batch_b%').execute();
    expect(stored).toHaveLength(18);
  });
});
