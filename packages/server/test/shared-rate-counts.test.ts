import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { isPostgres } from '../src/db/dialect.js';
import { RateLimit } from '../src/plugins/rate-limiter.js';
import { PostgresRateCounts } from '../src/plugins/rate-counts/postgres-rate-counts.js';
import { SharedRateCounts } from '../src/plugins/rate-counts/shared-rate-counts.js';
import { testDatabase } from './helpers.js';

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
      const counts = [new SharedRateCounts(new PostgresRateCounts(first), 60_000), new SharedRateCounts(new PostgresRateCounts(second), 60_000)];
      const limits = counts.map((shared) => new RateLimit(10, () => 'no', { counts: shared, name: 'test' }));
      for (let i = 0; i < 3; i++) for (const limit of limits) limit.hit('key');
      await Promise.all(counts.map((shared) => shared.flush()));
      // The first instance's next flush learns the second's hits: 3 + 3 + 1.
      limits[0]?.hit('key');
      await counts[0]?.flush();
      for (let i = 0; i < 3; i++) limits[0]?.hit('key');
      expect(() => limits[0]?.hit('key')).toThrow();
      await Promise.all(counts.map((shared) => shared.close()));
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });
});
