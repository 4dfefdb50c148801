import { type InlayError, InlayRateLimitError } from './errors.js';

/** First retry waits up to this long (before jitter); each later one doubles it. */
export const BACKOFF_BASE_MS = 300;
/** No backoff step waits longer than this, whatever the attempt. */
export const BACKOFF_CAP_MS = 5_000;
/**
 * A `Retry-After` longer than this is not waited out: a user is looking at the widget, so the
 * call fails at once with an {@link InlayRateLimitError} carrying `retryAfterSec` instead.
 */
export const MAX_RETRY_AFTER_SEC = 30;

/**
 * Exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff and
 * Jitter"): a uniform wait in [0, min(cap, base·2^retry)), so clients that failed together do
 * not retry together. `retry` counts from 0.
 * @internal
 */
export function backoffMs(retry: number, random: () => number): number {
  return random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
}

/**
 * `Retry-After` in seconds: delta-seconds, or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable.
 * @internal
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // HTTP dates always name the weekday; without that check Date.parse reads "-3" as a year.
  const date = /^[A-Za-z]{3},? /.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * How long to wait before retrying after `error`, or undefined when it must not be retried:
 * only connection errors, 429 and 5xx are transient.
 * @internal
 */
export function retryDelayMs(error: InlayError, retry: number, random: () => number): number | undefined {
  const transient = error.status === 0 || error.status === 429 || error.status >= 500;
  if (!transient) return undefined;
  const delay = backoffMs(retry, random);
  const retryAfterSec = error instanceof InlayRateLimitError ? error.retryAfterSec : undefined;
  if (retryAfterSec === undefined) return delay;
  if (retryAfterSec > MAX_RETRY_AFTER_SEC) return undefined;
  return Math.max(delay, retryAfterSec * 1000);
}
