import { createAuthorTokenCache } from './author-token.js';
import { checkMaxNetworkRetries, checkTimeout, createHttpClient, queryString, type RetryPolicy } from '@inlay/core';
import type { ClientOptions } from './options.js';

/** One call to an Inlay route (`@inlay/client/internal`). */
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
 * `{"data": …}` envelope, error mapping, timeouts and retries (`@inlay/client/internal`).
 */
export interface Transport {
  request<T>(spec: RequestSpec): Promise<T>;
}

export interface TransportOptions extends ClientOptions {
  /** Waits between retries; tests pass a recorder so they never sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); defaults to `Math.random`. */
  random?: () => number;
}

const DEFAULT_MAX_NETWORK_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 10_000;
const SECRET_KEY = /^svc_(test|live)_sec_/;

/**
 * A person is watching the widget: short waits with full jitter, and a `Retry-After` over 30 s
 * fails at once (with `retryAfterSec`) instead of freezing the page. No idempotency keys are
 * sent, so a 409 is never transient here.
 * @internal
 */
export const BROWSER_RETRY_POLICY: RetryPolicy = {
  initialDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterSec: 30,
  jitter: 'full',
  retryConflicts: false,
};

/** The transport of every service client (`@inlay/client/internal`). */
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
  const maxNetworkRetries = checkMaxNetworkRetries(options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES);
  const timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const tokens = options.getAuthorToken ? createAuthorTokenCache(options.getAuthorToken) : undefined;
  // Called as a plain function: `window.fetch` invoked as a method of another object throws
  // "Illegal invocation". The global is looked up per call so late polyfills and stubs apply.
  const injectedFetch = options.fetch;
  const fetchFn: typeof fetch = injectedFetch ?? ((input, init) => globalThis.fetch(input, init));
  const http = createHttpClient({
    fetch: (url, init) => fetchFn(url, init as RequestInit),
    retryPolicy: BROWSER_RETRY_POLICY,
    // Browsers forbid setting User-Agent; the publishable key is the only platform header.
    headers: { Authorization: `Bearer ${publishableKey}` },
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.random ? { random: options.random } : {}),
  });

  return {
    async request<T>(spec: RequestSpec): Promise<T> {
      let token = await tokens?.current();
      let refreshed = false;
      const isPost = spec.method === 'POST';
      return http.request<T>({
        method: spec.method,
        url: baseUrl + spec.path + queryString(spec.query),
        description: `${spec.method} ${spec.path}`,
        headers: token === undefined ? {} : { 'Inlay-Author-Token': token },
        body: isPost ? compact(spec.body ?? {}) : undefined,
        // Lets a completion clicked just before a navigation reach the server.
        keepalive: isPost ? (spec.keepalive ?? true) : undefined,
        timeoutMs: spec.timeoutMs ?? timeoutMs,
        maxNetworkRetries: spec.idempotent ? maxNetworkRetries : 0,
        // The server refused the request before acting on it, so even a non-idempotent call may
        // be repeated, once, with a fresh token (docs/concepts.md#author-tokens).
        recover: async (error) => {
          if (!tokens || refreshed || error.code !== 'author_token_expired') return undefined;
          refreshed = true;
          token = await tokens.refresh(token);
          return { 'Inlay-Author-Token': token };
        },
      });
    },
  };
}

/** The server rejects unknown fields and `null` where a string is expected: drop absent ones. */
function compact(body: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) result[name] = value;
  }
  return result;
}
