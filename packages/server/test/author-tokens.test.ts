import { AUTHOR_TOKEN_TYP } from '@inlay/core';
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyAuthorToken } from '../src/auth/author-tokens.js';
import { rotateSigningSecret, verificationSecret } from '../src/repositories/platform/signing-secrets.js';
import { call, createResource, dataOf, errorOf, harness } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;
const flowId = await createResource(h.app, secret, 'onboarding', 'flows');
const boardId = await createResource(h.app, secret, 'feedback', 'boards');
const expectation = { workspaceId: h.ws.id, mode: 'test' as const, service: 'onboarding' as const, resourceId: flowId };

async function mintFlowToken(body: Record<string, unknown> = {}, key = secret): Promise<{ token: string; expiresAt: string }> {
  return dataOf(await call(h.app, 'POST', '/onboarding/api/v1/author-tokens', { key, body: { authorId: 'user_1', flowId, workspaceKey: 'acct_9', ...body } }));
}

async function expectCode(promise: Promise<unknown>, code: string, status: number): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code, status });
}

describe('POST /onboarding/api/v1/author-tokens', () => {
  it('mints an HS256 JWT with the documented header and claims', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { token, expiresAt } = await mintFlowToken();
    const header = decodeProtectedHeader(token);
    expect(header).toMatchObject({ alg: 'HS256', typ: AUTHOR_TOKEN_TYP });
    expect(header.kid).toMatch(/^kid_/);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: 'inlay', aud: `onboarding:${flowId}`, sub: 'user_1', wsk: 'acct_9', mode: 'test' });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims.iat!).toBeGreaterThanOrEqual(before);
    expect(Date.parse(expiresAt) / 1000).toBe(claims.exp);
  });

  it('verifies with the server verifier', async () => {
    const { token } = await mintFlowToken({ expiresInSec: 60 });
    const claims = await verifyAuthorToken(h.storage, token, expectation);
    expect(claims).toMatchObject({ sub: 'user_1', wsk: 'acct_9', mode: 'test' });
  });

  it('refuses expiresInSec outside 60–86,400 with 400', async () => {
    for (const expiresInSec of [59, 86_401, 0, -5, 1.5, '900']) {
      const response = await call(h.app, 'POST', '/onboarding/api/v1/author-tokens', {
        key: secret,
        body: { authorId: 'u', flowId, workspaceKey: 'w', expiresInSec },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).param).toBe('expiresInSec');
    }
    const max = await call(h.app, 'POST', '/onboarding/api/v1/author-tokens', { key: secret, body: { authorId: 'u', flowId, workspaceKey: 'w', expiresInSec: 86_400 } });
    expect(max.statusCode).toBe(200);
  });

  it('requires workspaceKey and refuses unknown fields', async () => {
    const missing = await call(h.app, 'POST', '/onboarding/api/v1/author-tokens', { key: secret, body: { authorId: 'u', flowId } });
    expect(errorOf(missing)).toMatchObject({ code: 'parameter_missing', param: 'workspaceKey' });
    const unknown = await call(h.app, 'POST', '/onboarding/api/v1/author-tokens', { key: secret, body: { authorId: 'u', flowId, workspaceKey: 'w', role: 'admin' } });
    expect(errorOf(unknown)).toMatchObject({ code: 'parameter_unknown', param: 'role' });
  });

  it("answers 404 for a flow of another workspace, or a board's id", async () => {
    const theirs = await createResource(h.app, h.other.keys.testSecret, 'onboarding', 'flows');
    for (const id of [theirs, boardId]) {
      const response = await call(h.app, 'POST', '/onboarding/api/v1/author-tokens', { key: secret, body: { authorId: 'u', flowId: id, workspaceKey: 'w' } });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).param).toBe('flowId');
    }
  });
});

