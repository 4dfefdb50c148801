import { createHash } from 'node:crypto';
import type { KeyMode, ServiceName } from '@inlay/core';
import { usageWrites } from '../repositories/platform/usage.js';
import type { Storage } from '../db/connect.js';

let dayCache = { until: 0, day: '' };

/** Today's UTC date, recomputed at most once a second (config fetches call this per request). */
function today(): string {
  const now = Date.now();
  if (now >= dayCache.until) dayCache = { until: now + 1000, day: new Date(now).toISOString().slice(0, 10) };
  return dayCache.day;
}

interface ActiveUser {
  workspaceId: string;
  mode: KeyMode;
  service: ServiceName;
  resourceId: string;
  day: string;
  /** The end user's identity, in memory only: hashed when written (hashing per request costs more than a map lookup). */
  userKey: string;
}

interface Counter {
  workspaceId: string;
  mode: KeyMode;
  service: ServiceName;
  resourceId: string;
  day: string;
  metric: string;
  count: number;
}

/** Active-user rows per transaction of a flush: each takes a few milliseconds. */
const ACTIVE_USERS_PER_WRITE = 500;

function activeId(a: Omit<ActiveUser, 'day' | 'userKey'>, day: string, userKey: string): string {
  return `${a.workspaceId}\u0000${a.mode}\u0000${a.service}\u0000${a.resourceId}\u0000${day}\u0000${userKey}`;
}

/** What is stored of an end user's identity: a hash, never the identity itself. */
function userHash(userKey: string): string {
  return createHash('sha256').update(userKey).digest('base64url').slice(0, 22);
}

/**
 * Counts events in memory and adds them to `usage_daily` in one transaction per flush, so a
 * hot route (config fetches) costs a map update instead of a database write. Flushed on a timer,
 * before every usage read and at close; a crash loses at most one interval of counts.
 */
export class UsageRecorder {
  /**
   * Counters by resource id, then found by a scan of the few per resource (metrics × days): a map
   * keyed by every field joined would hash a hundred characters on every config fetch.
   */
  #pending = new Map<string, Counter[]>();
  #active = new Map<string, ActiveUser>();
  readonly #storage: Storage;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(storage: Storage, intervalMs: number) {
    this.#storage = storage;
    if (intervalMs > 0) {
      this.#timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
      this.#timer.unref();
    }
  }

  increment(event: Omit<Counter, 'day' | 'count'>, by = 1, at?: Date): void {
    const day = at === undefined ? today() : at.toISOString().slice(0, 10);
    let counters = this.#pending.get(event.resourceId);
    if (counters === undefined) this.#pending.set(event.resourceId, (counters = []));
    for (const counter of counters) {
      if (counter.metric === event.metric && counter.day === day && counter.workspaceId === event.workspaceId && counter.mode === event.mode && counter.service === event.service) {
        counter.count += by;
        return;
      }
    }
    counters.push({ workspaceId: event.workspaceId, mode: event.mode, service: event.service, resourceId: event.resourceId, metric: event.metric, day, count: by });
  }

  /** Notes that an end user was active on a resource today; counted once per user and day. */
  markActive(event: Omit<ActiveUser, 'day' | 'userKey'>, userKey: string, at?: Date): void {
    const day = at === undefined ? today() : at.toISOString().slice(0, 10);
    const id = activeId(event, day, userKey);
    if (!this.#active.has(id)) this.#active.set(id, { ...event, day, userKey });
  }

  /**
   * Writes what is pending, after any write already under way. A failed write puts its counts
   * back and rejects its own callers only: the next flush runs and retries them.
   */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.catch(() => undefined).then(() => this.#write());
    return this.#flushing;
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.flush();
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0 && this.#active.size === 0) return;
    const batch = [...this.#pending.values()].flat();
    const active = [...this.#active.values()];
    this.#pending = new Map();
    this.#active = new Map();
    const { addActive, addCount } = usageWrites(this.#storage);
    // Counts add up, so they are written once, together; active users are idempotent rows,
    // written a chunk per transaction so that thousands of new voters in a second do not hold
    // the event loop (and every request waiting on it) for one long write.
    let countsWritten = false;
    let written = 0;
    try {
      if (batch.length > 0) {
        await this.#storage.transaction(async (tx) => {
                  for (const c of batch) {
                    await addCount.write(tx, { workspaceId: c.workspaceId, mode: c.mode, service: c.service, resourceId: c.resourceId, day: c.day, metric: c.metric, count: c.count });
                  }
                });
      }
      countsWritten = true;
      for (; written < active.length; written += ACTIVE_USERS_PER_WRITE) {
        const chunk = active.slice(written, written + ACTIVE_USERS_PER_WRITE);
        await this.#storage.transaction(async (tx) => {
                  for (const a of chunk) {
                    await addActive.write(tx, { workspaceId: a.workspaceId, mode: a.mode, service: a.service, resourceId: a.resourceId, day: a.day, userHash: userHash(a.userKey) });
                  }
                });
      }
    } catch (error) {
      // Put back what was not written so the next flush retries it.
      if (!countsWritten) for (const c of batch) this.increment(c, c.count, new Date(`${c.day}T12:00:00Z`));
      for (const a of active.slice(written)) this.#active.set(activeId(a, a.day, a.userKey), a);
      throw error;
    }
  }
}
