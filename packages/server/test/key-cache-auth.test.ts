import { describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../src/repositories/platform/api-keys.js';
import { errorOf, harness } from './helpers.js';

// Keys cached as `inlay start` caches them: the auth hook answers a cached key before parsing
// the header, and must answer exactly as it does on a miss.
const h = await harness({ keyCacheTtlMs: 60_000 });
const get = (authorization: string | undefined) =>
  h.app.inject({ method: 'GET', url: '/onboarding/api/v1/flows', headers: authorization === undefined ? {} : { authorization } });

describe('authentication with the key cache on', () => {
  it('answers a cached key as it did the first time, whatever the header spelling', async () => {
    const key = h.ws.keys.testSecret;
    for (const header of [`Bearer ${key}`, `Bearer ${key}`, `bearer ${key}`, `Bearer  ${key} `, `BEARER\t${key}`]) {
      expect((await get(header)).statusCode).toBe(200);
    }
  });

  it('refuses the wrong kind, unknown keys and malformed headers the same way on every try', async () => {
    const unknown = `svc_test_sec_${'Q'.repeat(32)}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(errorOf(await get(`Bearer ${h.ws.keys.testPublishable}`))).toMatchObject({ code: 'wrong_key_kind' });
      expect(errorOf(await get(`Bearer ${unknown}`))).toMatchObject({ code: 'api_key_invalid' });
      expect(errorOf(await get('Bearer svc_test_sec_short'))).toMatchObject({ code: 'api_key_invalid', message: expect.stringContaining('malformed') });
      expect(errorOf(await get(`Bearer ${h.ws.keys.testSecret} extra`))).toMatchObject({ code: 'api_key_invalid' });
      expect(errorOf(await get(undefined))).toMatchObject({ code: 'api_key_missing' });
      expect(errorOf(await get('   '))).toMatchObject({ code: 'api_key_missing' });
    }
  });

  it('refuses a key at once when revokeApiKey ran in this process, although the cache holds it', async () => {
    const { key, info } = await createApiKey(h.storage, h.ws.id, 'test', 'sec');
    expect((await get(`Bearer ${key}`)).statusCode).toBe(200);
    expect(h.app.inlay.keys.peek(key)).toMatchObject({ revoked: false });
    // The revocation announces itself on the database's change bus (db/changes.ts): the cache
    // (60 s here) drops what it held.
    await revokeApiKey(h.storage, info.id);
    expect(errorOf(await get(`Bearer ${key}`))).toMatchObject({ code: 'api_key_revoked' });
  });

  it('does not keep an answer read before a clear', async () => {
    const { key, info } = await createApiKey(h.storage, h.ws.id, 'test', 'sec');
    // A request's lookup is in the database when the program clears (say, having revoked the
    // key): what the lookup read may be from before the change, and is not kept.
    const inFlight = h.app.inlay.keys.resolve(key);
    h.app.inlay.keys.clear();
    expect(await inFlight).toMatchObject({ keyId: info.id, revoked: false });
    expect(h.app.inlay.keys.peek(key)).toBeUndefined();
    // Lookups after the clear are kept, and see the revocation.
    await revokeApiKey(h.storage, info.id);
    expect(errorOf(await get(`Bearer ${key}`))).toMatchObject({ code: 'api_key_revoked' });
    expect(h.app.inlay.keys.peek(key)).toMatchObject({ revoked: true });
  });

  it('refuses a cached key sent under another scheme', async () => {
    const key = h.ws.keys.testSecret;
    expect((await get(`Bearer ${key}`)).statusCode).toBe(200);
    // Seven characters before the key, as in `Bearer `: only the scheme differs.
    for (const header of [`Basic  ${key}`, `Token: ${key}`]) {
      expect(errorOf(await get(header))).toMatchObject({ code: 'api_key_invalid' });
    }
  });
});
