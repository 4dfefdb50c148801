import { Redis } from 'ioredis';
import type { RateCountStore, WindowHits } from '../../db/rate-count-store.js';

/** Prefixes every key, so the counts can share a Valkey/Redis database with other data. */
const PREFIX = 'inlay:rate:';

/**
 * The counts in a Valkey/Redis server (`rateLimits.store: redis://…`): one pipeline a flush,
 * `INCRBY` and `PEXPIREAT` per key, so the server forgets ended windows by itself. The client
 * queues commands while it reconnects; a flush that fails keeps its hits for the next one
 * (plugins/rate-counts/shared-rate-counts.ts).
 */
export class RedisRateCounts implements RateCountStore {
  readonly #redis: Redis;

  /** @param url `redis://[:password@]host[:port][/db]` or `rediss://…` (TLS) */
  constructor(url: string, onError: (error: Error) => void) {
    this.#redis = new Redis(url, {
      // A flush waits for at most one reconnection: the next flush carries its hits anyway.
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      // The connection is opened by the first flush, not while the app is being built.
      lazyConnect: true,
    });
    // Without a listener an unreachable server would throw from the client's event emitter.
    this.#redis.on('error', onError);
  }

  async add(batch: readonly WindowHits[]): Promise<number[]> {
    const pipeline = this.#redis.pipeline();
    for (const { key, windowStart, expiresAt, hits } of batch) {
      const name = `${PREFIX}${windowStart}:${key}`;
      pipeline.incrby(name, hits);
      pipeline.pexpireat(name, expiresAt);
    }
    const replies = (await pipeline.exec()) ?? [];
    return batch.map((_entry, i) => {
      const [error, total] = replies[i * 2] ?? [new Error('no reply')];
      if (error) throw error;
      return Number(total);
    });
  }

  async prune(): Promise<void> {
    // Every key expires at the end of its window.
  }

  async close(): Promise<void> {
    // A client that never connected (no hit was ever flushed) has nothing to say goodbye to.
    if (this.#redis.status === 'wait') this.#redis.disconnect();
    else await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
