import type { ResourceKind } from '@inlay/core';
import type { Storage } from '../db/connect.js';
import { findPublished } from '../repositories/publishing/resources.js';

/** A published config ready to send: the body is serialised once per publish, not per request. */
export interface PublishedEntry {
  workspaceId: string;
  revisionId: string;
  config: unknown;
  etag: string;
  /** `{"data": …}` as sent, encoded once: the route neither measures nor encodes it per request. */
  body: Buffer;
}

export type PublishedLookup = PublishedEntry | { workspaceId: string; unpublished: true } | undefined;

/**
 * Published configs kept in memory, keyed by resource id, dropped whenever that resource is
 * published again. Only published configs are kept (misses are not), so nobody can fill the
 * cache with ids that do not exist.
 */
export class PublishedCache {
  /** One map per kind, keyed by the id as the router hands it over: no key is built per request. */
  readonly #byKind = new Map<ResourceKind, Map<string, PublishedEntry>>();
  #size = 0;
  /** Bumped by every invalidation: a read that started before one must not store what it read. */
  #generation = 0;
  readonly #storage: Storage;
  readonly #maxEntries: number;

  /** @param maxEntries configs kept, of every kind together; the oldest go first */
  readonly #unsubscribe: () => void;

  /** Drops a config when its resource is published or deleted, here or in another process (db/changes.ts). */
  constructor(storage: Storage, maxEntries = 5_000) {
    this.#storage = storage;
    this.#maxEntries = maxEntries;
    this.#unsubscribe = storage.changes.subscribe((change) => {
      if (change.topic === 'published' && change.kind !== undefined && change.id !== undefined) this.invalidate(change.kind as ResourceKind, change.id);
      else if (change.topic === 'published' || change.topic === 'all') this.clear();
    });
  }

  /** Stops listening for changes (the app closes). */
  close(): void {
    this.#unsubscribe();
  }

  /** The cached entry, without touching the database (the hot routes answer synchronously from it). */
  peek(kind: ResourceKind, id: string): PublishedEntry | undefined {
    return this.#byKind.get(kind)?.get(id);
  }

  async get(kind: ResourceKind, id: string): Promise<PublishedLookup> {
    const hit = this.peek(kind, id);
    if (hit) return hit;
    const generation = this.#generation;
    const found = await findPublished(this.#storage, kind, id);
    if (!found) return undefined;
    if (found.published === null) return { workspaceId: found.workspaceId, unpublished: true };
    const p = found.published;
    const entry: PublishedEntry = {
      workspaceId: found.workspaceId,
      revisionId: p.revisionId,
      config: p.config,
      etag: `"${p.revisionId}"`,
      body: Buffer.from(
        JSON.stringify({
          data: { id, object: kind, name: p.name, revisionId: p.revisionId, publishedAt: p.publishedAt, config: p.config },
        }),
      ),
    };
    if (generation !== this.#generation) return entry;
    let entries = this.#byKind.get(kind);
    if (entries === undefined) this.#byKind.set(kind, (entries = new Map()));
    // A concurrent first fetch of the same id may have set it already.
    if (!entries.has(id)) {
      if (this.#size >= this.#maxEntries) this.#evictOldest(entries);
      this.#size++;
    }
    entries.set(id, entry);
    return entry;
  }

  invalidate(kind: ResourceKind, id: string): void {
    this.#generation++;
    if (this.#byKind.get(kind)?.delete(id)) this.#size--;
  }

  /** Drops every entry: another process deleted or published a resource. */
  clear(): void {
    this.#generation++;
    this.#byKind.clear();
    this.#size = 0;
  }

  /** Drops the oldest entry of `preferred`, or of any kind when that one is empty. */
  #evictOldest(preferred: Map<string, PublishedEntry>): void {
    for (const entries of [preferred, ...this.#byKind.values()]) {
      const oldest = entries.keys().next();
      if (!oldest.done) {
        entries.delete(oldest.value);
        this.#size--;
        return;
      }
    }
  }
}
