/** @fastify/rate-limit's in-memory store: a fixed window per key in an LRU map (toad-cache). */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  interface Counted {
    current: number;
    /** ms left in the key's window. */
    ttl: number;
  }
  class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    /** Counts one hit of `key`; answers through `callback` before returning. */
    incr(key: string, callback: (error: Error | null, result: Counted) => void, timeWindow: number, max: number): void;
  }
  export default LocalStore;
}
