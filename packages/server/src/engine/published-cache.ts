import type { ResourceKind } from '@inlay/core';
import type { Db } from '../db/connect.js';
import { findPublished } from '../repositories/resources.js';

/** A published config ready to send: the body is serialised once per publish, not per request. */
export interface PublishedEntry {
  workspaceId: string;
  revisionId: string;
  config: unknown;
  etag: string;
  /** `{"data": …}` as sent. */
  body: string;
}

export type PublishedLookup = PublishedEntry | { workspaceId: string; unpublished: true } | undefined;

/**
 * Published configs kept in memory, keyed by resource id, dropped whenever that resource is
 * published again. Only published configs are kept (misses are not), so nobody can fill the
 * cache with ids that do not exist.
 */
export class PublishedCache {
  readonly #entries = new Map<string, PublishedEntry>();
  readonly #db: Db;
  readonly #maxEntries = 5_000;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The cached entry, without touching the database (the hot routes answer synchronously from it). */
  peek(kind: ResourceKind, id: string): PublishedEntry | undefined {
    return this.#entries.get(`${kind}:${id}`);
  }

  async get(kind: ResourceKind, id: string): Promise<PublishedLookup> {
    const cacheKey = `${kind}:${id}`;
    const hit = this.#entries.get(cacheKey);
    if (hit) return hit;
    const found = await findPublished(this.#db, kind, id);
    if (!found) return undefined;
    if (found.published === null) return { workspaceId: found.workspaceId, unpublished: true };
    const p = found.published;
    const entry: PublishedEntry = {
      workspaceId: found.workspaceId,
      revisionId: p.revisionId,
      config: p.config,
      etag: `"${p.revisionId}"`,
      body: JSON.stringify({
        data: { id, object: kind, name: p.name, revisionId: p.revisionId, publishedAt: p.publishedAt, config: p.config },
      }),
    };
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(cacheKey, entry);
    return entry;
  }

  invalidate(kind: ResourceKind, id: string): void {
    this.#entries.delete(`${kind}:${id}`);
  }
}
