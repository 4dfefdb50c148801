import { type InlayError, InlayRateLimitError } from './errors.js';

/**
 * When and how long an SDK waits before repeating a failed attempt. The two SDKs differ only in
 * these numbers: a browser has a person watching (short waits, give up on a long `Retry-After`),
 * a server process can afford to wait longer and sends idempotency keys, so it may repeat a 409.
 */
export interface RetryPolicy {
  /** The first backoff step in milliseconds (before jitter); each later step doubles it. */
  initialDelayMs: number;
  /** No backoff step waits longer than this, whatever the attempt. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this many seconds is not waited out: the error is thrown at once. */
  maxRetryAfterSec: number;
  /**
   * `full`: a uniform wait in [0, step); `equal`: a uniform wait in [step/2, step), so no retry
   * comes back immediately. Both spread out clients that failed together.
   */
  jitter: 'full' | 'equal';
  /**
   * Whether a 409 `idempotency_key_in_use` is transient. Only true when every write carries an
   * `Idempotency-Key`: the first attempt is still running, and repeating it gets the first
   * attempt's answer replayed (docs/api.md). Every other 409 is the object's state (a session
   * expired, a move not allowed), which no repetition changes.
   */
  retryConflicts: boolean;
}

/**
 * The backoff wait before retry number `retry` (from 0): exponential, capped, and jittered as
 * the policy says, with `random` in [0, 1).
 */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  return policy.jitter === 'full' ? random() * step : (step / 2) * (1 + random());
}

/**
 * `Retry-After` in seconds: delta-seconds, or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable.
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
 * Whether a failed attempt may be repeated: connection errors (status 0), 429 and 5xx are
 * transient, and 409 `idempotency_key_in_use` when the policy says so. Errors raised on the
 * caller's side (webhook verification) never are.
 */
export function isRetryable(policy: RetryPolicy, error: InlayError): boolean {
  if (error.type === 'webhook_verification') return false;
  if (error.status === 409) return policy.retryConflicts && error.code === 'idempotency_key_in_use';
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * How long to wait before retry number `retry` (from 0) after `error`, or undefined when it must
 * not be retried. Waits at least `Retry-After` when the server sent one, on any retryable status.
 */
export function retryDelayMs(policy: RetryPolicy, error: InlayError, retry: number, random: () => number): number | undefined {
  if (!isRetryable(policy, error)) return undefined;
  const delay = backoffMs(policy, retry, random);
  const retryAfterSec = error instanceof InlayRateLimitError && error.retryAfterSec !== undefined
    ? error.retryAfterSec
    : parseRetryAfter(error.headers['retry-after']);
  if (retryAfterSec === undefined) return delay;
  if (retryAfterSec > policy.maxRetryAfterSec) return undefined;
  return Math.max(delay, retryAfterSec * 1000);
}
