import { expect, vi } from 'vitest';
import type { RateCountStore } from '../src/db/rate-count-store.js';
import { SharedRateCounts } from '../src/plugins/rate-counts/shared-rate-counts.js';
import { RateLimit } from '../src/plugins/rate-limiter.js';

/**
 * Two instances' limiters of 10 a minute over `stores` (one each, on one shared store): 3 hits on
 * each, then the first learns the others' with its next flush and refuses the 11th hit in all.
 * Answers the limiters, still open, and a function that closes them.
 */
export async function expectCountedOnce(stores: [RateCountStore, RateCountStore]): Promise<{ limits: RateLimit[]; close: () => Promise<void> }> {
  const counts = stores.map((store) => new SharedRateCounts(store, 60_000));
  const limits = counts.map((shared) => new RateLimit(10, () => 'no', { counts: shared, name: 'test' }));
  // Every hit in one window of the clock: the middle of this minute, held there (only `Date` is
  // stopped; the stores' I/O and timers run). A minute that turned between two hits started a
  // new count and let the 11th through.
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: now - (now % 60_000) + 30_000 });
  try {
    for (let i = 0; i < 3; i++) for (const limit of limits) limit.hit('key');
    await Promise.all(counts.map((shared) => shared.flush()));
    // The first instance's next flush learns the second's hits: 3 + 3 + 1.
    limits[0]?.hit('key');
    await counts[0]?.flush();
    for (let i = 0; i < 3; i++) limits[0]?.hit('key');
    expect(() => limits[0]?.hit('key')).toThrow();
  } finally {
    vi.useRealTimers();
  }
  return { limits, close: async () => void (await Promise.all(counts.map((shared) => shared.close()))) };
}
