import type { Selectable } from 'kysely';
import type { PostsTable } from '../../db/schema.js';
import { GuardedCache } from '../../platform/guarded-cache.js';

type PostRow = Selectable<PostsTable>;

/**
 * Recently read post rows by id. The first pages of a board's lists show the same posts to
 * every visitor, and reading twenty rows costs more than the rest of a list request. Votes and
 * status changes made by this server drop the post's entry in the same transaction; changes by
 * another process (the operator CLI) clear the cache within a poll (`watchOtherProcesses` in
 * db/sqlite/storage.ts); an entry is also dropped after `ttlMs` whatever happens, and the oldest
 * entries go first past `maxEntries`. A row read before a post changed is not cached after it
 * (`generation`, platform/guarded-cache.ts).
 */
export class PostRowCache {
  readonly #rows: GuardedCache<PostRow>;

  constructor(ttlMs = 30_000, maxEntries = 10_000) {
    this.#rows = new GuardedCache(ttlMs, maxEntries);
  }

  get(id: string, now: number): PostRow | undefined {
    return this.#rows.get(id, now);
  }

  /** Taken before reading rows from the database, and handed back to `set`. */
  get generation(): number {
    return this.#rows.generation;
  }

  /** Caches a row read at `generation`; not when a post changed since (it may be the old row). */
  set(row: PostRow, now: number, generation: number): void {
    this.#rows.set(row.id, row, now, generation);
  }

  delete(id: string): void {
    this.#rows.delete(id);
  }

  /** Drops every entry: another process changed posts (see `watchOtherProcesses` in db/sqlite/storage.ts). */
  clear(): void {
    this.#rows.clear();
  }
}
