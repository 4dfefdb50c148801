/**
 * The votes of recent readers, for the `voted` flags of the lists they read (docs/decisions.md,
 * "Feedback posts"): a reader seen within `ttlMs` gets the flags of the next page from memory
 * instead of a read of their votes on every page (about a fifth of a first page's CPU on SQLite
 * under load). An entry is every vote of one reader's author keys, kept only for readers with
 * few votes.
 *
 * Exact only where this process writes every vote (`Storage.sharedByProcesses` false): a vote
 * forgets its author's entries once it committed (`forget`), and a new, merged or deleted post or
 * another process's change forgets them all (`clear`, from the change bus). `generation` moves
 * with each: a read begun before a change does not store what it read after it.
 */
export class ReaderVotes {
  readonly #entries = new Map<string, { authorKeys: readonly string[]; postIds: ReadonlySet<string>; expires: number }>();
  /** Author key → the entries holding its votes. */
  readonly #byAuthor = new Map<string, Set<string>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #generation = 0;

  constructor(ttlMs = 30_000, maxEntries = 10_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  /** The posts `reader` (its author keys, as one string) voted for, if remembered and not expired. */
  get(reader: string, now: number): ReadonlySet<string> | undefined {
    const entry = this.#entries.get(reader);
    if (entry === undefined) return undefined;
    if (entry.expires > now) return entry.postIds;
    this.#drop(reader);
    return undefined;
  }

  /** Taken before reading a reader's votes, and handed back to `set`. */
  get generation(): number {
    return this.#generation;
  }

  /** Remembers the votes read at `generation`; not when a vote or a post changed since. */
  set(reader: string, authorKeys: readonly string[], postIds: ReadonlySet<string>, now: number, generation: number): void {
    if (generation !== this.#generation) return;
    this.#drop(reader);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
    this.#entries.set(reader, { authorKeys, postIds, expires: now + this.#ttlMs });
    for (const key of authorKeys) {
      const readers = this.#byAuthor.get(key);
      if (readers === undefined) this.#byAuthor.set(key, new Set([reader]));
      else readers.add(reader);
    }
  }

  /** A vote of `authorKey` committed (or failed): its readers read their votes again. */
  forget(authorKey: string): void {
    this.#generation += 1;
    for (const reader of this.#byAuthor.get(authorKey) ?? []) this.#drop(reader);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#byAuthor.clear();
  }

  #drop(reader: string): void {
    const entry = this.#entries.get(reader);
    if (entry === undefined) return;
    this.#entries.delete(reader);
    for (const key of entry.authorKeys) {
      const readers = this.#byAuthor.get(key);
      readers?.delete(reader);
      if (readers?.size === 0) this.#byAuthor.delete(key);
    }
  }
}
