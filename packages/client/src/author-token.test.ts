import { describe, expect, it, vi } from 'vitest';
import { createAuthorTokenCache } from './author-token.js';

describe('createAuthorTokenCache', () => {
  it('asks the host page once, without forcing a refresh, and caches the answer', async () => {
    const get = vi.fn(() => 'jwt-1');
    const cache = createAuthorTokenCache(get);
    expect(get).not.toHaveBeenCalled();
    expect(await cache.current()).toBe('jwt-1');
    expect(await cache.current()).toBe('jwt-1');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith({ forceRefresh: false });
  });

  it('shares one pending answer between concurrent requests', async () => {
    const get = vi.fn(async () => 'jwt-1');
    const cache = createAuthorTokenCache(get);
    expect(await Promise.all([cache.current(), cache.current(), cache.current()])).toEqual(['jwt-1', 'jwt-1', 'jwt-1']);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('treats null, undefined and an empty string as no token', async () => {
    for (const answer of [null, undefined, '']) {
      expect(await createAuthorTokenCache(() => answer).current()).toBeUndefined();
    }
  });

  it('does not cache "no token": a token source that becomes ready later is asked again', async () => {
    let ready = false;
    const cache = createAuthorTokenCache(() => (ready ? 'tok_later' : undefined));
    expect(await cache.current()).toBeUndefined();
    ready = true;
    expect(await cache.current()).toBe('tok_later');
  });

  it('refreshes a stale token with forceRefresh and caches the new one', async () => {
    const get = vi.fn(({ forceRefresh }: { forceRefresh: boolean }) => (forceRefresh ? 'jwt-2' : 'jwt-1'));
    const cache = createAuthorTokenCache(get);
    expect(await cache.current()).toBe('jwt-1');
    expect(await cache.refresh('jwt-1')).toBe('jwt-2');
    expect(await cache.current()).toBe('jwt-2');
    expect(get.mock.calls).toEqual([[{ forceRefresh: false }], [{ forceRefresh: true }]]);
  });

  it('shares one refresh between requests that failed together', async () => {
    let n = 0;
    const get = vi.fn(async () => `jwt-${++n}`);
    const cache = createAuthorTokenCache(get);
    await cache.current();
    expect(await Promise.all([cache.refresh('jwt-1'), cache.refresh('jwt-1')])).toEqual(['jwt-2', 'jwt-2']);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('answers a request that used an already-replaced token with the newer one, without asking', async () => {
    let n = 0;
    const get = vi.fn(() => `jwt-${++n}`);
    const cache = createAuthorTokenCache(get);
    await cache.current();
    await cache.refresh('jwt-1');
    expect(await cache.refresh('jwt-1')).toBe('jwt-2');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failure: the next request asks again', async () => {
    const get = vi.fn().mockRejectedValueOnce(new Error('backend down')).mockResolvedValueOnce('jwt-1');
    const cache = createAuthorTokenCache(get);
    await expect(cache.current()).rejects.toThrow('backend down');
    expect(await cache.current()).toBe('jwt-1');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('turns a callback that throws synchronously into a rejection', async () => {
    const cache = createAuthorTokenCache(() => {
      throw new Error('not signed in');
    });
    await expect(cache.current()).rejects.toThrow('not signed in');
  });
});

describe('createAuthorTokenCache: refreshing before exp', () => {
  /** An unsigned JWT-shaped token: the cache decodes the payload and never verifies it. */
  function jwt(claims: Record<string, unknown>): string {
    const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
  }

  it('asks for a new token (forceRefresh) once 10% of a short token life is left, not before', async () => {
    let clock = 1_000_000_000;
    const first = jwt({ sub: 'u', iat: clock / 1000, exp: clock / 1000 + 60 });
    const second = jwt({ sub: 'u', iat: clock / 1000 + 55, exp: clock / 1000 + 115 });
    const get = vi.fn(({ forceRefresh }: { forceRefresh: boolean }) => (forceRefresh ? second : first));
    const cache = createAuthorTokenCache(get, () => clock);
    expect(await cache.current()).toBe(first);
    clock += 53_000;
    expect(await cache.current()).toBe(first);
    expect(get).toHaveBeenCalledTimes(1);
    clock += 2_000; // 55 s of 60: within the last 6 s
    expect(await cache.current()).toBe(second);
    expect(get).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(await cache.current()).toBe(second);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('replaces a long-lived token one minute before exp', async () => {
    let clock = 0;
    const first = jwt({ iat: 0, exp: 900 });
    const get = vi.fn(({ forceRefresh }: { forceRefresh: boolean }) => (forceRefresh ? jwt({ iat: 840, exp: 1740 }) : first));
    const cache = createAuthorTokenCache(get, () => clock);
    await cache.current();
    clock = 839_000;
    expect(await cache.current()).toBe(first);
    clock = 840_000;
    expect(await cache.current()).not.toBe(first);
  });

  it('keeps tokens it cannot decode (no exp) until the server refuses them', async () => {
    let clock = 0;
    const get = vi.fn(() => 'opaque-token');
    const cache = createAuthorTokenCache(get, () => clock);
    await cache.current();
    clock = 10 ** 12;
    expect(await cache.current()).toBe('opaque-token');
    expect(get).toHaveBeenCalledTimes(1);
  });
});
