import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.js';
import { RateLimit } from './rate-limiter.js';

function refusalOf(hit: () => void): ApiError {
  try {
    hit();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the hit was not refused');
}

describe('RateLimit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('lets max hits a minute through per key, then answers 429 with the seconds left in the window', () => {
    const limit = new RateLimit(3, (retryAfter) => `wait ${retryAfter} s`);
    for (let i = 0; i < 3; i++) limit.hit('a');
    vi.advanceTimersByTime(20_500);
    const refused = refusalOf(() => limit.hit('a'));
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', message: 'wait 40 s', headers: { 'Retry-After': '40' } });
    // Other keys count on their own.
    for (let i = 0; i < 3; i++) limit.hit('b');
    expect(() => limit.hit('b')).toThrow(ApiError);
  });

  it('starts a new window a minute after the first hit', () => {
    const limit = new RateLimit(1, () => 'slow down');
    limit.hit('a');
    expect(() => limit.hit('a')).toThrow('slow down');
    vi.advanceTimersByTime(59_999);
    expect(() => limit.hit('a')).toThrow('slow down');
    vi.advanceTimersByTime(1);
    limit.hit('a');
    expect(() => limit.hit('a')).toThrow('slow down');
  });

  it('asks for whole seconds, at least one', () => {
    const limit = new RateLimit(1, (retryAfter) => retryAfter);
    limit.hit('a');
    vi.advanceTimersByTime(59_999);
    expect(refusalOf(() => limit.hit('a')).headers['Retry-After']).toBe('1');
  });
});
