import { sql } from 'kysely';
import type { Db } from '../storage.js';
import type { RateCountStore, WindowHits } from '../rate-count-store.js';

/** How often ended windows are deleted from `rate_limit_counts`. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The counts in PostgreSQL's `rate_limit_counts` (migration 0017): one upsert of the whole batch
 * through `unnest`, answering the totals.
 */
export class PostgresRateCounts implements RateCountStore {
  readonly #db: Db;
  #lastPrune = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  async add(batch: readonly WindowHits[]): Promise<number[]> {
    // Every instance locks the rows in the same order (key, then window), so two instances'
    // flushes of the same keys wait for each other rather than deadlock.
    const rowsInOrder = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart - b.windowStart));
    const { rows } = await sql<{ limit_key: string; window_start: number; count: number }>`
      INSERT INTO rate_limit_counts (limit_key, window_start, expires_at, count)
      SELECT * FROM unnest(${rowsInOrder.map((b) => b.key)}::text[], ${rowsInOrder.map((b) => b.windowStart)}::bigint[], ${rowsInOrder.map((b) => b.expiresAt)}::bigint[], ${rowsInOrder.map((b) => b.hits)}::bigint[])
      ON CONFLICT (limit_key, window_start) DO UPDATE SET count = rate_limit_counts.count + excluded.count
      RETURNING limit_key, window_start, count`.execute(this.#db);
    const totals = new Map(rows.map((row) => [`${Number(row.window_start)}:${row.limit_key}`, Number(row.count)]));
    return batch.map((b) => totals.get(`${b.windowStart}:${b.key}`) ?? 0);
  }

  async prune(now: number): Promise<void> {
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = now;
    await sql`DELETE FROM rate_limit_counts WHERE expires_at < ${now}`.execute(this.#db);
  }

  async close(): Promise<void> {
    // The database is the app's, closed with it.
  }
}
