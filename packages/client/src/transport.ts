import { createAuthorTokenCache } from './author-token.js';
import { errorFromResponse, InlayApiError, InlayConnectionError, isInlayError, isRecord } from './errors.js';
import type { ClientOptions } from './options.js';
import { parseRetryAfter, retryDelayMs } from './retry.js';

/** One call to an Inlay route. @internal */
export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Path below the base URL, starting with `/`; path segments already encoded. */
  path: string;
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | undefined>;
  /** JSON body of a POST; undefined and null fields are left out, never sent as null. */
  body?: Record<string, unknown>;
  /**
   * Whether repeating the call cannot apply it twice, so it may be retried after a connection
   * error, 429 or 5xx. GETs and progress writes are; recording an outcome is not.
   */
  idempotent: boolean;
  /**
   * Whether a POST may outlive the page (`keepalive`, default true). Browsers refuse keepalive
   * bodies over 64 KiB, so large uploads turn it off.
   */
  keepalive?: boolean;
  /** This call's timeout, when it needs longer than the client's (a large upload). */
  timeoutMs?: number;
}

/**
 * The HTTP layer every service client shares: URL building, keys and author tokens, the
 * `{"data": …}` envelope, error mapping, timeouts and retries.
 * @internal
 */
export interface Transport {
  request<T>(spec: RequestSpec): Promise<T>;
}

/** @internal */
export interface TransportOptions extends ClientOptions {
  /** Waits between retries; tests pass a recorder so they never sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); defaults to `Math.random`. */
  random?: () => number;
}

const DEFAULT_MAX_NETWORK_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 10_000;
const SECRET_KEY = /^svc_(test|live)_sec_/;

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** @internal */
export function createTransport(options: TransportOptions): Transport {
  const { publishableKey } = options;
  if (typeof publishableKey !== 'string' || publishableKey === '') {
    throw new TypeError('Inlay: publishableKey is required.');
  }
  // A secret key in a browser bundle is readable by every visitor; refuse it before it is sent.
  if (SECRET_KEY.test(publishableKey)) {
    throw new TypeError('Inlay: a secret key (svc_…_sec_…) must never be used in the browser; pass a publishable key (svc_…_pub_…).');
  }
  if (typeof options.baseUrl !== 'string' || options.baseUrl === '') {
    throw new TypeError('Inlay: baseUrl is required, e.g. "https://inlay.example.com/onboarding".');
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const maxNetworkRetries = options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES;
  if (!Number.isInteger(maxNetworkRetries) || maxNetworkRetries < 0) {
    throw new TypeError('Inlay: maxNetworkRetries must be a whole number ≥ 0.');
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0)) throw new TypeError('Inlay: timeoutMs must be a positive number of milliseconds.');
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const tokens = options.getAuthorToken ? createAuthorTokenCache(options.getAuthorToken) : undefined;
  // Called as a plain function: `window.fetch` invoked as a method of another object throws
  // "Illegal invocation". The global is looked up per call so late polyfills and stubs apply.
  const injectedFetch = options.fetch;
  const fetchFn: typeof fetch = injectedFetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(spec: RequestSpec, token: string | undefined): Promise<unknown> {
    const url = baseUrl + spec.path + queryString(spec.query);
    const description = `${spec.method} ${spec.path}`;
    const headers: Record<string, string> = { Authorization: `Bearer ${publishableKey}` };
    if (token !== undefined) headers['Inlay-Author-Token'] = token;
    const controller = new AbortController();
    const init: RequestInit = { method: spec.method, headers, signal: controller.signal };
    if (spec.method === 'POST') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(compact(spec.body ?? {}));
      // Lets a completion clicked just before a navigation reach the server.
      init.keepalive = spec.keepalive ?? true;
    }

    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, spec.timeoutMs ?? timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(url, init);
      text = await response.text();
    } catch (cause) {
      throw new InlayConnectionError({
        type: 'connection',
        code: timedOut ? 'timeout' : 'connection_failed',
        message: timedOut
          ? `${description} timed out after ${spec.timeoutMs ?? timeoutMs} ms.`
          : `${description} could not reach ${baseUrl}: ${cause instanceof Error ? cause.message : String(cause)}`,
        status: 0,
        raw: cause,
        cause,
      });
    } finally {
      clearTimeout(timer);
    }

    const requestId = response.headers.get('Request-Id') ?? undefined;
    const body = parseJson(text);
    if (!response.ok) {
      throw errorFromResponse(response.status, body, {
        requestId,
        retryAfterSec: parseRetryAfter(response.headers.get('Retry-After')),
        description,
      });
    }
    if (isRecord(body) && 'data' in body) return body['data'];
    throw new InlayApiError({
      type: 'api',
      code: 'invalid_response',
      message: `${description} answered ${response.status} without a {"data": …} body.`,
      status: response.status,
      requestId,
      raw: body ?? text,
    });
  }

  return {
    async request<T>(spec: RequestSpec): Promise<T> {
      let retries = 0;
      let refreshed = false;
      let token = await tokens?.current();
      for (;;) {
        try {
          return (await send(spec, token)) as T;
        } catch (error) {
          if (!isInlayError(error)) throw error;
          // The server refused the request before acting on it, so even a non-idempotent call
          // may be repeated, once, with a fresh token (docs/concepts.md#author-tokens).
          if (tokens && !refreshed && error.code === 'author_token_expired') {
            refreshed = true;
            token = await tokens.refresh(token);
            continue;
          }
          const delay = spec.idempotent && retries < maxNetworkRetries ? retryDelayMs(error, retries, random) : undefined;
          if (delay === undefined) throw error;
          retries += 1;
          await sleep(delay);
        }
      }
    },
  };
}

/** `?a=1&b=2` without undefined or null values; '' when nothing is left. */
function queryString(query: Record<string, string | undefined> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, value);
  }
  const encoded = params.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

/** The server rejects unknown fields and `null` where a string is expected: drop absent ones. */
function compact(body: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) result[name] = value;
  }
  return result;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
