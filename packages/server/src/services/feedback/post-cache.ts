import type { Selectable } from 'kysely';
import type { PostsTable } from '../../db/schema.js';

type PostRow = Selectable<PostsTable>;

/**
 * Recently read post rows by id. The first pages of a board's lists show the same posts to
 * every visitor, and reading twenty rows costs more than the rest of a list request. Votes and
 * status changes made by this server drop the post's entry in the same transaction; changes by
 * another process (the operator CLI) clear the cache within a poll (`watchOtherProcesses` in db/sqlite/storage.ts); an entry is also dropped after `ttlMs` whatever happens, and the
 * oldest entries go first past `maxEntries`.
 */
export class PostRowCache {
  readonly #entries = new Map<string, { row: PostRow; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  /** Moves on every delete: rows read before a change are not cached after it (see `set`). */
  #generation = 0;

  constructor(ttlMs = 30_000, maxEntries = 10_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(id: string, now: number): PostRow | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.expires > now) return entry.row;
    this.#entries.delete(id);
    return undefined;
  }

  /** Taken before reading rows from the database, and handed back to `set`. */
  get generation(): number {
    return this.#generation;
  }

  /** Caches a row read at `generation`; not when a post changed since (it may be the old row). */
  set(row: PostRow, now: number, generation: number): void {
    if (generation !== this.#generation) return;
    this.#entries.delete(row.id);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(row.id, { row, expires: now + this.#ttlMs });
  }

  delete(id: string): void {
    this.#generation += 1;
    this.#entries.delete(id);
  }

  /** Drops every entry: another process changed posts (see `watchOtherProcesses` in db/sqlite/storage.ts). */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
