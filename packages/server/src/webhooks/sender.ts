import type { Storage } from '../db/connect.js';
import type { Tx } from '../db/statements.js';
import { BATCH, outboxBatchStatements, outboxStatements } from '../repositories/webhooks/outbox.js';
import { newId } from '../db/ids.js';
import type { WebhookOptions } from '../options.js';
import { invalidateSubscriptions, onEventRecorded } from './events.js';
import type { AttemptResult } from './attempt.js';
import { openAttemptRunner, type AttemptRunner } from './attempt-runner.js';

/**
 * The background sender (docs/webhooks.md): claims due deliveries from the outbox with a lease,
 * posts them, and records each attempt. The outbox row is the source of truth: a process killed
 * mid-send leaves the row pending under a lease that expires, and whichever process looks next
 * sends it again (at least once; receivers deduplicate on `webhook-id`).
 */

/**
 * How many rounds of an endpoint's concurrency one claim takes at once, so a busy endpoint does
 * not wait for a database round trip between attempts. Claims hold only the first pending
 * delivery of each object, so the queue never reorders an object's events.
 */
const PREFETCH = 8;

/**
 * How long a wake by a newly recorded event waits, so one claim takes the events of several
 * turns (docs/decisions.md, "Webhook delivery cost (measured)"): a claim per turn cost more of
 * the API thread than the events it found. Wakes by an ended attempt or the poll do not wait.
 */
const CLAIM_WINDOW_MS = 5;

/** How long an endpoint seen not failing is taken as such before its row is read again. */
const HEALTHY_RECHECK_MS = 1_000;

interface Claimed {
  seq: number;
  id: string;
  endpointId: string;
  workspaceId: string;
  mode: string;
  body: string;
  retryIndex: number;
  url: string;
  secrets: string[];
}

interface Finished {
  delivery: Claimed;
  result: AttemptResult;
}

export class WebhookSender {
  readonly #storage: Storage;
  readonly #options: WebhookOptions;
  readonly #log: { warn(obj: object, msg: string): void };
  readonly #inFlight = new Map<string, number>();
  /** Claimed (leased) deliveries waiting for a slot, per endpoint: at most one per object. */
  readonly #queued = new Map<string, Claimed[]>();
  #runner: AttemptRunner | undefined;
  /** When this process last saw each endpoint not failing (see #record). */
  readonly #healthySince = new Map<string, number>();
  #total = 0;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;
  #running = false;
  #again = false;
  #stopped = false;
  #wakeScheduled = false;
  #wakeTimer: NodeJS.Timeout | undefined;
  /** Attempts ended and not yet recorded: everything that ends in one turn is recorded in one transaction. */
  #finished: Finished[] = [];
  #recorded: Promise<void> | undefined;

  constructor(storage: Storage, options: WebhookOptions, log: { warn(obj: object, msg: string): void }) {
    this.#storage = storage;
    this.#options = options;
    this.#log = log;
  }

  start(): void {
    const { allowPrivateTargets, timeoutMs, concurrency, totalConcurrency, responseExcerptBytes, deliveryThread } = this.#options;
    this.#runner = openAttemptRunner({ allowPrivateTargets, timeoutMs, concurrency, totalConcurrency, responseExcerptBytes }, deliveryThread, this.#log);
    // A new delivery for an endpoint whose slots are all taken waits for one to free up (which
    // wakes the sender): no claim runs per vote while an endpoint is busy.
    this.#unsubscribe = onEventRecorded(this.#storage, (endpointIds) => {
      if (endpointIds.some((id) => this.#held(id) < this.#options.concurrency * PREFETCH)) this.wake(false);
    });
    this.#timer = setInterval(() => this.wake(), this.#options.pollIntervalMs);
    this.#timer.unref();
    this.wake();
  }

  /** Stops claiming; attempts in flight are abandoned and their leases expire (sent again later). */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearTimeout(this.#wakeTimer);
    this.#unsubscribe?.();
    this.#queued.clear();
    this.#runner?.close();
  }

