import { errorFromResponse, type InlayError, InlayApiError, InlayConnectionError, isInlayError, isRecord } from './errors.js';
import { parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry.js';

/**
 * The request pipeline `@inlay/client` and `@inlay/node` share: one attempt is fetch → `{"data":
 * …}` envelope or an {@link InlayError}; a call is attempts with backoff and `Retry-After`, all
 * with the same headers (so one idempotency key for all of them: the Node SDK makes it, the
 * browser SDK sends none). Each SDK adds only what differs by platform, through
 * {@link HttpPlatform}: its fetch, its headers (key kind, `User-Agent`), its retry numbers and its
 * timers. Core compiles without DOM or Node types, so fetch is described structurally below.
 */

/** The part of an `AbortSignal` the pipeline hands to fetch. */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

/** What the pipeline passes to fetch; a `RequestInit`. */
export interface HttpRequestInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  keepalive?: boolean;
  signal: AbortSignalLike;
}

/** The part of a fetch `Response` the pipeline reads. */
export interface HttpResponseLike {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { forEach(callback: (value: string, name: string) => void): void };
  text(): Promise<string>;
}

/** A fetch: the SDK passes `globalThis.fetch` (looked up per call) or the caller's. */
export type HttpFetch = (url: string, init: HttpRequestInit) => Promise<HttpResponseLike>;

/** Timers the pipeline uses for timeouts; default the global ones. */
export interface HttpTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What differs between the browser and the server SDK. */
export interface HttpPlatform {
  fetch: HttpFetch;
  retryPolicy: RetryPolicy;
  /** Headers on every request: the key, and on a server the `User-Agent`. */
  headers?: Record<string, string>;
  /** Waits between retries; tests pass a recorder so they never sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); defaults to `Math.random`. */
  random?: () => number;
  timers?: HttpTimers;
}

/** One SDK call: every attempt of it. */
export interface HttpCall {
  method: string;
  /** The full URL, query included. */
  url: string;
  /** `METHOD /path`, for messages. */
  description: string;
  /**
   * This call's headers, on top of the platform's, sent on every attempt: the Node SDK's
   * `Idempotency-Key` (one per call, so a retry of a write that reached the server gets the first
   * answer replayed; docs/api.md). Not a field of its own here: the browser SDK sends no keys, and
   * the code would sit in every widget's script-tag bundle (docs/decisions.md, "Widget bundle
   * budgets (measured)").
   */
  headers?: Record<string, string>;
  /** Sent as JSON, with `Content-Type: application/json`, when defined. */
  body?: unknown;
  keepalive?: boolean;
  /** Per-attempt timeout, enforced with an AbortController. */
  timeoutMs: number;
  /** Retries after transient failures; 0 for a call that must not be repeated. */
  maxNetworkRetries: number;
  /**
   * Asked after each failed attempt, before backoff: headers to repeat the attempt with at once
   * (not counted as a retry, e.g. a refreshed author token; an undefined value removes that
   * header), or undefined to go on as usual.
   */
  recover?: (error: InlayError) => Promise<Record<string, string | undefined> | undefined>;
}

export interface HttpClient {
  /** Sends `call`, retrying as the platform's policy says, and answers the envelope's `data`. */
  request<T>(call: HttpCall): Promise<T>;
}

/** The timeouts and retries every SDK validates the same way. */
export function checkMaxNetworkRetries(value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new TypeError('Inlay: maxNetworkRetries must be a whole number ≥ 0.');
  return value;
}

/** `name` is the option as the SDK spells it (`timeout`, `timeoutMs`). */
export function checkTimeout(value: number, name = 'timeout'): number {
  if (!(typeof value === 'number' && value > 0 && Number.isFinite(value))) {
    throw new TypeError(`Inlay: ${name} must be a positive number of milliseconds.`);
  }
  return value;
}

/** `?a=1&b=2` without undefined or null values; '' when nothing is left. */
export function queryString(query: Record<string, string | number | undefined | null> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const encoded = params.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

const globalTimers: HttpTimers = {
  setTimeout: (callback, ms) => (globalThis as unknown as HttpTimers).setTimeout(callback, ms),
  clearTimeout: (handle) => (globalThis as unknown as HttpTimers).clearTimeout(handle),
};

/** The AbortController constructor; every runtime core runs in has one. */
interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(): void;
}
const AbortControllerClass = (globalThis as unknown as { AbortController: new () => AbortControllerLike }).AbortController;

export function createHttpClient(platform: HttpPlatform): HttpClient {
  const timers = platform.timers ?? globalTimers;
  const sleep = platform.sleep ?? ((ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms)));
  const random = platform.random ?? Math.random;

  async function attempt(call: HttpCall, headers: Record<string, string>): Promise<unknown> {
    const controller = new AbortControllerClass();
    const init: HttpRequestInit = { method: call.method, headers, signal: controller.signal };
    if (call.body !== undefined) init.body = JSON.stringify(call.body);
    if (call.keepalive !== undefined) init.keepalive = call.keepalive;

    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, call.timeoutMs);
    let response: HttpResponseLike;
    let text: string;
    try {
      response = await platform.fetch(call.url, init);
      text = await response.text();
    } catch (cause) {
      throw new InlayConnectionError({
        type: 'connection',
        code: timedOut ? 'timeout' : 'connection_failed',
        message: timedOut
          ? `${call.description} timed out after ${call.timeoutMs} ms.`
          : `${call.description} could not reach ${new URL(call.url).origin}: ${cause instanceof Error ? cause.message : String(cause)}`,
        status: 0,
        raw: cause,
        cause,
      });
    } finally {
      timers.clearTimeout(timer);
    }

    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name.toLowerCase()] = value;
    });
    const requestId = responseHeaders['request-id'];
    const body = parseJson(text);
    if (!response.ok) {
      throw errorFromResponse(response.status, body, {
        requestId,
        retryAfterSec: parseRetryAfter(responseHeaders['retry-after']),
        headers: responseHeaders,
        description: call.description,
      });
    }
    if (isRecord(body) && 'data' in body) return body['data'];
    throw new InlayApiError({
      type: 'api',
      code: 'invalid_response',
      message: `${call.description} answered ${response.status} without a {"data": …} body.`,
      status: response.status,
      requestId,
      headers: responseHeaders,
      raw: body ?? text,
    });
  }

  return {
    async request<T>(call: HttpCall): Promise<T> {
      let headers: Record<string, string> = { ...platform.headers, ...call.headers };
      if (call.body !== undefined) headers['Content-Type'] = 'application/json';
      for (let retry = 0; ; ) {
        try {
          return (await attempt(call, headers)) as T;
        } catch (error) {
          if (!isInlayError(error)) throw error;
          const replacement = await call.recover?.(error);
          if (replacement !== undefined) {
            const merged: Record<string, string | undefined> = { ...headers, ...replacement };
            headers = Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
            continue;
          }
          const delay = retry < call.maxNetworkRetries ? retryDelayMs(platform.retryPolicy, error, retry, random) : undefined;
          if (delay === undefined) throw error;
          retry += 1;
          await sleep(delay);
        }
      }
    },
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
