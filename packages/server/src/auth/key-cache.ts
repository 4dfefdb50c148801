import type { Db } from '../db/connect.js';
import { lookupApiKey, type KeyLookup } from '../repositories/api-keys.js';
import { hashApiKey } from './api-keys.js';

/**
 * Resolves presented keys, remembering each answer for a few seconds so the hot publishable
 * routes do not query the database per request. Revocations and plan changes made through this
 * process clear it at once; made by another process (the CLI), they apply within the TTL.
 */
export class KeyCache {
  readonly #entries = new Map<string, { value: KeyLookup | null; expires: number }>();
  readonly #db: Db;
  readonly #ttlMs: number;
  readonly #maxEntries = 10_000;

  constructor(db: Db, ttlMs: number) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  async resolve(key: string): Promise<KeyLookup | null> {
    const hash = hashApiKey(key);
    const now = Date.now();
    const hit = this.#entries.get(hash);
    if (hit && hit.expires > now) return hit.value;
    const value = (await lookupApiKey(this.#db, key)) ?? null;
    if (this.#ttlMs > 0) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      this.#entries.set(hash, { value, expires: now + this.#ttlMs });
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
