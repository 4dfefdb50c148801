/** One key's hits in one fixed window, as an instance adds them to the shared counts. */
export interface WindowHits {
  key: string;
  /** The window's start, ms since the epoch: the window is part of the counted key. */
  windowStart: number;
  /** When the window's count may be forgotten, ms since the epoch. */
  expiresAt: number;
  hits: number;
}

/**
 * Where the instances' rate-limit counts meet (plugins/rate-counts/shared-rate-counts.ts): one
 * round trip adds a batch of hits and answers each key's total over every instance.
 */
export interface RateCountStore {
  /** Adds each entry's hits to its window's count; answers the new totals, in the batch's order. */
  add(batch: readonly WindowHits[]): Promise<number[]>;
  /** Forgets windows that have ended, where the store does not expire them itself. */
  prune(now: number): Promise<void>;
  close(): Promise<void>;
}
