import type { KeyMode, ServiceName } from '@inlay/core';
import type { Db } from '../db/connect.js';

interface Counter {
  workspaceId: string;
  mode: KeyMode;
  service: ServiceName;
  resourceId: string;
  day: string;
  metric: string;
  count: number;
}

/**
 * Counts events in memory and adds them to `usage_daily` in one transaction per flush, so a
 * hot route (config fetches) costs a map update instead of a database write. Flushed on a timer,
 * before every usage read and at close; a crash loses at most one interval of counts.
 */
export class UsageRecorder {
  #pending = new Map<string, Counter>();
  readonly #db: Db;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(db: Db, intervalMs: number) {
    this.#db = db;
    if (intervalMs > 0) {
      this.#timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
      this.#timer.unref();
    }
  }

  increment(event: Omit<Counter, 'day' | 'count'>, by = 1, at = new Date()): void {
    const day = at.toISOString().slice(0, 10);
    const id = `${event.workspaceId}\u0000${event.mode}\u0000${event.service}\u0000${event.resourceId}\u0000${day}\u0000${event.metric}`;
    const counter = this.#pending.get(id);
    if (counter) counter.count += by;
    else this.#pending.set(id, { ...event, day, count: by });
  }

  /** Writes what is pending; concurrent callers wait for the same write. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.flush();
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending.values()];
    this.#pending = new Map();
    try {
      await this.#db.transaction().execute(async (trx) => {
        for (const c of batch) {
          await trx
            .insertInto('usage_daily')
            .values({
              workspace_id: c.workspaceId,
              mode: c.mode,
              service: c.service,
              resource_id: c.resourceId,
              day: c.day,
              metric: c.metric,
              count: c.count,
            })
            .onConflict((oc) =>
              oc
                .columns(['workspace_id', 'mode', 'service', 'day', 'resource_id', 'metric'])
                .doUpdateSet((eb) => ({ count: eb('usage_daily.count', '+', eb.ref('excluded.count')) })),
            )
            .execute();
        }
      });
    } catch (error) {
      // Put the counts back so the next flush retries them.
      for (const c of batch) this.increment(c, c.count, new Date(`${c.day}T12:00:00Z`));
      throw error;
    }
  }
}
