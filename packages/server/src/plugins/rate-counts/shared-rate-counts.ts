import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

interface Entry {
  windowStart: number;
  windowMs: number;
  /** The count of every instance together, as the database answered this instance's last upsert. */
  known: number;
  /** Hits of this instance not yet added to the database. */
  pending: number;
}

/** Keys remembered at once; past this the oldest windows are forgotten (their counts stay in the database). */
const MAX_KEYS = 50_000;

/**
 * Rate-limit counts shared by the instances of one PostgreSQL database (docs/decisions.md,
 * "Rate limits across instances"). A hit is counted in memory and answered at once, as the
 * in-memory store does — the limited routes are the hottest — from the count every instance
 * reached at this instance's last upsert plus its own hits since. Every `flushMs` the hits are
 * added to `rate_limit_counts` in one upsert, which answers the new totals. So a limit is
 * counted once across instances; past it, each instance may let through the hits it counted
 * within one flush interval before it learns of the others'.
 */
export class SharedRateCounts {
  readonly #db: Db;
  readonly #entries = new Map<string, Entry>();
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> | undefined;
  #lastPrune = 0;

  constructor(db: Db, flushMs: number) {
    this.#db = db;
    this.#timer = setInterval(() => void this.flush().catch(() => undefined), flushMs);
    this.#timer.unref();
  }

  /** Counts one hit of `key` in its fixed window of `windowMs`: the count of every instance, and the ms left in the window. */
  hit(key: string, windowMs: number, now = Date.now()): { current: number; ttl: number } {
    const windowStart = now - (now % windowMs);
    let entry = this.#entries.get(key);
    if (entry === undefined || entry.windowStart !== windowStart) {
      if (entry !== undefined) this.#entries.delete(key);
      else if (this.#entries.size >= MAX_KEYS) this.#forgetOldest();
      entry = { windowStart, windowMs, known: 0, pending: 0 };
      this.#entries.set(key, entry);
    }
    entry.pending += 1;
    return { current: entry.known + entry.pending, ttl: windowStart + windowMs - now };
  }

  /** Adds this instance's hits since the last flush to the database, and learns the totals. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush().finally(() => (this.#flushing = undefined));
    return this.#flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush().catch(() => undefined);
  }

  async #flush(): Promise<void> {
    const now = Date.now();
    const batch: { key: string; entry: Entry; delta: number }[] = [];
    for (const [key, entry] of this.#entries) {
      if (entry.windowStart + entry.windowMs <= now) {
        this.#entries.delete(key);
        continue;
      }
      if (entry.pending === 0) continue;
      batch.push({ key, entry, delta: entry.pending });
      entry.pending = 0;
    }
    if (batch.length > 0) {
      try {
        const { rows } = await sql<{ limit_key: string; window_start: number; count: number }>`
          INSERT INTO rate_limit_counts (limit_key, window_start, expires_at, count)
          SELECT * FROM unnest(${batch.map((b) => b.key)}::text[], ${batch.map((b) => b.entry.windowStart)}::bigint[], ${batch.map((b) => b.entry.windowStart + b.entry.windowMs)}::bigint[], ${batch.map((b) => b.delta)}::bigint[])
          ON CONFLICT (limit_key, window_start) DO UPDATE SET count = rate_limit_counts.count + excluded.count
          RETURNING limit_key, window_start, count`.execute(this.#db);
        for (const row of rows) {
          const entry = this.#entries.get(row.limit_key);
          if (entry !== undefined && entry.windowStart === Number(row.window_start)) entry.known = Number(row.count);
        }
      } catch (error) {
        // Not counted in the database: kept here, to be added with the next flush.
        for (const { entry, delta } of batch) entry.pending += delta;
        throw error;
      }
    }
    if (now - this.#lastPrune >= 60_000) {
      this.#lastPrune = now;
      await sql`DELETE FROM rate_limit_counts WHERE expires_at < ${now}`.execute(this.#db);
    }
  }

  #forgetOldest(): void {
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }
}
