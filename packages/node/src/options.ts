import type { ServiceName } from '@inlay/core';

/**
 * Options of {@link Inlay}.
 *
 * @example
 * ```ts
 * // Self-hosted: one origin serves /onboarding, /feedback and /importer.
 * new Inlay({ secretKey: process.env.INLAY_SECRET_KEY!, baseUrl: 'http://127.0.0.1:4000' });
 * // Hosted: each service has its own base URL.
 * new Inlay({
 *   secretKey: process.env.INLAY_SECRET_KEY!,
 *   baseUrls: { onboarding: 'https://onboarding.inlay.example', feedback: 'https://feedback.inlay.example' },
 * });
 * ```
 */
export interface InlayOptions {
  /** A secret key, `svc_test_sec_…` or `svc_live_sec_…`. Publishable keys are refused. */
  secretKey: string;
  /**
   * The server's origin, e.g. `http://127.0.0.1:4000`; the services live under `/onboarding`,
   * `/feedback` and `/importer`. A trailing slash is tolerated.
   */
  baseUrl?: string;
  /** A base URL per service (the full service URL, e.g. `https://host/onboarding`); wins over `baseUrl`. */
  baseUrls?: Partial<Record<ServiceName, string>>;
  /** Per-attempt timeout in milliseconds, enforced with an AbortController. Default 30 000. */
  timeout?: number;
  /** Retries after connection errors, 409, 429 and 5xx. Default 2. */
  maxNetworkRetries?: number;
  /** Injectable fetch (e.g. undici's with a proxy agent); defaults to `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/** Per-call options of every method. */
export interface RequestOptions {
  /** Overrides the client's `timeout` (milliseconds) for this call. */
  timeout?: number;
  /** Overrides the client's `maxNetworkRetries` for this call. */
  maxNetworkRetries?: number;
}

/** Per-call options of methods that POST. */
export interface PostOptions extends RequestOptions {
  /**
   * Sent as `Idempotency-Key`; a random UUID when left out. Pass your own (e.g. derived from
   * your order id) to make a call idempotent across processes and restarts, not only across
   * the SDK's own retries.
   */
  idempotencyKey?: string;
}

/** Test seams, not part of the public API. @internal */
export interface InlayInternalOptions extends InlayOptions {
  /** Waits between retries; tests pass a recorder so they never sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); defaults to `Math.random`. */
  random?: () => number;
  /** Idempotency key source; defaults to `crypto.randomUUID`. */
  generateIdempotencyKey?: () => string;
}
