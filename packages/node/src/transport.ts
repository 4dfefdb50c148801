import { randomUUID } from 'node:crypto';
import { checkMaxNetworkRetries, checkTimeout, createHttpClient, queryString, type RetryPolicy, type ServiceName } from '@inlay/core';
import type { InlayInternalOptions, PostOptions } from './options.js';
import { VERSION } from './version.js';

/** One call to an Inlay route. @internal */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH';
  service: ServiceName;
  /** Path below the service's base URL, starting with `/`; segments already encoded. */
  path: string;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** JSON body of a POST or PATCH. */
  body?: unknown;
  /** Per-call options; `idempotencyKey` applies to POSTs and PATCHes. */
  options?: PostOptions | undefined;
}

/**
 * The HTTP layer every resource shares: URLs, the secret key, the `{"data": …}` envelope, error
 * mapping, timeouts, retries and idempotency keys.
 * @internal
 */
export interface Transport {
  request<T>(spec: RequestSpec): Promise<T>;
}

/** @internal */
export interface TransportOptions extends Omit<InlayInternalOptions, 'baseUrl' | 'baseUrls'> {
  /** The resolved base URL of each service, without a trailing slash; undefined when not configured. */
  baseUrls: Record<ServiceName, string | undefined>;
}

/** @internal */
export const DEFAULT_MAX_NETWORK_RETRIES = 2;
/** @internal */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A server process can wait: equal jitter (no retry comes back at once) from 500 ms, and a
 * `Retry-After` up to a minute is waited out; longer fails with `retryAfterSec`, so the caller
 * decides, not a hidden sleep. Every write carries an `Idempotency-Key`, so a 409
 * `idempotency_key_in_use` is repeated until the first attempt's answer can be replayed.
 * @internal
 */
export const SERVER_RETRY_POLICY: RetryPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 5_000,
  maxRetryAfterSec: 60,
  jitter: 'equal',
  retryConflicts: true,
};

const USER_AGENT = `inlay-node/${VERSION} node/${process.version}`;

/** @internal */
export function createTransport(options: TransportOptions): Transport {
  const { secretKey, baseUrls } = options;
  const defaults = {
    maxNetworkRetries: checkMaxNetworkRetries(options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES),
    timeout: checkTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS),
  };
  // Looked up per call, so a fetch stubbed or replaced after construction still applies.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const newIdempotencyKey = options.generateIdempotencyKey ?? randomUUID;
  const http = createHttpClient({
    fetch: (url, init) => fetchFn(url, init as RequestInit),
    retryPolicy: SERVER_RETRY_POLICY,
    headers: { Authorization: `Bearer ${secretKey}`, Accept: 'application/json', 'User-Agent': USER_AGENT },
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.random ? { random: options.random } : {}),
  });

  return {
    async request<T>(spec: RequestSpec): Promise<T> {
      const baseUrl = baseUrls[spec.service];
      if (baseUrl === undefined) {
        throw new TypeError(`Inlay: no base URL for the ${spec.service} service; pass baseUrl or baseUrls.${spec.service}.`);
      }
      const write = spec.method === 'POST' || spec.method === 'PATCH';
      const timeoutMs = checkTimeout(spec.options?.timeout ?? defaults.timeout);
      const maxNetworkRetries = checkMaxNetworkRetries(spec.options?.maxNetworkRetries ?? defaults.maxNetworkRetries);
      // Every request the SDK sends is safe to repeat: GETs read, PATCH replaces the draft with
      // the same content, and writes carry one key for all attempts (a call's headers go with
      // each of them), which the server replays.
      const idempotencyKey = write ? (spec.options?.idempotencyKey ?? newIdempotencyKey()) : undefined;
      return http.request<T>({
        method: spec.method,
        url: baseUrl + spec.path + queryString(spec.query),
        description: `${spec.method} ${spec.path}`,
        ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
        body: spec.body,
        timeoutMs,
        maxNetworkRetries,
      });
    },
  };
}
