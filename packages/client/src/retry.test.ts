import { describe, expect, it } from 'vitest';
import { errorFromResponse, InlayConnectionError } from './errors.js';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffMs, MAX_RETRY_AFTER_SEC, parseRetryAfter, retryDelayMs } from './retry.js';

const details = { requestId: undefined, retryAfterSec: undefined, description: 'GET /x' };
const connection = new InlayConnectionError({ type: 'connection', code: 'timeout', message: 'm', status: 0 });

describe('backoffMs', () => {
  it('doubles from the base and never exceeds the cap', () => {
    const max = () => 0.999_999;
    expect(backoffMs(0, max)).toBeCloseTo(BACKOFF_BASE_MS, 0);
    expect(backoffMs(1, max)).toBeCloseTo(BACKOFF_BASE_MS * 2, 0);
    expect(backoffMs(2, max)).toBeCloseTo(BACKOFF_BASE_MS * 4, 0);
    expect(backoffMs(20, max)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    expect(backoffMs(20, max)).toBeCloseTo(BACKOFF_CAP_MS, 0);
  });

  it('applies full jitter: the wait is random() times the step', () => {
    expect(backoffMs(1, () => 0)).toBe(0);
    expect(backoffMs(1, () => 0.25)).toBe(150);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('2025')).toBe(2025);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-3')).toBeUndefined();
    expect(parseRetryAfter('1.5')).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  const half = () => 0.5;

  it('retries connection errors, 429 and 5xx', () => {
    expect(retryDelayMs(connection, 0, half)).toBe(150);
    expect(retryDelayMs(errorFromResponse(500, undefined, details), 1, half)).toBe(300);
    expect(retryDelayMs(errorFromResponse(503, undefined, details), 0, half)).toBe(150);
    expect(retryDelayMs(errorFromResponse(429, undefined, details), 0, half)).toBe(150);
  });

  it('never retries other 4xx: repeating them gives the same answer', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 413]) {
      expect(retryDelayMs(errorFromResponse(status, undefined, details), 0, half)).toBeUndefined();
    }
  });

  it('waits at least Retry-After, and gives up when it is too long to wait', () => {
    const after = (sec: number) => errorFromResponse(429, undefined, { ...details, retryAfterSec: sec });
    expect(retryDelayMs(after(2), 0, half)).toBe(2000);
    expect(retryDelayMs(after(0), 0, half)).toBe(150);
    expect(retryDelayMs(after(MAX_RETRY_AFTER_SEC), 0, half)).toBe(MAX_RETRY_AFTER_SEC * 1000);
    expect(retryDelayMs(after(MAX_RETRY_AFTER_SEC + 1), 0, half)).toBeUndefined();
  });
});
