import { expect, vi } from 'vitest';
import type { RateCountStore } from '../src/db/rate-count-store.js';
import { SharedRateCounts } from '../src/plugins/rate-counts/shared-rate-counts.js';
import { RateLimit } from '../src/plugins/rate-limiter.js';

/** Whether `limit` refuses a hit of `key`, at once or once the store has answered (a hit past its instance's share waits). */
export async function refuses(limit: RateLimit | undefined, key: string): Promise<boolean> {
  try {
    await limit?.hit(key);
    return false;
  } catch {
    return true;
  }
}

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
    for (let i = 0; i < 3; i++) for (const limit of limits) expect(await refuses(limit, 'key')).toBe(false);
    await Promise.all(counts.map((shared) => shared.flush()));
    // The first instance's next flush learns the second's hits: 3 + 3 + 1.
    expect(await refuses(limits[0], 'key')).toBe(false);
    await counts[0]?.flush();
    for (let i = 0; i < 3; i++) expect(await refuses(limits[0], 'key')).toBe(false);
    expect(await refuses(limits[0], 'key')).toBe(true);
  } finally {
    vi.useRealTimers();
  }
  return { limits, close: async () => void (await Promise.all(counts.map((shared) => shared.close()))) };
}

/**
 * A burst of 400 hits from one client against 300 a minute, split over the instances (one per
 * store, on one shared store) and sent faster than the store answers (all in one turn, before any
 * flush can return): the hits they let through together stay within 10% of the limit, and as near
 * it from below. Counted alone, each instance would let through 300. First each instance flushes
 * twice a second apart, as a running one does, so that every one has learned how many they are.
 */
export async function expectBurstBounded(stores: readonly RateCountStore[]): Promise<void> {
  const counts = stores.map((store) => new SharedRateCounts(store, 60_000));
  const limits = counts.map((shared) => new RateLimit(300, () => 'no', { counts: shared, name: 'burst' }));
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: now - (now % 60_000) + 30_000 });
  try {
    for (let round = 0; round < 2; round++) {
      for (const shared of counts) await shared.flush();
      vi.setSystemTime(Date.now() + 1_000);
    }
    // A client of its own per scenario: a Valkey/Redis server keeps the counts of the tests before.
    const client = `client-of-${stores.length}`;
    const refused = await Promise.all(Array.from({ length: 400 }, (_, i) => refuses(limits[i % limits.length], client)));
    const allowed = refused.filter((no) => !no).length;
    expect(allowed).toBeLessThanOrEqual(330);
    expect(allowed).toBeGreaterThanOrEqual(270);
  } finally {
    vi.useRealTimers();
    await Promise.all(counts.map((shared) => shared.close()));
  }
}
