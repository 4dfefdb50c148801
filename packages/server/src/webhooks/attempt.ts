import { boundedMemo } from '../platform/bounded-memo.js';
import { type Dispatcher, Pool } from 'undici';
import { signatureHeader } from './signing.js';
import { checkedLookup, checkTargetUrl } from './targets.js';

/** One POST of a delivery: everything the attempt needs, so it can run on another thread. */
export interface AttemptRequest {
  /** The `webhook-id`. */
  id: string;
  endpointId: string;
  url: string;
  body: string;
  /** The current secret, then the previous one during a rotation's overlap. */
  secrets: string[];
}

export interface AttemptResult {
  statusCode: number | null;
  excerpt: string | null;
  error: string | null;
  retryAfterSeconds: number | null;
  latencyMs: number;
}

export interface AttemptSettings {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  /** Attempts in flight (and sockets) per endpoint. */
  concurrency: number;
  /** Attempts in flight over all endpoints. */
  totalConcurrency: number;
  responseExcerptBytes: number;
}

interface Waiting {
  delivery: AttemptRequest;
  resolve(result: AttemptResult): void;
}

/**
 * Sends attempts over a keep-alive connection pool per endpoint (undici's `Pool`, about half
 * the CPU of `node:http` per request: docs/decisions.md, "Webhook delivery cost (measured)").
 * Never follows redirects, reads at most the excerpt, gives up at the attempt's deadline, and
 * connects only to addresses the target checks passed (targets.ts).
 *
 * It takes every delivery the sender claimed and keeps at most `concurrency` attempts in flight
 * per endpoint and `totalConcurrency` overall, starting the next the moment one ends: on the
 * delivery thread that needs no turn of the API thread between attempts.
 */
export class AttemptClient {
  readonly #settings: AttemptSettings;
  /** One pool per endpoint and origin (an endpoint's URL may change). */
  readonly #pools = new Map<string, Pool>();
  /** The target's checked URL, parsed once per URL (the checks depend on the URL alone). */
  readonly #checkedUrl = boundedMemo(1_000, (raw: string) => checkTargetUrl(raw, this.#settings.allowPrivateTargets));
  /** Deliveries waiting for a slot, per endpoint, in the order they were claimed. */
  readonly #waiting = new Map<string, Waiting[]>();
  readonly #inFlight = new Map<string, number>();
  #total = 0;
  #closed = false;

  constructor(settings: AttemptSettings) {
    this.#settings = settings;
  }

  attempt(delivery: AttemptRequest): Promise<AttemptResult> {
    return new Promise((resolve) => {
      const queue = this.#waiting.get(delivery.endpointId) ?? [];
      this.#waiting.set(delivery.endpointId, queue);
      queue.push({ delivery, resolve });
      this.#startWaiting();
    });
  }

