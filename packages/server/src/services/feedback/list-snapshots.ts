import { randomBytes } from 'node:crypto';
import type { ChangeBus } from '../../db/changes.js';
import { perStorage } from '../../db/storage.js';

/** A list's snapshot as first pages share it. */
export interface SharedSnapshot {
  id: string;
  ids: string[];
  asOf: string;
}

/**
 * Ordered id lists of ranked queries (top, trending, search), kept for a while so that paging
 * through them shows every post exactly once even while votes reorder the board and new posts
 * arrive: the order is fixed when the first page is read. Process-local; a cursor whose snapshot
 * is gone (another server, a restart, expiry) continues by keyset instead.
 */
export class ListSnapshots {
  readonly #entries = new Map<string, { ids: string[]; expires: number }>();
  /** The newest snapshot per list (board, mode, sort, q), reused while fresh. */
  readonly #latest = new Map<string, { id: string; ids: string[]; asOf: string; freshUntil: number }>();
  /** Rankings under way per list, shared by the first pages that wait for them. */
  readonly #building = new Map<string, Promise<SharedSnapshot>>();
  /** Counts invalidations: a ranking started before one is not kept as the list's latest. */
  #generation = 0;
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  /**
   * With `changes`, drops shared snapshots as lists change here or in another process: a board's
   * on `lists` with its prefix, all of them on `lists` without one or on `all` (db/changes.ts).
   */
  constructor(changes?: ChangeBus, ttlMs = 15 * 60_000, maxEntries = 500) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    changes?.subscribe((change) => {
      if (change.topic === 'lists' && change.id !== undefined) this.invalidate(change.id);
      else if (change.topic === 'lists' || change.topic === 'all') this.clearShared();
    });
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

  /**
   * The snapshot of a list, shared by every first page read within `freshMs`: a busy board does
   * not rank its posts again for each visitor, and the entry count stays small. For `freshMs`
   * after that, a first page still gets the old snapshot while the list is ranked again beside
   * it (stale while revalidating), so no reader waits for a ranking a moment older would spare.
   * A board's new, deleted or merged posts drop its snapshots at once (`invalidate`): they are
   * never served stale.
   */
  shared(list: string, freshMs: number, build: () => Promise<string[]>): Promise<SharedSnapshot> {
    const now = Date.now();
    const latest = this.#latest.get(list);
    const kept = latest !== undefined && this.#entries.has(latest.id) ? latest : undefined;
    if (kept && kept.freshUntil > now) return Promise.resolve(kept);
    // First pages that arrive while the list is being ranked wait for that ranking, not one each.
    const building = this.#building.get(list) ?? this.#rank(list, now, freshMs, build);
    if (kept && kept.freshUntil + freshMs > now) {
      building.catch(() => undefined); // a failed ranking is tried again by the next first page
      return Promise.resolve(kept);
    }
    return building;
  }

  #rank(list: string, now: number, freshMs: number, build: () => Promise<string[]>): Promise<SharedSnapshot> {
    const building = this.#build(list, now, freshMs, build, this.#generation).finally(() => {
      if (this.#building.get(list) === building) this.#building.delete(list);
    });
    this.#building.set(list, building);
    return building;
  }

  async #build(list: string, now: number, freshMs: number, build: () => Promise<string[]>, generation: number): Promise<SharedSnapshot> {
    const asOf = new Date(now).toISOString();
    const ids = await build();
    const entry = { id: this.save(ids), ids, asOf, freshUntil: now + freshMs };
    // A list that changed while it was ranked is handed to the pages that waited, not kept for later ones.
    if (generation !== this.#generation) return entry;
    if (this.#latest.size >= this.#maxEntries) this.#latest.clear();
    this.#latest.set(list, entry);
    return entry;
  }

  /** Drops the shared snapshots of lists whose key starts with `prefix` (a board got a new post). */
  invalidate(prefix: string): void {
    this.#generation += 1;
    for (const list of this.#latest.keys()) if (list.startsWith(prefix)) this.#latest.delete(list);
    for (const list of this.#building.keys()) if (list.startsWith(prefix)) this.#building.delete(list);
  }

  /**
   * Drops the shared first-page snapshots of every list: another process deleted, merged or
   * re-counted posts. Cursors already handed out keep their order; their pages read current
   * rows, so a deleted post drops out of them.
   */
  clearShared(): void {
    this.#generation += 1;
    this.#latest.clear();
    this.#building.clear();
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

/** The list snapshots of a storage's boards: one set per storage, whichever app or tool reads it. */
export const listSnapshots = perStorage((storage) => new ListSnapshots(storage.changes));
