import { randomUUID } from 'node:crypto';
import type { ServiceName } from '@inlay/core';
import { errorFromResponse, InlayApiError, InlayConnectionError, isInlayError, isRecord } from './errors.js';
import type { InlayInternalOptions, PostOptions } from './options.js';
import { parseRetryAfter, retryDelayMs } from './retry.js';
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

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const USER_AGENT = `inlay-node/${VERSION} node/${process.version}`;

/** @internal */
export function createTransport(options: TransportOptions): Transport {
  const { secretKey, baseUrls } = options;
  const defaults = {
    maxNetworkRetries: checkRetries(options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES),
    timeout: checkTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS),
  };
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const generateKey = options.generateIdempotencyKey ?? randomUUID;
  // Looked up per call, so a fetch stubbed or replaced after construction still applies.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(url: string, spec: RequestSpec, headers: Record<string, string>, timeout: number): Promise<unknown> {
    const description = `${spec.method} ${spec.path}`;
    const controller = new AbortController();
    const init: RequestInit = { method: spec.method, headers, signal: controller.signal };
    if (spec.body !== undefined) init.body = JSON.stringify(spec.body);

    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
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
          ? `${description} timed out after ${timeout} ms.`
          : `${description} could not reach ${new URL(url).origin}: ${cause instanceof Error ? cause.message : String(cause)}`,
        status: 0,
        raw: cause,
        cause,
      });
    } finally {
      clearTimeout(timer);
    }

    const responseHeaders = Object.fromEntries(response.headers);
    const requestId = responseHeaders['request-id'];
    const body = parseJson(text);
    if (!response.ok) {
      throw errorFromResponse(response.status, body, {
        requestId,
        retryAfterSec: parseRetryAfter(responseHeaders['retry-after']),
        headers: responseHeaders,
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
      headers: responseHeaders,
      raw: body ?? text,
    });
  }

  return {
    async request<T>(spec: RequestSpec): Promise<T> {
      const baseUrl = baseUrls[spec.service];
      if (baseUrl === undefined) {
        throw new TypeError(`Inlay: no base URL for the ${spec.service} service; pass baseUrl or baseUrls.${spec.service}.`);
      }
      const maxNetworkRetries = checkRetries(spec.options?.maxNetworkRetries ?? defaults.maxNetworkRetries);
      const timeout = checkTimeout(spec.options?.timeout ?? defaults.timeout);
      const url = baseUrl + spec.path + queryString(spec.query);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${secretKey}`,
        Accept: 'application/json',
        'User-Agent': USER_AGENT,
      };
      if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
      // One key for every attempt of this call: a retry of a create that did reach the server
      // gets the first response replayed instead of creating a second object (docs/api.md).
      if (spec.method === 'POST' || spec.method === 'PATCH') headers['Idempotency-Key'] = spec.options?.idempotencyKey ?? generateKey();

      for (let retry = 0; ; retry += 1) {
        try {
          return (await send(url, spec, headers, timeout)) as T;
        } catch (error) {
          if (!isInlayError(error)) throw error;
          const delay = retry < maxNetworkRetries ? retryDelayMs(error, retry, random) : undefined;
          if (delay === undefined) throw error;
          await sleep(delay);
        }
      }
    },
  };
}

function checkRetries(value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new TypeError('Inlay: maxNetworkRetries must be a whole number ≥ 0.');
  return value;
}

function checkTimeout(value: number): number {
  if (!(typeof value === 'number' && value > 0 && Number.isFinite(value))) {
    throw new TypeError('Inlay: timeout must be a positive number of milliseconds.');
  }
  return value;
}

/** `?a=1&b=2` without undefined values; '' when nothing is left. */
function queryString(query: RequestSpec['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const encoded = params.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
