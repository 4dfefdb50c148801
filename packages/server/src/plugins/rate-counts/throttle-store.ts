import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { type Counted, type SharedRateCounts, whenCounted } from './shared-rate-counts.js';

/** What a throttle made with `createRateLimit` passes to name its counts: `{sharedName: 'oauth-sign-in-email'}`. */
export interface SharedName {
  sharedName?: string;
}

/**
 * @fastify/rate-limit's store interface over the shared counts: the plugin makes one with its
 * options, and a child per `createRateLimit`, whose `sharedName` keeps two throttles of the same
 * key (a client address) apart.
 */
function sharedStore(counts: SharedRateCounts) {
  return class SharedThrottleStore {
    readonly #name: string;
    constructor(options: SharedName = {}) {
      this.#name = options.sharedName ?? 'throttle';
    }
    incr(key: string, callback: (error: Error | null, result: Counted) => void, timeWindow: number, max?: number): void {
      void whenCounted(
        counts.hit(`${this.#name}:${key}`, timeWindow, Date.now(), max),
        (held) => callback(null, held),
        (error) => callback(error as Error, { current: 0, ttl: 0 }),
      );
    }
    child(options: SharedName): SharedThrottleStore {
      return new SharedThrottleStore(options);
    }
  };
}

/**
 * Registers @fastify/rate-limit for the throttles made with `createRateLimit` (sign-ins,
 * registrations) and no route's own hook, counting in the shared counts when the server has
 * them (`rateLimits.store`), else in the plugin's per-process store.
 */
export async function registerThrottles(app: FastifyInstance): Promise<void> {
  const counts = app.sharedRateCounts;
  await app.register(rateLimit, { global: false, ...(counts === undefined ? {} : { store: sharedStore(counts) as never }) });
}
