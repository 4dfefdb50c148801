import { GuardedCache } from '../../platform/guarded-cache.js';

interface Entry {
  authorKeys: readonly string[];
  postIds: ReadonlySet<string>;
}

/**
 * The votes of recent readers, for the `voted` flags of the lists they read (docs/decisions.md,
 * "Feedback posts"): a reader seen within `ttlMs` gets the flags of the next page from memory
 * instead of a read of their votes on every page (about a fifth of a first page's CPU on SQLite
 * under load). An entry is every vote of one reader's author keys, kept only for readers with
 * few votes.
 *
 * Exact only where this process writes every vote (`Storage.sharedByProcesses` false): a vote
 * forgets its author's entries once it committed (`forget`), and a new, merged or deleted post or
 * another process's change forgets them all (`clear`, from the change bus); a read begun before
 * either keeps nothing (platform/guarded-cache.ts).
 */
export class ReaderVotes {
  readonly #entries: GuardedCache<Entry>;
  /** Author key → the readers (entries) holding its votes. */
  readonly #byAuthor = new Map<string, Set<string>>();

  constructor(ttlMs = 30_000, maxEntries = 10_000) {
    this.#entries = new GuardedCache(ttlMs, maxEntries, (reader, { authorKeys }) => {
      for (const key of authorKeys) {
        const readers = this.#byAuthor.get(key);
        readers?.delete(reader);
        if (readers?.size === 0) this.#byAuthor.delete(key);
      }
    });
  }

  /** The posts `reader` (its author keys, as one string) voted for, if remembered and not expired. */
  get(reader: string, now: number): ReadonlySet<string> | undefined {
    return this.#entries.get(reader, now)?.postIds;
  }

  /** Taken before reading a reader's votes, and handed back to `set`. */
  get generation(): number {
    return this.#entries.generation;
  }

  /** Remembers the votes read at `generation`; not when a vote or a post changed since. */
  set(reader: string, authorKeys: readonly string[], postIds: ReadonlySet<string>, now: number, generation: number): void {
    if (!this.#entries.set(reader, { authorKeys, postIds }, now, generation)) return;
    for (const key of authorKeys) {
      const readers = this.#byAuthor.get(key);
      if (readers === undefined) this.#byAuthor.set(key, new Set([reader]));
      else readers.add(reader);
    }
  }

  /** A vote of `authorKey` committed (or failed): its readers read their votes again. */
  forget(authorKey: string): void {
    this.#entries.delete(...(this.#byAuthor.get(authorKey) ?? []));
  }

  clear(): void {
    this.#entries.clear();
  }
}
