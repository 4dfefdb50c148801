import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateCounts } from '../src/plugins/rate-counts/redis-rate-counts.js';
import { SharedRateCounts } from '../src/plugins/rate-counts/shared-rate-counts.js';
import { createAccount } from '../src/repositories/platform/accounts.js';
import { fakeDashboardDir, PASSWORD, signIn } from './dashboard-harness.js';
import { call, createResource, dataOf, harness } from './helpers.js';
import { type RedisServer, startRedisServer } from './redis-server.js';
import { expectBurstBounded, expectCountedOnce, refuses } from './shared-counts-scenario.js';
import { waitFor } from './webhook-receiver.js';

// Rate limits counted in a real Valkey/Redis server (`rateLimits.store: redis://…`), shared by
// instances on any database: two limiters, then two apps on one database file.
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

const noop = () => undefined;
/** An hour's window, so no window ends while a test runs. */
const HOUR = 3_600_000;

/**
 * Watches an app's shared counts, whose timer flushes them every `sharedFlushMs`: answers a
 * function that resolves once a flush begun after its call has ended, so every hit counted before
 * the call is in the store and the count the store answered for it is known here. A flush already
 * under way at the call may have been sent before those hits: it does not count.
 */
function flushesOf(counts: SharedRateCounts | undefined): () => Promise<void> {
  if (counts === undefined) throw new Error('the app counts alone: no shared counts');
  const flush = counts.flush.bind(counts);
  // Flushes run one at a time: each new promise is a new flush, begun after the last one ended.
  const begun: Promise<void>[] = [];
  const ended = new Set<number>();
  counts.flush = () => {
    const flushing = flush();
    if (begun.at(-1) !== flushing) {
      const index = begun.push(flushing) - 1;
      flushing.then(
        () => ended.add(index),
        () => undefined,
      );
    }
    return flushing;
  };
  return async () => {
    const from = begun.length;
    await waitFor(() => [...ended].some((index) => index >= from), 'a timed flush of the shared counts');
  };
}