  /**
   * Look for due deliveries: on the next turn when `pressing` (the default), else within
   * CLAIM_WINDOW_MS. Calls meanwhile share one look.
   */
  wake(pressing = true): void {
    if (this.#stopped || this.#wakeScheduled) return;
    if (!pressing) {
      if (this.#wakeTimer === undefined) {
        this.#wakeTimer = setTimeout(() => this.wake(true), CLAIM_WINDOW_MS);
        this.#wakeTimer.unref();
      }
      return;
    }
    this.#wakeScheduled = true;
    clearTimeout(this.#wakeTimer);
    this.#wakeTimer = undefined;
    setImmediate(() => {
      this.#wakeScheduled = false;
      void this.#tick();
    });
  }

  async #tick(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    try {
      do {
        this.#again = false;
        if (this.#total >= this.#options.totalConcurrency * PREFETCH) break;
        await this.#storage.transaction((tx) => this.#claim(tx));
        this.#pump();
      } while (this.#again && !this.#stopped);
    } catch (error) {
      if (!this.#stopped) this.#log.warn({ err: error }, 'webhooks: could not claim deliveries');
    } finally {
      this.#running = false;
    }
  }

  async #claim(tx: Tx): Promise<void> {
    const s = outboxStatements(this.#storage);
    const now = Date.now();
    // A claimed delivery may wait behind PREFETCH rounds of attempts before its own.
    const leaseUntil = now + this.#options.timeoutMs * (PREFETCH + 2) + 1_000;
    for (const endpoint of await s.endpoints.all(tx, { now, on: 1 })) {
      const free = this.#options.concurrency * PREFETCH - this.#held(endpoint.id);
      if (free <= 0) continue;
      const rows = await s.claim.all(tx, { endpointId: endpoint.id, workspaceId: endpoint.workspace_id, mode: endpoint.mode, now, limit: free, leaseUntil, one: 1 });
      // RETURNING keeps no order: the queue goes in creation order.
      rows.sort((a, b) => a.seq - b.seq);
      const secrets = [endpoint.secret];
      if (endpoint.previous_secret !== null && endpoint.previous_secret_expires_at !== null && Date.parse(endpoint.previous_secret_expires_at) > now) {
        secrets.push(endpoint.previous_secret);
      }
      for (const row of rows) {
        const queue = this.#queued.get(endpoint.id) ?? [];
        this.#queued.set(endpoint.id, queue);
        queue.push({
          seq: row.seq,
          id: row.id,
          endpointId: endpoint.id,
          workspaceId: endpoint.workspace_id,
          mode: endpoint.mode,
          body: row.body,
          retryIndex: row.retry_index,
          url: endpoint.url,
          secrets,
        });
      }
    }
  }

  /** Deliveries of the endpoint claimed by this process: waiting or in flight. */
  #held(endpointId: string): number {
    return (this.#inFlight.get(endpointId) ?? 0) + (this.#queued.get(endpointId)?.length ?? 0);
  }

  /**
   * Hands the claimed deliveries to the runner, which keeps the per-endpoint and overall
   * concurrency itself (attempt.ts): the next attempt starts when one ends, on its own thread.
   */
  #pump(): void {
    for (const [endpointId, queue] of this.#queued) {
      for (const delivery of queue) {
        this.#inFlight.set(endpointId, (this.#inFlight.get(endpointId) ?? 0) + 1);
        this.#total += 1;
        void this.#deliver(delivery);
      }
    }
    this.#queued.clear();
  }

  async #deliver(delivery: Claimed): Promise<void> {
    let result: AttemptResult;
    try {
      if (this.#runner === undefined) throw new Error('the sender has not started');
      result = await this.#runner.attempt({ id: delivery.id, endpointId: delivery.endpointId, url: delivery.url, body: delivery.body, secrets: delivery.secrets });
    } catch (error) {
      result = { statusCode: null, excerpt: null, error: (error as Error).message, retryAfterSeconds: null, latencyMs: 0 };
    }
    const left = (this.#inFlight.get(delivery.endpointId) ?? 1) - 1;
    if (left === 0) this.#inFlight.delete(delivery.endpointId);
    else this.#inFlight.set(delivery.endpointId, left);
    this.#total -= 1;
    if (this.#stopped) return;
    const recorded = this.#queueRecord({ delivery, result });
    // Claiming more queues behind this record (same group commit or the next), so it sees the
    // outcome without waiting a round trip for the commit first. Claimed when half the
    // endpoint's prefetch is left, so the runner's queue never runs dry under a steady load; on
    // the next turn, so the next event of this delivery's object, held back until now, follows
    // it without waiting for the claim window (results arrive batched: attempt-worker.ts).
    if (this.#held(delivery.endpointId) <= (this.#options.concurrency * PREFETCH) / 2) this.wake();
    try {
      await recorded;
    } catch (error) {
      if (!this.#stopped) this.#log.warn({ err: error, deliveryId: delivery.id }, 'webhooks: could not record an attempt');
    }
  }

  /**
   * Adds an ended attempt to this turn's batch; the batch is written on the next turn, in one
   * transaction, with one INSERT for its attempts and one UPDATE for its successes
   * (docs/decisions.md, "Webhook delivery cost (measured)"). Settles after the batch's commit.
   */
  #queueRecord(finished: Finished): Promise<void> {
    if (this.#finished.length === 0) {
      this.#recorded = new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          const batch = this.#finished;
          this.#finished = [];
          this.#storage.transaction((tx) => this.#record(tx, batch)).then((disabled) => {
            // No instance may go on writing events for an endpoint it disabled (db/changes.ts).
            if (disabled) invalidateSubscriptions(this.#storage);
            resolve();
          }, reject);
        });
      });
    }
    this.#finished.push(finished);
    return this.#recorded as Promise<void>;
  }

