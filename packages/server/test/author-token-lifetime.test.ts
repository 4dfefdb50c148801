import { AUTHOR_TOKEN_TYP } from '@inlay/core';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { SigningSecretCache } from '../src/auth/author-tokens.js';
import { rotateSigningSecret, verificationSecret } from '../src/repositories/platform/signing-secrets.js';
import { call, createResource, dataOf, errorOf, harness } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const flowId = await createResource(h.app, secret, 'onboarding', 'flows');
const config = { requireAuthorToken: true, items: [{ id: 'profile', title: 'Profile' }] };
dataOf(await call(h.app, 'PATCH', `/onboarding/api/v1/flows/${flowId}`, { key: secret, body: { name: 'Lifetime', config } }));
dataOf(await call(h.app, 'POST', `/onboarding/api/v1/flows/${flowId}`, { key: secret, body: { action: 'publish' } }));

const minted = dataOf<{ token: string }>(
  await call(h.app, 'POST', '/onboarding/api/v1/author-tokens', { key: secret, body: { authorId: 'u_1', flowId, workspaceKey: 'acct_1', expiresInSec: 86_400 } }),
).token;
const kid = decodeProtectedHeader(minted).kid!;
// The workspace's real signing secret: these tokens are what someone holding it could forge.
const { secret: key } = (await verificationSecret(h.storage, h.ws.id, 'test', kid))!;

function forge(times: { iat?: number; exp: number }): Promise<string> {
  const jwt = new SignJWT({ mode: 'test', wsk: 'acct_1' })
    .setProtectedHeader({ alg: 'HS256', typ: AUTHOR_TOKEN_TYP, kid })
    .setIssuer('inlay')
    .setAudience(`onboarding:${flowId}`)
    .setSubject('u_1')
    .setExpirationTime(times.exp);
  return (times.iat === undefined ? jwt : jwt.setIssuedAt(times.iat)).sign(key);
}

/** Reads progress with the token through the real route, as a widget does. */
const readWith = (token: string) =>
  call(h.app, 'GET', `/onboarding/api/v1/progress/${flowId}?userId=u_1&workspaceKey=acct_1`, { key: pub, headers: { 'inlay-author-token': token } });

describe('author-token lifetime at verification', () => {
  const now = Math.floor(Date.now() / 1000);

  it('accepts what the mint route issues, up to 24 hours of life and a minute of clock skew', async () => {
    expect((await readWith(minted)).statusCode).toBe(200);
    expect((await readWith(await forge({ iat: now - 100, exp: now - 100 + 86_400 }))).statusCode).toBe(200);
    expect((await readWith(await forge({ iat: now + 30, exp: now + 630 }))).statusCode).toBe(200);
  });

  it.each([
    ['lives longer than 24 hours', { iat: now, exp: now + 86_401 }],
    ['lives a year', { iat: now - 60, exp: now + 365 * 86_400 }],
    ['was issued in the future', { iat: now + 300, exp: now + 900 }],
    ['has no iat', { exp: now + 600 }],
  ])('refuses a correctly signed token that %s: 403 author_token_invalid', async (_name, times) => {
    const response = await readWith(await forge(times));
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('author_token_invalid');
  });
});

describe('the signing-secret cache', () => {
  it('stops serving a retired secret when its 24-hour grace ends, not up to a minute later', async () => {
    const rotation = await rotateSigningSecret(h.storage, h.other.id, 'live');
    const retiredKid = (await rotateSigningSecret(h.storage, h.other.id, 'live')).retired[0]!.kid;
    expect(retiredKid).toBe(rotation.kid);
    // Retired 24 hours ago less a second: one second of grace left.
    const graceEnds = Date.now() + 1000;
    await h.storage.db.updateTable('signing_secrets').set({ retired_at: new Date(graceEnds - 24 * 3600_000).toISOString() }).where('id', '=', retiredKid).execute();
    const cache = new SigningSecretCache(h.storage.changes, 60_000);
    expect(await cache.get(h.storage, h.other.id, 'live', retiredKid)).toBeDefined();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(graceEnds + 1);
      expect(await cache.get(h.storage, h.other.id, 'live', retiredKid)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