describe('POST /feedback/api/v1/author-tokens', () => {
  it('carries name, email and avatarUrl, for the board', async () => {
    const { token } = dataOf<{ token: string }>(
      await call(h.app, 'POST', '/feedback/api/v1/author-tokens', {
        key: secret,
        body: { authorId: 'user_2', boardId, name: 'Ada', email: 'ada@example.com', avatarUrl: 'https://example.com/a.png' },
      }),
    );
    const claims = await verifyAuthorToken(h.storage, token, { ...expectation, service: 'feedback', resourceId: boardId });
    expect(claims).toMatchObject({ sub: 'user_2', name: 'Ada', email: 'ada@example.com', avatarUrl: 'https://example.com/a.png' });
  });

  it('refuses a bad email or a javascript: avatar', async () => {
    for (const extra of [{ email: 'not-an-email' }, { avatarUrl: 'javascript:alert(1)' }]) {
      const response = await call(h.app, 'POST', '/feedback/api/v1/author-tokens', { key: secret, body: { authorId: 'u', boardId, ...extra } });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('the author-token verifier', () => {
  it('refuses a token for another resource, service, mode or workspace', async () => {
    const { token } = await mintFlowToken();
    const otherFlow = await createResource(h.app, secret, 'onboarding', 'flows');
    await expectCode(verifyAuthorToken(h.storage, token, { ...expectation, resourceId: otherFlow }), 'author_token_invalid', 403);
    await expectCode(verifyAuthorToken(h.storage, token, { ...expectation, service: 'feedback' }), 'author_token_invalid', 403);
    await expectCode(verifyAuthorToken(h.storage, token, { ...expectation, mode: 'live' }), 'author_token_invalid', 403);
    await expectCode(verifyAuthorToken(h.storage, token, { ...expectation, workspaceId: h.other.id }), 'author_token_invalid', 403);
  });

  it('refuses a live token presented as test even with the right secret id', async () => {
    const live = await mintFlowToken({}, h.ws.keys.liveSecret);
    await expectCode(verifyAuthorToken(h.storage, live.token, expectation), 'author_token_invalid', 403);
    const claims = await verifyAuthorToken(h.storage, live.token, { ...expectation, mode: 'live' });
    expect(claims.mode).toBe('live');
  });

  it('answers 401 author_token_expired for an expired token', async () => {
    const { token } = await mintFlowToken();
    const kid = decodeProtectedHeader(token).kid!;
    const found = await verificationSecret(h.storage, h.ws.id, 'test', kid);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ mode: 'test' })
      .setProtectedHeader({ alg: 'HS256', typ: AUTHOR_TOKEN_TYP, kid })
      .setIssuer('inlay')
      .setAudience(`onboarding:${flowId}`)
      .setSubject('user_1')
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 10)
      .sign(found!.secret);
    await expectCode(verifyAuthorToken(h.storage, expired, expectation), 'author_token_expired', 401);
  });

  it('refuses a token signed with a foreign secret under a real kid', async () => {
    const { token } = await mintFlowToken();
    const kid = decodeProtectedHeader(token).kid!;
    const forged = await new SignJWT({ mode: 'test' })
      .setProtectedHeader({ alg: 'HS256', typ: AUTHOR_TOKEN_TYP, kid })
      .setIssuer('inlay')
      .setAudience(`onboarding:${flowId}`)
      .setSubject('attacker')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    await expectCode(verifyAuthorToken(h.storage, forged, expectation), 'author_token_invalid', 403);
  });

  it('refuses alg "none", a wrong typ, a wrong issuer, another algorithm, no expiry and garbage', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsecured = new UnsecuredJWT({ mode: 'test', iss: 'inlay', aud: `onboarding:${flowId}`, sub: 'u', iat: now, exp: now + 600 }).encode();
    await expectCode(verifyAuthorToken(h.storage, unsecured, expectation), 'author_token_invalid', 403);

    const { token } = await mintFlowToken();
    const kid = decodeProtectedHeader(token).kid!;
    const { secret: key } = (await verificationSecret(h.storage, h.ws.id, 'test', kid))!;
    const sign = (typ: string, iss: string) =>
      new SignJWT({ mode: 'test' })
        .setProtectedHeader({ alg: 'HS256', typ, kid })
        .setIssuer(iss)
        .setAudience(`onboarding:${flowId}`)
        .setSubject('u')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key);
    await expectCode(verifyAuthorToken(h.storage, await sign('JWT', 'inlay'), expectation), 'author_token_invalid', 403);
    await expectCode(verifyAuthorToken(h.storage, await sign(AUTHOR_TOKEN_TYP, 'someone-else'), expectation), 'author_token_invalid', 403);
    expect(await verifyAuthorToken(h.storage, await sign(AUTHOR_TOKEN_TYP, 'inlay'), expectation)).toMatchObject({ sub: 'u' });
    await expectCode(verifyAuthorToken(h.storage, 'not.a.jwt', expectation), 'author_token_invalid', 403);
    // Signed with the right secret, but not as Inlay signs: another HMAC algorithm, no expiry.
    const unusual = (alg: string, expires: boolean) => {
      const jwt = new SignJWT({ mode: 'test' }).setProtectedHeader({ alg, typ: AUTHOR_TOKEN_TYP, kid }).setIssuer('inlay').setAudience(`onboarding:${flowId}`).setSubject('u').setIssuedAt();
      return (expires ? jwt.setExpirationTime('10m') : jwt).sign(key);
    };
    await expectCode(verifyAuthorToken(h.storage, await unusual('HS512', true), expectation), 'author_token_invalid', 403);
    await expectCode(verifyAuthorToken(h.storage, await unusual('HS256', false), expectation), 'author_token_invalid', 403);
  });

  it('keeps tokens of a rotated secret valid (within 24 h) and signs new ones with the new kid', async () => {
    const old = await mintFlowToken();
    await rotateSigningSecret(h.storage, h.ws.id, 'test');
    const fresh = await mintFlowToken();
    expect(decodeProtectedHeader(fresh.token).kid).not.toBe(decodeProtectedHeader(old.token).kid);
    expect(await verifyAuthorToken(h.storage, old.token, expectation)).toMatchObject({ sub: 'user_1' });
    expect(await verifyAuthorToken(h.storage, fresh.token, expectation)).toMatchObject({ sub: 'user_1' });
    const oldKid = decodeProtectedHeader(old.token).kid!;
    expect(await verificationSecret(h.storage, h.ws.id, 'test', oldKid, Date.now() + 25 * 3600_000)).toBeUndefined();
  });
});
