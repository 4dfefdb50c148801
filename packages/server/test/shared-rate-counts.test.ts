import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { isPostgres } from '../src/db/dialect.js';
import { RateLimit } from '../src/plugins/rate-limiter.js';
import { PostgresRateCounts } from '../src/plugins/rate-counts/postgres-rate-counts.js';
import { testDatabase } from './helpers.js';
import { expectCountedOnce } from './shared-counts-scenario.js';

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
});
