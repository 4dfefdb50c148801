import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { UsageRecorder } from '../src/usage/recorder.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { testDatabase } from './helpers.js';

// The recorder on a real database (SQLite file or PostgreSQL), flushed by hand (no timer).
const storage = await openDatabase(await testDatabase('usage.db'));
const { workspace } = await initWorkspace(storage, 'Acme');
afterAll(() => storage.close());

/** Makes every insert into `table` fail with 'disk full', in each dialect's trigger language. */
async function failInserts(table: string): Promise<void> {
  if (storage.dialect === 'postgres') {
    await sql`CREATE FUNCTION flush_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(storage.db);
    await sql`CREATE TRIGGER flush_fails BEFORE INSERT ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION flush_fails()`.execute(storage.db);
  } else {
    await sql`CREATE TRIGGER flush_fails BEFORE INSERT ON ${sql.table(table)} BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(storage.db);
  }
}

async function stopFailing(table: string): Promise<void> {
  if (storage.dialect === 'postgres') {
    await sql`DROP TRIGGER flush_fails ON ${sql.table(table)}`.execute(storage.db);
    await sql`DROP FUNCTION flush_fails()`.execute(storage.db);
  } else {
    await sql`DROP TRIGGER flush_fails`.execute(storage.db);
  }
}

const scope = { workspaceId: workspace.id, mode: 'test' as const, service: 'onboarding' as const };
const stored = async (resourceId: string) =>
  (await storage.db.selectFrom('usage_daily').select(['day', 'metric', 'count']).where('resource_id', '=', resourceId).orderBy('day').orderBy('metric').execute()).map(
    (row) => [row.day, row.metric, row.count],
  );
const activeUsers = async (resourceId: string) =>
  (await storage.db.selectFrom('active_users_daily').select('user_hash').where('resource_id', '=', resourceId).execute()).length;

describe('UsageRecorder', () => {
  it('adds counts per day and metric, across flushes', async () => {
    const recorder = new UsageRecorder(storage, 0);
    const event = { ...scope, resourceId: 'flow_days', metric: 'configFetches' };
    recorder.increment(event, 2, new Date('2026-03-01T10:00:00Z'));
    recorder.increment(event, 3, new Date('2026-03-02T10:00:00Z'));
    recorder.increment({ ...event, metric: 'progressWrites' }, 1, new Date('2026-03-02T11:00:00Z'));
    recorder.increment(event, 1, new Date('2026-03-01T23:59:00Z'));
    await recorder.flush();
    recorder.increment(event, 4, new Date('2026-03-02T12:00:00Z'));
    await recorder.close();
    expect(await stored('flow_days')).toEqual([
      ['2026-03-01', 'configFetches', 3],
      ['2026-03-02', 'configFetches', 7],
      ['2026-03-02', 'progressWrites', 1],
    ]);
  });

  // One flush fails, as a full or failing disk would make it: in the counts' write, or in the
  // active users' (after the counts were stored, which must then not be added twice).
  it.each([
    { failing: 'usage_daily', resourceId: 'flow_retry' },
    { failing: 'active_users_daily', resourceId: 'flow_half' },
  ])('keeps what a flush failing in $failing could not write, and writes it once with the next', async ({ failing, resourceId }) => {
    const recorder = new UsageRecorder(storage, 0);
    recorder.increment({ ...scope, resourceId, metric: 'configFetches' }, 5, new Date('2026-03-01T10:00:00Z'));
    recorder.markActive({ ...scope, resourceId }, 'user_1', new Date('2026-03-01T10:00:00Z'));
    await failInserts(failing);
    try {
      await expect(recorder.flush()).rejects.toThrow('disk full');
    } finally {
      await stopFailing(failing);
    }
    await recorder.close();
    expect(await stored(resourceId)).toEqual([['2026-03-01', 'configFetches', 5]]);
    expect(await activeUsers(resourceId)).toBe(1);
  });

  it('writes many active users in chunks, letting other work run between them', async () => {
    const recorder = new UsageRecorder(storage, 0);
    for (let i = 0; i < 1_200; i += 1) recorder.markActive({ ...scope, resourceId: 'flow_crowd' }, `voter_${i}`, new Date('2026-03-01T10:00:00Z'));
    const order: string[] = [];
    const flushing = recorder.flush().then(() => order.push('flushed'));
    for (let tick = 0; tick < 6; tick += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      order.push('tick');
    }
    await flushing;
    // Three chunks of at most 500, each committed in its own turn of the event loop.
    expect(order.indexOf('flushed')).toBeGreaterThanOrEqual(2);
    expect(await activeUsers('flow_crowd')).toBe(1_200);
  });
});
