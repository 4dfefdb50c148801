import { describe, expect, it } from 'vitest';
import { errorFromResponse, InlayApiError, InlayConflictError, InlayConnectionError, InlayError, InlayRateLimitError } from './errors.js';
import { backoffMs, isRetryable, parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry.js';

// The two SDKs' policies (client/src/transport.ts, node/src/transport.ts), spelled out so a
// change to either shows up here as well as in the SDK's own tests.
const BROWSER: RetryPolicy = { initialDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterSec: 30, jitter: 'full', retryConflicts: false };
const SERVER: RetryPolicy = { initialDelayMs: 500, maxDelayMs: 5_000, maxRetryAfterSec: 60, jitter: 'equal', retryConflicts: true };

const details = { requestId: undefined, retryAfterSec: undefined, description: 'GET /x' };
const connection = new InlayConnectionError({ type: 'connection', code: 'timeout', message: 'm', status: 0 });
const error = (status: number, code = 'some_code', headers: Record<string, string> = {}) =>
  new InlayError({ type: 't', code, message: 'm', status, headers });
const limited = (retryAfterSec: number) =>
  new InlayRateLimitError({ type: 'rate_limited', code: 'rate_limited', message: 'm', status: 429, retryAfterSec });

describe('backoffMs', () => {
  it('full jitter: random() times a step that doubles from the initial delay up to the cap', () => {
    const max = () => 0.999_999;
    expect([0, 1, 2].map((retry) => Math.round(backoffMs(BROWSER, retry, max)))).toEqual([300, 600, 1200]);
    expect(backoffMs(BROWSER, 20, max)).toBeLessThanOrEqual(5_000);
    expect(backoffMs(BROWSER, 20, max)).toBeCloseTo(5_000, 0);
    expect(backoffMs(BROWSER, 1, () => 0)).toBe(0);
    expect(backoffMs(BROWSER, 1, () => 0.25)).toBe(150);
  });

  it('equal jitter: never below half the step, never a whole step, capped', () => {
    expect([0, 1, 2, 3, 4, 10].map((retry) => backoffMs(SERVER, retry, () => 0))).toEqual([250, 500, 1000, 2000, 2500, 2500]);
    expect(backoffMs(SERVER, 0, () => 0.999_999)).toBeCloseTo(500, 0);
    expect(backoffMs(SERVER, 20, () => 0.999_999)).toBeLessThan(5_000);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('2025')).toBe(2025);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-3')).toBeUndefined();
    expect(parseRetryAfter('1.5')).toBeUndefined();
  });
});

describe('isRetryable', () => {
  it('retries connection errors, 429 and 5xx under either policy, and no other 4xx', () => {
    for (const policy of [BROWSER, SERVER]) {
      expect(isRetryable(policy, connection)).toBe(true);
      expect(isRetryable(policy, error(429))).toBe(true);
      expect([500, 502, 503, 504].map((status) => isRetryable(policy, error(status)))).toEqual([true, true, true, true]);
      expect([400, 401, 402, 403, 404, 413, 422].some((status) => isRetryable(policy, error(status)))).toBe(false);
    }
  });

  it('retries a 409 only for a key in use, when the policy sends idempotency keys', () => {
    expect(isRetryable(SERVER, error(409, 'idempotency_key_in_use'))).toBe(true);
    expect(isRetryable(BROWSER, error(409, 'idempotency_key_in_use'))).toBe(false);
    const reused = new InlayConflictError({ type: 'conflict', code: 'idempotency_key_reused', message: 'm', status: 409 });
    expect(isRetryable(SERVER, reused)).toBe(false);
    // An object's state: a repeat gets the same answer.
    for (const code of ['session_expired', 'session_not_completed', 'rows_acknowledged', 'invalid_transition']) expect(isRetryable(SERVER, error(409, code)), code).toBe(false);
  });

  it('never retries an error raised on the caller’s side', () => {
    expect(isRetryable(SERVER, new InlayError({ type: 'webhook_verification', code: 'x', message: 'm', status: 400 }))).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('backs off on retryable errors', () => {
    expect(retryDelayMs(BROWSER, connection, 0, () => 0.5)).toBe(150);
    expect(retryDelayMs(BROWSER, errorFromResponse(500, undefined, details), 1, () => 0.5)).toBe(300);
    expect(retryDelayMs(SERVER, new InlayApiError({ type: 'internal', code: 'x', message: 'm', status: 500 }), 0, () => 0)).toBe(250);
    expect(retryDelayMs(SERVER, error(400), 0, () => 0)).toBeUndefined();
  });

  it('waits at least Retry-After, from a 429’s retryAfterSec or any retryable response’s header', () => {
    expect(retryDelayMs(SERVER, limited(2), 0, () => 0)).toBe(2000);
    expect(retryDelayMs(BROWSER, limited(0), 0, () => 0.5)).toBe(150);
    expect(retryDelayMs(SERVER, error(503, 'x', { 'retry-after': '4' }), 0, () => 0)).toBe(4000);
    expect(retryDelayMs(SERVER, error(503, 'x', { 'retry-after': '0' }), 1, () => 0)).toBe(500);
    expect(retryDelayMs(BROWSER, error(503, 'x', { 'retry-after': '3' }), 0, () => 0)).toBe(3000);
  });

  it('gives up instead of waiting out a Retry-After longer than the policy allows', () => {
    expect(retryDelayMs(BROWSER, limited(30), 0, () => 0)).toBe(30_000);
    expect(retryDelayMs(BROWSER, limited(31), 0, () => 0)).toBeUndefined();
    expect(retryDelayMs(SERVER, limited(60), 0, () => 0)).toBe(60_000);
    expect(retryDelayMs(SERVER, limited(61), 0, () => 0)).toBeUndefined();
  });
});