describe('rate limits counted in Valkey/Redis', () => {
  it('lets a burst split over two instances through at most 10% over the limit', async () => {
    await expectBurstBounded([new RedisRateCounts(redis.url, noop), new RedisRateCounts(redis.url, noop)]);
  });

  it('lets a burst split over six instances through at most 10% over the limit: each spends its part of what is left', async () => {
    await expectBurstBounded(Array.from({ length: 6 }, () => new RedisRateCounts(redis.url, noop)));
  });

  it('refuses past the limit counted over two instances, and the window expires in the server', async () => {
    const stores = [new RedisRateCounts(redis.url, noop), new RedisRateCounts(redis.url, noop)];
    const { limits, close } = await expectCountedOnce([stores[0]!, stores[1]!]);
    // Another key is its own count.
    expect(await refuses(limits[1], 'other')).toBe(false);
    // Each window's key expires when the window ends.
    const now = Date.now();
    const [total] = await stores[0]!.add([{ key: 'expiry', windowStart: now, expiresAt: now + 60_000, hits: 2 }]);
    expect(total).toBe(2);
    const raw = new Redis(redis.url);
    const ttl = await raw.pttl(`inlay:rate:${now}:expiry`);
    raw.disconnect();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await close();
  });

  it('keeps the hits of a flush the server did not take, and adds them once it is back', async () => {
    const errors: Error[] = [];
    const down = await startRedisServer();
    const store = new RedisRateCounts(down.url, (error) => errors.push(error));
    const counts = new SharedRateCounts(store, 60_000);
    counts.hit('k', HOUR);
    await counts.flush();
    await down.stop();
    counts.hit('k', HOUR);
    counts.hit('k', HOUR);
    await expect(counts.flush()).rejects.toThrow();
    expect(errors.length).toBeGreaterThan(0);
    // Still answered from memory meanwhile: 1 known + 2 pending.
    expect(counts.hit('k', HOUR).current).toBe(4);
    // Back (empty: it kept nothing), it is told the 3 hits kept since.
    const back = await startRedisServer(Number(new URL(down.url).port));
    try {
      await counts.flush();
      const probe = new RedisRateCounts(back.url, noop);
      const now = Date.now();
      const windowStart = now - (now % HOUR);
      expect(await probe.add([{ key: 'k', windowStart, expiresAt: windowStart + HOUR, hits: 0 }])).toEqual([3]);
      await probe.close();
      await counts.close();
    } finally {
      await back.stop();
    }
  });

  it('counts the hits of a flush still under way', async () => {
    const counts = new SharedRateCounts(new RedisRateCounts(redis.url, noop), 60_000);
    for (let i = 0; i < 3; i++) counts.hit('slow', HOUR);
    await counts.flush();
    counts.hit('slow', HOUR);
    // The server holds every write until told to go on (it answers the pause itself first): the
    // next flush (carrying the 4th hit) waits in it, blocked, for as long as the test likes.
    const raw = new Redis(redis.url);
    const blocked = async () => Number(/blocked_clients:(\d+)/.exec(String(await raw.call('INFO', 'clients')))?.[1]);
    expect(await blocked()).toBe(0);
    await raw.call('CLIENT', 'PAUSE', '20000', 'WRITE');
    try {
      let ended = false;
      const flushing = counts.flush().finally(() => (ended = true));
      expect(counts.hit('slow', HOUR).current).toBe(5);
      await waitFor(async () => (await blocked()) === 1, 'the flush waiting in the server');
      // Under way at the server, not ended: its hit and the one since are still counted.
      expect(ended).toBe(false);
      expect(counts.hit('slow', HOUR).current).toBe(6);
      await raw.call('CLIENT', 'UNPAUSE');
      await flushing;
    } finally {
      await raw.call('CLIENT', 'UNPAUSE');
    }
    // The store's answer (4) and the two hits since.
    expect(counts.hit('slow', HOUR).current).toBe(7);
    raw.disconnect();
    await counts.close();
  });

  it('is the store of two apps on one database when rateLimits.store is a redis:// URL', async () => {
    const rateLimits = { secretPerKey: 4, store: redis.url, sharedFlushMs: 60_000 };
    const first = await harness({ rateLimits });
    const { buildApp } = await import('../src/app.js');
    const second = await buildApp({ database: first.storage, db: first.dbPath, logger: false, usageFlushIntervalMs: 0, keyCacheTtlMs: 0, rateLimits });
    try {
      const key = first.ws.keys.testSecret;
      const list = (app: typeof second) => call(app, 'GET', '/onboarding/api/v1/flows', { key });
      for (const app of [first.app, second, first.app]) expect((await list(app)).statusCode).toBe(200);
      // Each instance adds its hits to the server's count (the timed flush, run now).
      await first.app.close();
      await second.close();
      const third = await buildApp({ database: first.storage, db: first.dbPath, logger: false, usageFlushIntervalMs: 0, keyCacheTtlMs: 0, rateLimits: { ...rateLimits, sharedFlushMs: 10 } });
      const flushed = flushesOf(third.sharedRateCounts);
      try {
        // The third instance learns the 3 hits with its first flush: its 2nd hit is the 5th.
        expect((await list(third)).statusCode).toBe(200);
        await flushed();
        expect((await list(third)).statusCode).toBe(429);
      } finally {
        await third.close();
      }
    } finally {
      await second.close().catch(() => undefined);
    }
  });

  it('counts dashboard sign-in attempts and new posts once over two instances', async () => {
    const options = {
      dashboardDir: fakeDashboardDir(),
      rateLimits: { store: redis.url, sharedFlushMs: 10, postsPerClient: 4 },
      dashboardAuth: { loginAttemptsPerAccount: 4, loginAttemptsPerAddress: 1000 },
    };
    const first = await harness(options);
    const { buildApp } = await import('../src/app.js');
    const second = await buildApp({ database: first.storage, db: first.dbPath, logger: false, usageFlushIntervalMs: 0, keyCacheTtlMs: 0, ...options });
    // Both instances' timed flushes, each begun after the hits so far.
    const flushed = [flushesOf(first.app.sharedRateCounts), flushesOf(second.sharedRateCounts)];
    const settle = () => Promise.all(flushed.map((next) => next()));
    try {
      await createAccount(first.storage, { email: 'gina@acme.test', password: PASSWORD, workspaceId: first.ws.id });
      for (const app of [first.app, second]) for (let i = 0; i < 2; i++) expect((await signIn(app, 'gina@acme.test', 'guess')).statusCode).toBe(401);
      // Two guesses on each instance spend the limit of 4. An instance learns the others' hits
      // with the flush of its own next one (docs/decisions.md, "Rate limits across instances"):
      // one more attempt each, and from then on both refuse, the right password too.
      await settle();
      for (const app of [first.app, second]) await signIn(app, 'gina@acme.test', 'guess');
      await settle();
      for (const app of [first.app, second]) expect((await signIn(app, 'gina@acme.test', PASSWORD)).statusCode).toBe(429);

      const boardId = await createResource(first.app, first.ws.keys.testSecret, 'feedback', 'boards');
      dataOf(await call(first.app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key: first.ws.keys.testSecret, body: { action: 'publish' } }));
      const post = (app: typeof second, n: number) =>
        app.inject({
          method: 'POST',
          url: '/feedback/api/v1/posts',
          remoteAddress: '10.9.9.9',
          headers: { authorization: `Bearer ${first.ws.keys.testPublishable}` },
          payload: { boardId, title: `Idea ${n}`, body: 'text', author: { id: `author-${n}` } },
        });
      for (const [n, app] of [first.app, second, first.app, second].entries()) expect((await post(app, n)).statusCode).toBe(200);
      await settle();
      for (const app of [first.app, second]) await post(app, 7);
      await settle();
      for (const app of [first.app, second]) expect((await post(app, 8)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('refuses a store it does not know, without printing a password', async () => {
    const { buildApp } = await import('../src/app.js');
    const h = await harness();
    await expect(buildApp({ database: h.storage, db: h.dbPath, logger: false, rateLimits: { store: 'memcached://user:hunter2@host' } })).rejects.toThrow(/must be memory, postgres, auto or a redis:\/\/ URL/);
    await expect(buildApp({ database: h.storage, db: h.dbPath, logger: false, rateLimits: { store: 'memcached://user:hunter2@host' } })).rejects.not.toThrow(/hunter2/);
  });
});
