import { describe, expect, it } from 'vitest';
import { InlayApiError, InlayConflictError, InlayConnectionError, InlayError, InlayRateLimitError } from './errors.js';
import { backoffMs, isRetryable, MAX_RETRY_DELAY_MS, parseRetryAfter, retryDelayMs } from './retry.js';

const error = (status: number, code = 'some_code', headers: Record<string, string> = {}) =>
  new InlayError({ type: 't', code, message: 'm', status, headers });

describe('backoffMs', () => {
  it('doubles from 500 ms, jittered into the upper half, capped at 5 s', () => {
    expect([0, 1, 2, 3, 4, 10].map((retry) => backoffMs(retry, () => 0))).toEqual([250, 500, 1000, 2000, 2500, 2500]);
    expect(backoffMs(0, () => 0.999_999)).toBeCloseTo(500, 0);
    expect(backoffMs(20, () => 0.999_999)).toBeLessThan(MAX_RETRY_DELAY_MS);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:09 GMT', now)).toBe(9);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores absent and unreadable values', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('-3')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('isRetryable', () => {
  it('retries connection errors, 409 (but not a reused idempotency key), 429 and 5xx', () => {
    expect(isRetryable(new InlayConnectionError({ type: 'connection', code: 'timeout', message: 'm', status: 0 }))).toBe(true);
    expect(isRetryable(error(409, 'idempotency_key_in_use'))).toBe(true);
    expect(isRetryable(new InlayConflictError({ type: 'conflict', code: 'idempotency_key_reused', message: 'm', status: 409 }))).toBe(false);
    expect(isRetryable(error(429))).toBe(true);
    expect([500, 502, 503, 504].map((status) => isRetryable(error(status)))).toEqual([true, true, true, true]);
    expect([400, 401, 402, 403, 404, 413, 422].map((status) => isRetryable(error(status)))).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('retryDelayMs', () => {
  it('waits the longer of the backoff and Retry-After, on any retryable status', () => {
    const limited = new InlayRateLimitError({ type: 'rate_limited', code: 'rate_limited', message: 'm', status: 429, retryAfterSec: 2 });
    expect(retryDelayMs(limited, 0, () => 0)).toBe(2000);
    expect(retryDelayMs(error(503, 'x', { 'retry-after': '4' }), 0, () => 0)).toBe(4000);
    expect(retryDelayMs(error(503, 'x', { 'retry-after': '0' }), 1, () => 0)).toBe(500);
  });

  it('gives up instead of waiting out a Retry-After over 60 s', () => {
    const limited = new InlayRateLimitError({ type: 'rate_limited', code: 'rate_limited', message: 'm', status: 429, retryAfterSec: 61 });
    expect(retryDelayMs(limited, 0, () => 0)).toBeUndefined();
    const minute = new InlayRateLimitError({ type: 'rate_limited', code: 'rate_limited', message: 'm', status: 429, retryAfterSec: 60 });
    expect(retryDelayMs(minute, 0, () => 0)).toBe(60_000);
    expect(retryDelayMs(new InlayApiError({ type: 'internal', code: 'x', message: 'm', status: 500 }), 0, () => 0)).toBe(250);
  });

  it('never retries what is not retryable', () => {
    expect(retryDelayMs(error(400), 0, () => 0)).toBeUndefined();
  });
});