  /** Abandons the attempts in flight and those waiting. */
  close(): void {
    this.#closed = true;
    this.#waiting.clear();
    for (const pool of this.#pools.values()) void pool.destroy().catch(() => undefined);
    this.#pools.clear();
  }

  /** Starts waiting deliveries into free slots: per endpoint, and overall. */
  #startWaiting(): void {
    for (const [endpointId, queue] of this.#waiting) {
      while (queue.length > 0 && (this.#inFlight.get(endpointId) ?? 0) < this.#settings.concurrency && this.#total < this.#settings.totalConcurrency) {
        const { delivery, resolve } = queue.shift() as Waiting;
        this.#inFlight.set(endpointId, (this.#inFlight.get(endpointId) ?? 0) + 1);
        this.#total += 1;
        void this.#safeAttempt(delivery).then((result) => {
          const left = (this.#inFlight.get(endpointId) ?? 1) - 1;
          if (left === 0) this.#inFlight.delete(endpointId);
          else this.#inFlight.set(endpointId, left);
          this.#total -= 1;
          resolve(result);
          if (!this.#closed) this.#startWaiting();
        });
      }
      if (queue.length === 0) this.#waiting.delete(endpointId);
      if (this.#total >= this.#settings.totalConcurrency) return;
    }
  }

  async #safeAttempt(delivery: AttemptRequest): Promise<AttemptResult> {
    const started = performance.now();
    try {
      return await this.#attempt(delivery, started);
    } catch (error) {
      return { statusCode: null, excerpt: null, error: storable((error as Error).message || (error as Error).name), retryAfterSeconds: null, latencyMs: performance.now() - started };
    }
  }

  /**
   * One POST through undici's `dispatch` with a handler of its own: half the CPU of `request`,
   * whose response body is a stream read by async iteration (docs/decisions.md, "Webhook delivery
   * cost (measured)"). Settles once, on the first of: the response's end, the excerpt's bytes
   * read (the rest is never read, so a huge or dripping body costs nothing more), the deadline,
   * or a failure. Once the status has arrived it stands, whatever happens to the body.
   */
  #attempt(delivery: AttemptRequest, started: number): Promise<AttemptResult> {
    const url = this.#checkedUrl(delivery.url);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Inlay-Webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signatureHeader(delivery.secrets, delivery.id, timestamp, delivery.body),
    };
    const { timeoutMs, responseExcerptBytes: limit } = this.#settings;
    let statusCode: number | null = null;
    let retryAfterSeconds: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let controller: Dispatcher.DispatchController | undefined;
    let done = false;
    let resolve!: (result: AttemptResult) => void;
    const settled = new Promise<AttemptResult>((settle) => {
      resolve = settle;
    });
    /** Settles the attempt; `stop` drops the connection, as a body left unread must. */
    const finish = (error: string | null, stop: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({
        statusCode,
        excerpt: size > 0 ? storable(Buffer.concat(chunks).subarray(0, limit).toString('utf8')) : null,
        error: statusCode !== null ? statusRedirectError(statusCode) : error === null ? null : storable(error),
        retryAfterSeconds,
        latencyMs: performance.now() - started,
      });
      if (stop && controller !== undefined && !controller.aborted) controller.abort(new Error('attempt settled'));
    };
    const timer = setTimeout(() => finish(`no response within ${timeoutMs} ms`, true), timeoutMs);
    try {
      this.#poolFor(delivery.endpointId, url).dispatch(
        { method: 'POST', path: `${url.pathname}${url.search}`, headers, body: delivery.body },
        {
          onRequestStart: (start) => {
            controller = start;
            // Past its deadline while it waited for a connection: never sent.
            if (done) start.abort(new Error('attempt settled'));
          },
          onResponseStart: (_, status, responseHeaders) => {
            statusCode = status;
            if (status === 429 || status === 503) retryAfterSeconds = parseRetryAfter(headerText(responseHeaders['retry-after']));
          },
          onResponseData: (_, chunk) => {
            if (size < limit) chunks.push(chunk);
            size += chunk.length;
            if (size >= limit) finish(null, true);
          },
          onResponseEnd: () => finish(null, false),
          onResponseError: (_, error) => finish(error.message || error.name, false),
        },
      );
    } catch (error) {
      // Refused before it was sent (undici checks the request's parts first).
      finish((error as Error).message || (error as Error).name, false);
    }
    return settled;
  }

  #poolFor(endpointId: string, url: URL): Pool {
    const key = `${endpointId} ${url.origin}`;
    let pool = this.#pools.get(key);
    if (pool === undefined) {
      pool = new Pool(url.origin, {
        connections: this.#settings.concurrency,
        connect: { lookup: checkedLookup(this.#settings.allowPrivateTargets) },
      });
      this.#pools.set(key, pool);
    }
    return pool;
  }
}

/** A header's text (the first value of a repeated header). */
function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function statusRedirectError(statusCode: number | null): string | null {
  if (statusCode !== null && statusCode >= 300 && statusCode < 400) return `redirect (${statusCode}) not followed`;
  return null;
}

/** Seconds from `Retry-After`: a number of seconds or an HTTP date. */
function parseRetryAfter(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

/**
 * A receiver's text as the delivery log can keep it: PostgreSQL's text cannot hold U+0000, and
 * one refused row would roll back the whole batch of results it was written with.
 */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}
