import type { Storage } from '../db/connect.js';
import { lookupApiKey, touchApiKey, type KeyLookup } from '../repositories/platform/api-keys.js';

/**
 * Resolves presented keys, remembering each answer for a few seconds so the hot publishable
 * routes neither query the database nor hash per request. Revoking a key or changing a plan (the
 * dashboard, the CLI, `revokeApiKey` / `setWorkspacePlan`) announces `keys` on the change bus, which
 * clears the cache here and in every other process at once. Entries are keyed by the presented
 * string itself, which is in the request anyway.
 */
export class KeyCache {
  readonly #entries = new Map<string, { value: KeyLookup | null; expires: number }>();
  readonly #storage: Storage;
  readonly #ttlMs: number;
  readonly #maxEntries = 10_000;
  /** Moves on every {@link clear}: an answer read before one is not kept after it. */
  #generation = 0;

  readonly #unsubscribe: () => void;

  /** Drops its answers when keys or plans change, here or in another process (db/changes.ts). */
  constructor(storage: Storage, ttlMs: number) {
    this.#storage = storage;
    this.#ttlMs = ttlMs;
    this.#unsubscribe = storage.changes.subscribe((change) => {
      if (change.topic === 'keys' || change.topic === 'all') this.clear();
    });
  }

  /** Stops listening for changes (the app closes). */
  close(): void {
    this.#unsubscribe();
  }

  /** The cached answer, or undefined when the database must be asked. */
  peek(key: string): KeyLookup | null | undefined {
    const hit = this.#entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  /** Looks a key up. Pass only keys whose format `parseApiKey` accepted: the auth hook relies on every cached key having passed it. */
  async resolve(key: string): Promise<KeyLookup | null> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const generation = this.#generation;
    const value = (await lookupApiKey(this.#storage, key)) ?? null;
    // Only on a cache miss, and at most once a minute per key: the dashboard's "last used".
    if (value !== null) await touchApiKey(this.#storage, value);
    if (this.#ttlMs > 0 && generation === this.#generation) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      this.#entries.set(key, { value, expires: Date.now() + this.#ttlMs });
    }
    return value;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
