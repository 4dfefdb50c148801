import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { RateLimit } from '../src/plugins/rate-limiter.js';
import type { Storage } from '../src/db/storage.js';
import { onPostgres, testDatabase } from './helpers.js';
import { expectBurstBounded, expectCountedOnce } from './shared-counts-scenario.js';
import { waitFor } from './webhook-receiver.js';

/** The counts a storage shared by several processes keeps (PostgreSQL's `rate_limit_counts`). */
function countersOf(storage: Storage) {
  const counters = storage.sharedCounters();
  if (counters === undefined) throw new Error('this storage keeps no shared counts');
  return counters;
}

// Two instances' limiters on one database: a limit is counted once across both. On SQLite (one
// server per file) the shared store is not used: the same limiters count per process.
describe('rate limits counted across instances', () => {
  it('refuses past the limit counted over two instances', async () => {
    const url = await testDatabase();
    const [first, second] = [await openDatabase(url), await openDatabase(url)];
    try {
      if (first.sharedCounters() === undefined) {
        const local = [new RateLimit(10, () => 'no'), new RateLimit(10, () => 'no')];
        for (let i = 0; i < 10; i++) for (const limit of local) limit.hit('k');
        expect(() => local[0]?.hit('k')).toThrow();
        return;
      }
      const { close } = await expectCountedOnce([countersOf(first), countersOf(second)]);
      await close();
    } finally {
      await first.close();
      await second.close();
    }
  });

  it.runIf(onPostgres)('lets a burst split over two instances through at most 10% over the limit', async () => {
    const url = await testDatabase();
    const [first, second] = [await openDatabase(url), await openDatabase(url)];
    try {
      await expectBurstBounded([countersOf(first), countersOf(second)]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it.runIf(onPostgres)('lets a burst split over six instances through at most 10% over the limit: each spends its part of what is left', async () => {
    const url = await testDatabase();
    const instances = await Promise.all(Array.from({ length: 6 }, () => openDatabase(url)));
    try {
      await expectBurstBounded(instances.map(countersOf));
    } finally {
      await Promise.all(instances.map((storage) => storage.close()));
    }
  });

  it.runIf(onPostgres)('locks the counts of a flush in key order, so flushes of the same keys never deadlock', async () => {
    const url = await testDatabase();
    const [storage, other] = [await openDatabase(url), await openDatabase(url)];
    try {
      const store = countersOf(storage);
      const window = { windowStart: 1_000, expiresAt: Date.now() + 3_600_000, hits: 1 };
      await store.add([{ key: 'order:a', ...window }, { key: 'order:b', ...window }]);
      // Another instance's flush holds "order:a" while this one flushes b, then a (its own order).
      let flushing: Promise<number[]> | undefined;
      await other.db.transaction().execute(async (trx) => {
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
      await storage.close();
      await other.close();
    }
  });
});
