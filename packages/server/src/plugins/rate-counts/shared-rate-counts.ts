import type { RateCountStore, WindowHits } from '../../db/rate-count-store.js';

interface Entry {
  windowStart: number;
  windowMs: number;
  /** The count of every instance together, as the store answered this instance's last flush. */
  known: number;
  /** Hits of this instance being added by the flush under way: still counted until it answers. */
  inFlight: number;
  /** Hits of this instance not yet added to the store. */
  pending: number;
}

/** What a hit counted: every instance's count of its key, and the ms left in its window. */
export interface Counted {
  current: number;
  ttl: number;
}

/**
 * `next(value)` at once when `value` is at hand, else once it resolves (`failed(error)` if it
 * rejects and `failed` is given): a hit not held makes no promise.
 */
export function whenCounted<T, R>(value: T | Promise<T>, next: (value: T) => R, failed?: (error: unknown) => R): R | Promise<Awaited<R>> {
  return value instanceof Promise ? (value.then(next, failed) as Promise<Awaited<R>>) : next(value);
}

/** Longest a hit past its instance's share waits for the store before this instance counts alone. */
const HOLD_MS = 1_000;

/** Keys remembered at once; past this the oldest windows are forgotten (their counts stay in the store). */
const MAX_KEYS = 50_000;

/**
 * What the instances together spend of a key's remaining budget before they learn of each
 * other's hits: each instance spends this divided by how many there are, then flushes early. The
 * instances learn of each other more often as the limit nears, and a key far from its limit costs
 * no round trip beyond the timed flush.
 */
const EARLY_SPEND = 0.5;

/**
 * How the instances count themselves: each adds 1 to this key once per PRESENCE_MS window (and
 * 0 with each later flush, which answers the count again), so its count in a window is the
 * instances that flushed in it. No limit's key starts with `#`.
 */
const PRESENCE_KEY = '#instances';
const PRESENCE_MS = 30_000;
/** An instance with no hits to add still flushes this often, to learn how many instances there are. */
const PRESENCE_REFRESH_MS = 1_000;
/** How many instances there are taken to be before the store has answered. */
const ASSUMED_INSTANCES = 2;

/**
 * Rate-limit counts shared by every instance (docs/decisions.md, "Rate limits across
 * instances"), kept in a {@link RateCountStore}: PostgreSQL's `rate_limit_counts` or a
 * Valkey/Redis server. A hit is counted in memory and answered at once, as the in-memory store
 * does — the limited routes are the hottest — from the count every instance reached at this
 * instance's last flush plus its own hits since. Every `flushMs` the hits are added to the store
 * in one round trip, which answers the new totals. So a limit is counted once across instances.
 * A burst must not spend the budget on every instance before they learn of each other: the
 * instances count themselves in the store (PRESENCE_KEY), and each spends at most its part of
 * half a key's remaining budget (EARLY_SPEND divided by the instances), then flushes at once. A
 * hit past that share, while the store has not answered, waits for the flush and is counted
 * against the new total: only a key spending its budget that fast pays a round trip. So the
 * instances spend at most half of what is left before they learn of each other, however many
 * they are, and a burst split over them stays within the limit however slow the store is. While
 * the store fails, each instance counts alone, and nothing waits.
 */
export class SharedRateCounts {
  readonly #store: RateCountStore;
  readonly #entries = new Map<string, Entry>();
  readonly #timer: NodeJS.Timeout;
  readonly #onError: (error: Error) => void;
  #flushing: Promise<void> | undefined;
  /** A key ran low on its share while a flush was under way: flush again when it ends. */
  #again = false;
  /** The last flush reached the store in time: a hit past its share may wait for the next. */
  #storeAnswers = true;
  /** What held hits wait for: the flush under way, or HOLD_MS, whichever ends first. */
  #waiting: { flushing: Promise<void>; settled: Promise<void> } | undefined;
  /** How many instances share the counts: the most that flushed in this or the last presence window, as last answered. */
  #instances = ASSUMED_INSTANCES;
  /** The presence window this instance counted itself in, its count as last answered, and the last window's. */
  #presence = { windowStart: -1, count: 0, previous: 0, answeredAt: 0 };

