import { boundedMemo } from '../platform/bounded-memo.js';
import * as http from 'node:http';
import * as https from 'node:https';
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
 * Sends attempts over a keep-alive agent per endpoint. Never follows redirects, reads at most
 * the excerpt, gives up at the attempt's deadline, and connects only to addresses the
 * target checks passed (targets.ts).
 *
 * It takes every delivery the sender claimed and keeps at most `concurrency` attempts in flight
 * per endpoint and `totalConcurrency` overall, starting the next the moment one ends: on the
 * delivery thread that needs no turn of the API thread between attempts.
 */
export class AttemptClient {
  readonly #settings: AttemptSettings;
  readonly #agents = new Map<string, http.Agent>();
  /** The target's checked URL, parsed once per URL (the checks depend on the URL alone). */
  readonly #checkedUrl = boundedMemo(1_000, (raw: string) => checkTargetUrl(raw, this.#settings.allowPrivateTargets));
  readonly #requests = new Set<http.ClientRequest>();
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
    for (const request of this.#requests) request.destroy();
    for (const agent of this.#agents.values()) agent.destroy();
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

  #safeAttempt(delivery: AttemptRequest): Promise<AttemptResult> {
    try {
      return this.#attempt(delivery);
    } catch (error) {
      return Promise.resolve({ statusCode: null, excerpt: null, error: (error as Error).message, retryAfterSeconds: null, latencyMs: 0 });
    }
  }

  #attempt(delivery: AttemptRequest): Promise<AttemptResult> {
    const started = performance.now();
    const url = this.#checkedUrl(delivery.url);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const secure = url.protocol === 'https:';
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(delivery.body)),
      'user-agent': 'Inlay-Webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signatureHeader(delivery.secrets, delivery.id, timestamp, delivery.body),
    };
    const limit = this.#settings.responseExcerptBytes;
    const timeoutMs = this.#settings.timeoutMs;
    return new Promise<AttemptResult>((resolve) => {
      let statusCode: number | null = null;
      let retryAfterSeconds: number | null = null;
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const finish = (error: string | null): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.#requests.delete(request);
        const excerpt = size > 0 ? storable(Buffer.concat(chunks).subarray(0, limit).toString('utf8')) : null;
        resolve({ statusCode, excerpt, error: error === null ? null : storable(error), retryAfterSeconds, latencyMs: performance.now() - started });
      };
      const request = (secure ? https : http).request(url, { method: 'POST', headers, agent: this.#agentFor(delivery.endpointId, secure) }, (response) => {
        statusCode = response.statusCode ?? null;
        if (statusCode === 429 || statusCode === 503) retryAfterSeconds = parseRetryAfter(response.headers['retry-after']);
        response.on('data', (chunk: Buffer) => {
          if (size < limit) chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest is never read (a huge or dripping body costs nothing more).
          if (size >= limit) {
            finish(statusRedirectError(statusCode));
            response.destroy();
          }
        });
        response.on('end', () => finish(statusRedirectError(statusCode)));
        response.on('error', () => finish(statusCode === null ? 'the response broke off' : statusRedirectError(statusCode)));
        response.on('close', () => finish(statusRedirectError(statusCode)));
      });
      this.#requests.add(request);
      const timer = setTimeout(() => {
        // A status already received stands; without one the attempt timed out.
        finish(statusCode === null ? `no response within ${timeoutMs} ms` : statusRedirectError(statusCode));
        request.destroy();
      }, timeoutMs);
      request.on('error', (error: Error) => finish(error.message || error.name));
      request.end(delivery.body);
    });
  }

  #agentFor(endpointId: string, secure: boolean): http.Agent {
    let agent = this.#agents.get(endpointId);
    if (agent === undefined) {
      const options = { keepAlive: true, maxSockets: this.#settings.concurrency, lookup: checkedLookup(this.#settings.allowPrivateTargets) };
      agent = secure ? new https.Agent(options) : new http.Agent(options);
      this.#agents.set(endpointId, agent);
    }
    return agent;
  }
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
