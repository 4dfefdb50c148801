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
