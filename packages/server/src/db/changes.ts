import { randomBytes } from 'node:crypto';

/**
 * The change bus (docs/self-hosting.md, "Running many instances on PostgreSQL"): what a process
 * changed that other processes may hold in memory. Whoever changes something — a route, a
 * service, the operator CLI — announces it on its database's bus; every cache that remembers
 * rows of that database listens and drops what the change makes stale.
 *
 * - Locally, listeners hear an announcement at once (synchronously).
 * - On PostgreSQL, the announcements of one event-loop turn go out together in one `NOTIFY`
 *   after the change committed; every other instance hears them through its listening
 *   connection (db/postgres/changes.ts).
 * - On SQLite there is one server per file; the operator CLI's commits are noticed by the
 *   `PRAGMA data_version` watcher (`watchOtherProcesses` in sqlite/storage.ts), which delivers
 *   `all` locally.
 */

/** What changed. `all`: anything may have (a lost listening connection, another process on the SQLite file). */
export type ChangeTopic = 'published' | 'keys' | 'signing-secrets' | 'webhooks' | 'posts' | 'lists' | 'all';

export interface Change {
  topic: ChangeTopic;
  /** The changed object (a resource id, a post id, a list prefix); absent: every one of the topic. */
  id?: string;
  /** `published`: the resource's kind. */
  kind?: string;
}

export type ChangeListener = (change: Change) => void;

/** The one channel every instance of a database listens on. */
export const CHANGE_CHANNEL = 'inlay_changes';
/** How many times a NOTIFY is tried, and the wait before the second try (longer before each next one). */
const SEND_ATTEMPTS = 3;
const SEND_RETRY_MS = 100;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7_000;

/** What a NOTIFY carries: who sent it (so an instance skips its own) and the changes. */
export interface ChangeMessage {
  origin: string;
  changes: Change[];
}

export class ChangeBus {
  /** Identifies this process's announcements, so its own listener skips them. */
  readonly origin = randomBytes(8).toString('hex');
  readonly #listeners = new Set<ChangeListener>();
  readonly #notify: ((payload: string) => Promise<unknown>) | undefined;
  #queued: Change[] = [];
  #pending = new Set<Promise<void>>();
  #onSendError: (error: unknown) => void = () => undefined;
  #reporting = false;
  #unsent: unknown;

  /**
   * `notify` sends a payload to the other processes (PostgreSQL's `NOTIFY`, postgres/storage.ts);
   * without it (SQLite), announcements stay in this process.
   */
  constructor(notify?: (payload: string) => Promise<unknown>) {
    this.#notify = notify;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Where a NOTIFY that failed every attempt is reported (the server's log). Without a report
   * (the operator CLI), {@link settled} throws instead, so the command does not claim a change
   * that running servers may not have heard.
   */
  onSendError(report: (error: unknown) => void): void {
    this.#onSendError = report;
    this.#reporting = true;
  }

  /**
   * Tells this process's listeners now, and other instances (PostgreSQL) with the next batch.
   * Call it after the change committed: an instance that re-reads on hearing it must see it.
   */
  announce(change: Change): void {
    this.deliver(change);
    if (this.#notify === undefined) return;
    if (this.#queued.length === 0) {
      const sending = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#send());
      this.#pending.add(sending);
      void sending.finally(() => this.#pending.delete(sending));
    }
    this.#queued.push(change);
  }

  /** Tells this process's listeners only: what another process announced, or `all` on a lost connection. */
  deliver(change: Change): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure must not keep the change from the others.
      }
    }
  }

  /**
   * Settles once every announcement made so far has been sent: the CLI waits for it before
   * closing. Throws if one could not be sent and no {@link onSendError} report was set.
   */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
    const unsent = this.#unsent;
    this.#unsent = undefined;
    if (unsent !== undefined) throw new Error('a change could not be announced to the running servers; they see it once their caches expire or restart', { cause: unsent });
  }

  async #send(): Promise<void> {
    const notify = this.#notify;
    if (notify === undefined) return;
    const changes = this.#queued;
    this.#queued = [];
    for (const payload of payloads(this.origin, changes)) {
      // A pool error is often passing (a connection being replaced): try again before giving up,
      // since the other instances' caches of published configs and subscriptions have no expiry.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await notify(payload);
          break;
        } catch (error) {
          if (attempt < SEND_ATTEMPTS) {
            await new Promise((resolve) => setTimeout(resolve, SEND_RETRY_MS * attempt));
            continue;
          }
          if (this.#reporting) this.#onSendError(error);
          else this.#unsent ??= error;
          break;
        }
      }
    }
  }
}

/** What a change too large for a payload of its own is sent as. */
const ALL = JSON.stringify({ topic: 'all' } satisfies Change);

/**
 * Splits `changes` into payloads (JSON of a {@link ChangeMessage}) under PostgreSQL's limit, each
 * change once however often it was announced in the turn (a vote per post, many on one post); a
 * change too large alone becomes `all`. Each change is encoded once and the sizes added up: a
 * turn's announcements are many (one per vote), so re-encoding the payload for each was quadratic.
 */
function payloads(origin: string, changes: readonly Change[]): string[] {
  const head = `{"origin":${JSON.stringify(origin)},"changes":[`;
  const tail = ']}';
  const frame = Buffer.byteLength(head) + tail.length;
  const out: string[] = [];
  const seen = new Set<string>();
  let pieces: string[] = [];
  let size = frame;
  for (const change of changes) {
    let piece = JSON.stringify(change);
    let bytes = Buffer.byteLength(piece);
    if (frame + bytes >= MAX_PAYLOAD) [piece, bytes] = [ALL, ALL.length];
    if (seen.has(piece)) continue;
    seen.add(piece);
    // A comma before every piece but a payload's first.
    if (pieces.length > 0 && size + 1 + bytes >= MAX_PAYLOAD) {
      out.push(head + pieces.join(',') + tail);
      pieces = [];
      size = frame;
    }
    size += (pieces.length > 0 ? 1 : 0) + bytes;
    pieces.push(piece);
  }
  if (pieces.length > 0) out.push(head + pieces.join(',') + tail);
  return out;
}

/** Parses a NOTIFY payload; undefined for anything not written by {@link ChangeBus}. */
export function parseChangeMessage(payload: string | undefined): ChangeMessage | undefined {
  try {
    const message = JSON.parse(payload ?? '') as Partial<ChangeMessage>;
    if (typeof message.origin !== 'string' || !Array.isArray(message.changes)) return undefined;
    return { origin: message.origin, changes: message.changes.filter((change) => typeof change?.topic === 'string') };
  } catch {
    return undefined;
  }
}
