/**
 * Helpers for optimistic writes (`Tx.expect`, db/statements.ts): a write computed from a row
 * read earlier, or remembered, and stored only if that row is still the stored one. A write
 * that finds it changed fails with a `WriteConflict`; its caller reads again and recomputes.
 */

/** Rows remembered for the next write of the same object: at most `max`, the least recently used out first. */
export class RecentRows<K, V> {
  readonly #max: number;
  readonly #rows = new Map<K, V>();

  constructor(max: number) {
    this.#max = max;
  }

  get(key: K): V | undefined {
    const row = this.#rows.get(key);
    if (row !== undefined) {
      this.#rows.delete(key);
      this.#rows.set(key, row);
    }
    return row;
  }

  set(key: K, row: V): void {
    this.#rows.delete(key);
    this.#rows.set(key, row);
    if (this.#rows.size > this.#max) this.#rows.delete(this.#rows.keys().next().value as K);
  }

  delete(key: K): void {
    this.#rows.delete(key);
  }

  clear(): void {
    this.#rows.clear();
  }
}

/**
 * Runs the writes of one key one after the other in this process, so that they never conflict
 * with each other: each starts from what the previous one stored. Writes of other processes may
 * still conflict; their writes are checked by the database.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** `work` is told whether it waited for an earlier write of the key (which then knows the freshest row). */
  run<T>(key: string, work: (waited: boolean) => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key);
    const result = previous === undefined ? work(false) : previous.then(() => work(true));
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}

/** How many times an optimistic write is tried before its caller gives up (each try after a conflict reads afresh). */
export const OPTIMISTIC_ATTEMPTS = 25;
