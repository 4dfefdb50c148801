/**
 * Values read from the database and kept in memory by key: each for `ttlMs`, at most
 * `maxEntries` of them (the oldest go first). A change that makes values stale moves
 * `generation` (`delete`, `clear`): a read takes the generation before it starts and hands it
 * to `set`, which keeps nothing read before a change. `onDrop` hears every value that leaves.
 */
export class GuardedCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #onDrop: ((key: string, value: V) => void) | undefined;
  #generation = 0;

  constructor(ttlMs: number, maxEntries: number, onDrop?: (key: string, value: V) => void) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#onDrop = onDrop;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires > now) return entry.value;
    this.#drop(key);
    return undefined;
  }

  /** Taken before reading from the database, and handed back to `set`. */
  get generation(): number {
    return this.#generation;
  }

  /** Keeps a value read at `generation`, not when something changed since (it may be stale); whether it kept it. */
  set(key: string, value: V, now: number, generation: number): boolean {
    if (generation !== this.#generation) return false;
    this.#drop(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
    return true;
  }

  /** `keys` changed (none: something they were read with did): their values go, and reads under way keep nothing. */
  delete(...keys: string[]): void {
    this.#generation += 1;
    for (const key of keys) this.#drop(key);
  }

  /** Anything may have changed. */
  clear(): void {
    this.#generation += 1;
    for (const key of [...this.#entries.keys()]) this.#drop(key);
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#onDrop?.(key, entry.value);
  }
}