  /** Writes a batch of ended attempts; answers whether an endpoint was disabled by them. */
  async #record(tx: Tx, batch: readonly Finished[]): Promise<boolean> {
    const s = outboxStatements(this.#storage);
    const b = outboxBatchStatements(this.#storage);
    const now = Date.now();
    const nowText = new Date(now).toISOString();
    // A success is kept on its delivery's row by the UPDATE that marks it delivered; only failed
    // attempts are rows of webhook_attempts (docs/decisions.md, "Webhook delivery cost (measured)").
    // Their row counts are not read (`write`): on PostgreSQL a batch of successes from a healthy
    // endpoint is then one message, committed with the turn's other writes (db/postgres/batch.ts).
    const failed = batch.filter(({ result }) => !succeededResult(result));
    for (const chunk of chunks(failed)) {
      const values: Record<string, unknown> = {};
      chunk.forEach(({ delivery, result }, i) => {
        values[`id${i}`] = newId('wha');
        values[`deliveryId${i}`] = delivery.id;
        values[`endpointId${i}`] = delivery.endpointId;
        values[`workspaceId${i}`] = delivery.workspaceId;
        values[`mode${i}`] = delivery.mode;
        values[`attemptedAt${i}`] = nowText;
        values[`statusCode${i}`] = result.statusCode;
        values[`latencyMs${i}`] = Math.round(result.latencyMs);
        values[`excerpt${i}`] = result.excerpt;
        values[`error${i}`] = result.error;
      });
      await b.logAttempts(chunk.length).write(tx, values);
    }
    const succeeded = batch.filter(({ result }) => succeededResult(result));
    for (const chunk of chunks(succeeded)) {
      const values: Record<string, unknown> = { status: 'succeeded', nextAttemptAt: now, zero: 0, updatedAt: nowText };
      chunk.forEach(({ delivery, result }, i) => {
        values[`seq${i}`] = delivery.seq;
        values[`statusCode${i}`] = result.statusCode;
        values[`latencyMs${i}`] = Math.round(result.latencyMs);
        values[`excerpt${i}`] = result.excerpt;
      });
      await b.succeed(chunk.length).write(tx, values);
    }
    // The endpoints' state, in the order the attempts ended.
    let disabled = false;
    for (const { delivery, result } of batch) disabled = (await this.#recordEndpoint(tx, s, delivery, result, now, nowText)) || disabled;
    return disabled;
  }

  /** Marks the endpoint healthy or failing; answers true when it disabled it. */
  async #recordEndpoint(tx: Tx, s: ReturnType<typeof outboxStatements>, delivery: Claimed, result: AttemptResult, now: number, nowText: string): Promise<boolean> {
    const scope = { workspaceId: delivery.workspaceId, mode: delivery.mode };
    if (succeededResult(result)) {
      // Read first: an UPDATE rewrites the row even when nothing changes, once per delivery. An
      // endpoint seen healthy is read again at most once a second: another process may have
      // marked it failing since.
      const seen = this.#healthySince.get(delivery.endpointId);
      if (seen !== undefined && now - seen < HEALTHY_RECHECK_MS) return false;
      if ((await s.endpointState.get(tx, { id: delivery.endpointId }))?.failing_since != null) await s.setFailing.run(tx, { id: delivery.endpointId, ...scope, failingSince: null });
      this.#healthySince.set(delivery.endpointId, now);
      return false;
    }
    const schedule = this.#options.retrySchedule;
    const wait = schedule[delivery.retryIndex];
    if (wait === undefined) {
      await s.finish.run(tx, { seq: delivery.seq, status: 'failed', retryIndex: delivery.retryIndex, nextAttemptAt: now, updatedAt: nowText, zero: 0 });
    } else {
      const retryAfter = result.retryAfterSeconds === null ? 0 : Math.min(result.retryAfterSeconds, this.#options.maxRetryAfterSeconds);
      const delayMs = Math.max(wait, retryAfter) * 1000;
      await s.finish.run(tx, { seq: delivery.seq, status: 'pending', retryIndex: delivery.retryIndex + 1, nextAttemptAt: now + delayMs, updatedAt: nowText, zero: 0 });
    }
    this.#healthySince.delete(delivery.endpointId);
    const state = await s.endpointState.get(tx, { id: delivery.endpointId });
    if (state === undefined) return false;
    if (state.failing_since === null) {
      await s.setFailing.run(tx, { id: delivery.endpointId, ...scope, failingSince: nowText });
    } else if (now - Date.parse(state.failing_since) >= this.#options.disableAfterFailingMs && state.enabled === 1) {
      await s.disable.run(tx, { id: delivery.endpointId, ...scope, reason: `failing since ${state.failing_since}`, now: nowText, off: 0 });
      return true;
    }
    return false;
  }
}

/**
 * A batch in chunks of 64, 32, …, 1 rows: seven statement sizes of each kind to compile and
 * prepare, not one per batch size met (up to 64 of each, compiled in a busy server's first
 * seconds, showed in its profile).
 */
function* chunks<T>(rows: readonly T[]): Generator<readonly T[]> {
  let start = 0;
  while (start < rows.length) {
    let size = BATCH;
    while (size > rows.length - start) size /= 2;
    yield rows.slice(start, start + size);
    start += size;
  }
}

function succeededResult(result: AttemptResult): boolean {
  return result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
}