  /** @param report told of each failed and each successful timed flush (the server logs a failing streak once) */
  constructor(store: RateCountStore, flushMs: number, report: { onError?: (error: Error) => void; onSuccess?: () => void } = {}) {
    this.#store = store;
    this.#onError = (error) => report.onError?.(error);
    this.#timer = setInterval(
      () =>
        void this.flush().then(
          () => report.onSuccess?.(),
          (error: unknown) => report.onError?.(error instanceof Error ? error : new Error(String(error))),
        ),
      flushMs,
    );
    this.#timer.unref();
  }

  /**
   * Counts one hit of `key` in its fixed window of `windowMs`: the count of every instance, and
   * the ms left in the window. With `limit`, flushes early once this instance has spent its share
   * of what the limit leaves, and a hit past that share waits for the store's answer (a promise);
   * every other hit is answered at once.
   */
  hit(key: string, windowMs: number, now?: number): Counted;
  hit(key: string, windowMs: number, now: number, limit: number | undefined): Counted | Promise<Counted>;
  hit(key: string, windowMs: number, now = Date.now(), limit?: number): Counted | Promise<Counted> {
    const windowStart = now - (now % windowMs);
    let entry = this.#entries.get(key);
    if (entry === undefined || entry.windowStart !== windowStart) {
      if (entry !== undefined) this.#entries.delete(key);
      else if (this.#entries.size >= MAX_KEYS) this.#forgetOldest();
      entry = { windowStart, windowMs, known: 0, inFlight: 0, pending: 0 };
      this.#entries.set(key, entry);
    }
    const share = limit !== undefined && entry.known < limit ? Math.max(1, ((limit - entry.known) * EARLY_SPEND) / this.#instances) : undefined;
    if (share !== undefined && this.#storeAnswers && entry.inFlight + entry.pending >= share) return this.#afterFlush(key, windowMs, limit);
    entry.pending += 1;
    if (share !== undefined && entry.pending >= share) this.#flushEarly();
    return { current: entry.known + entry.inFlight + entry.pending, ttl: windowStart + windowMs - now };
  }

  /** A hit past this instance's share: counted once the store has answered the hits before it. */
  async #afterFlush(key: string, windowMs: number, limit: number | undefined): Promise<Counted> {
    const flushing = this.flush();
    if (this.#waiting?.flushing !== flushing) {
      // A failure is reported by the flush itself; a store slower than HOLD_MS (a reconnection)
      // is not waited for either: meanwhile this instance counts alone.
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          this.#storeAnswers = false;
          resolve();
        }, HOLD_MS);
        timer.unref();
      });
      this.#waiting = { flushing, settled: Promise.race([flushing.catch(() => undefined), slow]).finally(() => clearTimeout(timer)) };
    }
    await this.#waiting.settled;
    return this.hit(key, windowMs, Date.now(), limit);
  }

  #flushEarly(): void {
    if (this.#flushing !== undefined) {
      this.#again = true;
      return;
    }
    this.flush().catch(this.#onError);
  }

  /** Adds this instance's hits since the last flush to the store, and learns the totals. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined;
      if (this.#again) {
        this.#again = false;
        this.flush().catch(this.#onError);
      }
    });
    return this.#flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush().catch(() => undefined);
    await this.#store.close();
  }

  async #flush(): Promise<void> {
    const now = Date.now();
    const batch: (WindowHits & { entry: Entry })[] = [];
    for (const [key, entry] of this.#entries) {
      if (entry.windowStart + entry.windowMs <= now) {
        this.#entries.delete(key);
        continue;
      }
      if (entry.pending === 0) continue;
      batch.push({ key, windowStart: entry.windowStart, expiresAt: entry.windowStart + entry.windowMs, hits: entry.pending, entry });
      entry.inFlight = entry.pending;
      entry.pending = 0;
    }
    const presence = this.#presenceHits(now, batch.length > 0);
    if (batch.length > 0 || presence !== undefined) {
      let totals: number[];
      try {
        totals = await this.#store.add(presence === undefined ? batch : [...batch, presence]);
        this.#storeAnswers = true;
      } catch (error) {
        // Not counted in the store: kept here, to be added with the next flush.
        for (const { entry } of batch) {
          entry.pending += entry.inFlight;
          entry.inFlight = 0;
        }
        this.#storeAnswers = false;
        throw error;
      }
      batch.forEach(({ entry }, i) => {
        // The total includes the hits in flight; those counted since stay pending.
        entry.known = totals[i] ?? entry.known + entry.inFlight;
        entry.inFlight = 0;
      });
      if (presence !== undefined) this.#counted(presence.windowStart, totals[batch.length], now);
    }
    await this.#store.prune(now);
  }

  /**
   * This flush's presence hits: 1 the first time in a presence window, else 0 (which answers the
   * count again). With no other hits to add, only once a window has turned or PRESENCE_REFRESH_MS passed.
   */
  #presenceHits(now: number, adding: boolean): WindowHits | undefined {
    const windowStart = now - (now % PRESENCE_MS);
    const counted = this.#presence.windowStart === windowStart;
    if (!adding && counted && now - this.#presence.answeredAt < PRESENCE_REFRESH_MS) return undefined;
    return { key: PRESENCE_KEY, windowStart, expiresAt: windowStart + 2 * PRESENCE_MS, hits: counted ? 0 : 1 };
  }

  /** Learns how many instances flushed in the presence window `windowStart`, as the store answered. */
  #counted(windowStart: number, count: number | undefined, now: number): void {
    const presence = this.#presence;
    if (presence.windowStart !== windowStart) {
      presence.previous = presence.windowStart === windowStart - PRESENCE_MS ? presence.count : 0;
      presence.windowStart = windowStart;
    }
    presence.count = count ?? presence.count;
    presence.answeredAt = now;
    this.#instances = Math.max(1, presence.count, presence.previous);
  }

  #forgetOldest(): void {
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }
}
