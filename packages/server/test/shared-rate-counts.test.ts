import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { isPostgres } from '../src/db/dialect.js';
import { RateLimit } from '../src/plugins/rate-limiter.js';
import { PostgresRateCounts } from '../src/plugins/rate-counts/postgres-rate-counts.js';
import { onPostgres, testDatabase } from './helpers.js';
import { expectCountedOnce } from './shared-counts-scenario.js';
import { waitFor } from './webhook-receiver.js';

// Two instances' limiters on one database: a limit is counted once across both. On SQLite (one
// server per file) the shared store is not used: the same limiters count per process.
describe('rate limits counted across instances', () => {
  it('refuses past the limit counted over two instances', async () => {
    const url = await testDatabase();
    const [first, second] = [await openDatabase(url), await openDatabase(url)];
    try {
      if (!isPostgres(first)) {
        const local = [new RateLimit(10, () => 'no'), new RateLimit(10, () => 'no')];
        for (let i = 0; i < 10; i++) for (const limit of local) limit.hit('k');
        expect(() => local[0]?.hit('k')).toThrow();
        return;
      }
      const { close } = await expectCountedOnce([new PostgresRateCounts(first), new PostgresRateCounts(second)]);
      await close();
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });

  it.runIf(onPostgres)('locks the counts of a flush in key order, so flushes of the same keys never deadlock', async () => {
    const url = await testDatabase();
    const [db, other] = [await openDatabase(url), await openDatabase(url)];
    try {
      const store = new PostgresRateCounts(db);
      const window = { windowStart: 1_000, expiresAt: Date.now() + 3_600_000, hits: 1 };
      await store.add([{ key: 'order:a', ...window }, { key: 'order:b', ...window }]);
      // Another instance's flush holds "order:a" while this one flushes b, then a (its own order).
      let flushing: Promise<number[]> | undefined;
      await other.transaction().execute(async (trx) => {
        await sql`UPDATE rate_limit_counts SET count = count + 1 WHERE limit_key = 'order:a'`.execute(trx);
        flushing = store.add([{ key: 'order:b', ...window }, { key: 'order:a', ...window }]);
        await waitFor(async () => {
          const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO rate_limit_counts%'`.execute(trx);
          return (rows[0]?.waiting ?? 0) > 0;
        }, 'the flush waiting for its lock');
        // Locked in key order, the waiting flush holds nothing yet and "order:b" is free. In its
        // own order it would hold "order:b": this update and the flush would deadlock, and
        // PostgreSQL would abort one of them.
        await sql`UPDATE rate_limit_counts SET count = count + 1 WHERE limit_key = 'order:b'`.execute(trx);
      });
      expect(await flushing).toEqual([3, 3]);
    } finally {
      await db.destroy();
      await other.destroy();
    }
  });
});
