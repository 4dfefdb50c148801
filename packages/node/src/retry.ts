import { type InlayError, InlayRateLimitError } from './errors.js';

/** The first retry waits about this long; each later one doubles it. */
export const INITIAL_RETRY_DELAY_MS = 500;
/** No backoff step waits longer than this, whatever the attempt. */
export const MAX_RETRY_DELAY_MS = 5_000;
/**
 * A `Retry-After` longer than this is not waited out: the call fails at once with an
 * {@link InlayRateLimitError} carrying `retryAfterSec`, so a caller decides, not a hidden sleep.
 */
export const MAX_RETRY_AFTER_SEC = 60;

/**
 * Exponential backoff with "equal jitter" (as stripe-node): a uniform wait in
 * [d/2, d) where d = min(cap, initial·2^retry), so clients that failed together spread out
 * without any retry coming back immediately. `retry` counts from 0.
 * @internal
 */
export function backoffMs(retry: number, random: () => number): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, INITIAL_RETRY_DELAY_MS * 2 ** retry);
  return (ceiling / 2) * (1 + random());
}

/**
 * `Retry-After` in seconds: delta-seconds, or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable.
 * @internal
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // HTTP dates always name the weekday; without that check Date.parse reads "-3" as a year.
  const date = /^[A-Za-z]{3},? /.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Whether a failed attempt may be repeated. Connection errors, 429 and 5xx are transient; so is
 * a 409 (`idempotency_key_in_use`: the first attempt is still running), except
 * `idempotency_key_reused`, which no repetition can fix. Every request the SDK sends is safe to
 * repeat: GETs read, PATCH replaces the draft with the same content, and POSTs carry an
 * `Idempotency-Key` the server replays.
 * @internal
 */
export function isRetryable(error: InlayError): boolean {
  if (error.type === 'webhook_verification') return false;
  if (error.status === 409) return error.code !== 'idempotency_key_reused';
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * How long to wait before retry number `retry` (from 0) after `error`, or undefined when it must
 * not be retried. Waits at least `Retry-After` when the server sent one (on 429, 409 or 503).
 * @internal
 */
export function retryDelayMs(error: InlayError, retry: number, random: () => number): number | undefined {
  if (!isRetryable(error)) return undefined;
  const delay = backoffMs(retry, random);
  const retryAfterSec = error instanceof InlayRateLimitError ? error.retryAfterSec : parseRetryAfter(error.headers['retry-after']);
  if (retryAfterSec === undefined) return delay;
  if (retryAfterSec > MAX_RETRY_AFTER_SEC) return undefined;
  return Math.max(delay, retryAfterSec * 1000);
}
