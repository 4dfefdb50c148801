import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import { ApiError } from '../errors.js';
import { type Counted, type SharedRateCounts, whenCounted } from './rate-counts/shared-rate-counts.js';

const MINUTE = 60_000;
/** Keys each limit remembers; the least recently seen go first (the plugin's default is 5,000). */
const CACHE_KEYS = 20_000;

/**
 * One rate limit: at most `max` hits a minute per key (docs/api.md), counted in
 * @fastify/rate-limit's own store — its fixed window per key in an LRU map. The plugin's request
 * path goes through several promises per check; its store answers synchronously, so a check here
 * costs a map lookup, which matters on the config route, the hottest in the product.
 */
export class RateLimit {
  readonly #store = new LocalStore(false, false, CACHE_KEYS);

  /**
   * @param max hits a minute per key
   * @param refusal the 429's message, given the seconds to wait
   */
  /**
   * @param shared counts shared with the other instances (plugins/rate-counts/shared-rate-counts.ts), under
   *   `name`; without it, this process's own LRU store
   */
  constructor(
    readonly max: number,
    private readonly refusal: (retryAfter: string) => string,
    private readonly shared?: { counts: SharedRateCounts; name: string },
  ) {}

  /**
   * Counts one hit of `key`; throws `rate_limited` (429 with `Retry-After`) past the limit. With
   * shared counts, a hit past this instance's share of what is left answers a promise instead,
   * settled once the other instances' hits are known (plugins/rate-counts/shared-rate-counts.ts).
   */
  hit(key: string): void | Promise<void> {
    if (this.shared !== undefined) {
      return whenCounted(this.shared.counts.hit(`${this.shared.name}:${key}`, MINUTE, Date.now(), this.max), (counted) => this.#check(counted));
    }
    let local: Counted = { current: 0, ttl: 0 };
    this.#store.incr(
      key,
      (error, counted) => {
        if (error) throw error;
        local = counted;
      },
      MINUTE,
      this.max,
    );
    this.#check(local);
  }

  #check({ current, ttl }: Counted): void {
    if (current > this.max) {
      const retryAfter = String(Math.max(1, Math.ceil(ttl / 1000)));
      throw new ApiError('rate_limited', this.refusal(retryAfter), { headers: { 'Retry-After': retryAfter } });
    }
  }
}
