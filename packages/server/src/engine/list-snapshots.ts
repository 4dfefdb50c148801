import { randomBytes } from 'node:crypto';

/**
 * Ordered id lists of ranked queries (top, trending, search), kept for a while so that paging
 * through them shows every post exactly once even while votes reorder the board and new posts
 * arrive: the order is fixed when the first page is read. Process-local; a cursor whose snapshot
 * is gone (another server, a restart, expiry) continues by keyset instead.
 */
export class ListSnapshots {
  readonly #entries = new Map<string, { ids: string[]; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs = 15 * 60_000, maxEntries = 500) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  save(ids: string[]): string {
    const id = randomBytes(9).toString('base64url');
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(id, { ids, expires: Date.now() + this.#ttlMs });
    return id;
  }

  get(id: string): string[] | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.ids;
  }
}
