import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../src/options.js';
import { createAccount } from '../src/repositories/platform/accounts.js';
import { createCode, issueTokens, pruneOAuthClients, registerClient } from '../src/repositories/platform/oauth.js';
import { harness } from './helpers.js';
import { FORM, form, hiddenFields, REDIRECT } from './oauth-forms.js';

describe('OAuth abuse limits', async () => {
  const limits = { registrationsPerAddressPerHour: 3, loginAttemptsPerAccount: 3, loginAttemptsPerAddress: 5 };
  const t = await harness({ trustProxy: true, oauth: limits });
  const plain = await harness({ trustProxy: false });
  const PASSWORD = 'correct horse battery staple';
  await createAccount(t.storage, { email: 'owner@acme.test', password: PASSWORD, workspaceId: t.ws.id });
  await createAccount(t.storage, { email: 'second@acme.test', password: PASSWORD, workspaceId: t.ws.id });
  await createAccount(t.storage, { email: 'third@acme.test', password: PASSWORD, workspaceId: t.ws.id });
  await createAccount(plain.storage, { email: 'owner@acme.test', password: PASSWORD, workspaceId: plain.ws.id });
  const HOST = 'inlay.example.com';
  let nextAddress = 1;
  /** A client address no other test used, so each test starts with fresh limits. */
  const freshAddress = () => `198.51.100.${nextAddress++}`;
  const via = (address: string, proto = 'http') => ({ host: HOST, 'x-forwarded-for': address, 'x-forwarded-proto': proto });

  const registerAt = (address: string, body: Record<string, unknown>, app = t.app) =>
    app.inject({ method: 'POST', url: '/oauth/register', headers: { ...via(address), 'content-type': 'application/json' }, payload: body });

  /** Opens the sign-in page as a browser behind the proxy would: its cookie and hidden fields. */
  async function signInPage(address: string, proto = 'http', app = t.app) {
    // The server builds its origin from X-Forwarded-Proto only when it trusts the proxy.
    const served = app === t.app ? proto : 'http';
    const registered = await registerAt(freshAddress(), { redirect_uris: [REDIRECT] }, app);
    const clientId = (registered.json() as { client_id: string }).client_id;
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
      resource: `${served}://${HOST}/onboarding/mcp`,
    });
    const page = await app.inject({ method: 'GET', url: `/oauth/authorize?${query}`, headers: via(address, proto) });
    expect(page.statusCode).toBe(200);
    const csrf = page.cookies.find((cookie) => cookie.name === 'inlay_login_csrf')!;
    return { csrf, fields: hiddenFields(page.body) };
  }

  async function signIn(address: string, email: string, password: string, proto = 'http', app = t.app) {
    const { csrf, fields } = await signInPage(address, proto, app);
    return app.inject({
      method: 'POST',
      url: '/oauth/login',
      headers: { ...via(address, proto), ...FORM, cookie: `${csrf.name}=${csrf.value}` },
      payload: form({ ...fields, email, password }),
    });
  }

  it('throttles registrations per client address', async () => {
    const address = freshAddress();
    for (let i = 0; i < limits.registrationsPerAddressPerHour; i++) {
      expect((await registerAt(address, { redirect_uris: [REDIRECT] })).statusCode).toBe(201);
    }
    const refused = await registerAt(address, { redirect_uris: [REDIRECT] });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'rate_limited', error_description: expect.stringContaining('at most 3 an hour') });
    expect((await registerAt(freshAddress(), { redirect_uris: [REDIRECT] })).statusCode).toBe(201);
  });

  it('bounds redirect URIs and client metadata', async () => {
    const { redirectUriMaxLength, redirectUrisPerClient, clientNameMaxLength, registrationBodyBytes } = DEFAULT_OPTIONS.oauth;
    const refusals: [string, Record<string, unknown>, string][] = [
      ['an over-long URI', { redirect_uris: [`https://app.example.com/${'a'.repeat(redirectUriMaxLength)}`] }, 'invalid_redirect_uri'],
      ['too many URIs', { redirect_uris: Array.from({ length: redirectUrisPerClient + 1 }, (_, i) => `http://127.0.0.1:${1000 + i}/cb`) }, 'invalid_redirect_uri'],
      ['plain http on another host', { redirect_uris: ['http://app.example.com/cb'] }, 'invalid_redirect_uri'],
      ['another scheme', { redirect_uris: ['ftp://app.example.com/cb'] }, 'invalid_redirect_uri'],
      ['a private-use scheme', { redirect_uris: ['com.example.app:/cb'] }, 'invalid_redirect_uri'],
      ['javascript:', { redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
      ['a fragment', { redirect_uris: ['https://app.example.com/cb#x'] }, 'invalid_redirect_uri'],
      ['an empty fragment', { redirect_uris: ['https://app.example.com/cb#'] }, 'invalid_redirect_uri'],
      ['user info', { redirect_uris: ['https://user:pw@app.example.com/cb'] }, 'invalid_redirect_uri'],
      ['none', { redirect_uris: [] }, 'invalid_redirect_uri'],
      ['an over-long client_name', { redirect_uris: [REDIRECT], client_name: 'n'.repeat(clientNameMaxLength + 1) }, 'invalid_client_metadata'],
      ['a client_name that is not text', { redirect_uris: [REDIRECT], client_name: ['x'] }, 'invalid_client_metadata'],
    ];
    for (const [what, body, error] of refusals) {
      const response = await registerAt(freshAddress(), body);
      expect({ what, status: response.statusCode, body: response.json() as unknown }).toMatchObject({ what, status: 400, body: { error } });
    }
    const accepted = await registerAt(freshAddress(), {
      redirect_uris: [`https://app.example.com/${'a'.repeat(redirectUriMaxLength - 30)}`, 'http://[::1]:8080/cb', 'http://localhost/cb'],
      client_name: 'n'.repeat(clientNameMaxLength),
    });
    expect(accepted.statusCode).toBe(201);
    const huge = await registerAt(freshAddress(), { redirect_uris: [REDIRECT], software_statement: 'x'.repeat(registrationBodyBytes) });
    expect(huge.statusCode).toBe(413);
  });

  it('prunes clients never used within a day, and clients unused for 90 days', async () => {
    const { unusedClientTtlMs, idleClientTtlMs } = DEFAULT_OPTIONS.oauth;
    const account = await t.storage.db.selectFrom('accounts').select('id').where('email', '=', 'owner@acme.test').executeTakeFirstOrThrow();
    const unused = await registerClient(t.storage, { name: 'never used', redirectUris: [REDIRECT] });
    const used = await registerClient(t.storage, { name: 'used', redirectUris: [REDIRECT] });
    const grant = { clientId: used.id, accountId: account.id, workspaceId: t.ws.id, resource: `http://${HOST}/onboarding/mcp`, scope: 'mcp' };
    await createCode(t.storage, { ...grant, redirectUri: REDIRECT, codeChallenge: 'a'.repeat(43) });
    await issueTokens(t.storage, grant);
    const clientIds = async () => (await t.storage.db.selectFrom('oauth_clients').select('id').where('id', 'in', [unused.id, used.id]).execute()).map((row) => row.id);
    const tokensOf = async (clientId: string) => (await t.storage.db.selectFrom('oauth_tokens').select('kind').where('client_id', '=', clientId).execute()).length;

    await pruneOAuthClients(t.storage, new Date(Date.now() + unusedClientTtlMs - 60_000), DEFAULT_OPTIONS.oauth);
    expect((await clientIds()).sort()).toEqual([unused.id, used.id].sort());
    await pruneOAuthClients(t.storage, new Date(Date.now() + unusedClientTtlMs + 60_000), DEFAULT_OPTIONS.oauth);
    expect(await clientIds()).toEqual([used.id]);
    // Its expired access token goes; the refresh token stays while the client does.
    expect(await tokensOf(used.id)).toBe(1);

    await pruneOAuthClients(t.storage, new Date(Date.now() + idleClientTtlMs - 60_000), DEFAULT_OPTIONS.oauth);
    expect(await clientIds()).toEqual([used.id]);
    await pruneOAuthClients(t.storage, new Date(Date.now() + idleClientTtlMs + 60_000), DEFAULT_OPTIONS.oauth);
    expect(await clientIds()).toEqual([]);
    expect(await tokensOf(used.id)).toBe(0);
  });

  it('locks an account out after repeated sign-ins, the right password too, from any address', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < limits.loginAttemptsPerAccount; i++) {
      expect((await signIn(attacker, 'owner@acme.test', `guess ${i}`)).statusCode).toBe(401);
    }
    for (const address of [attacker, freshAddress()]) {
      const locked = await signIn(address, ' Owner@Acme.test', PASSWORD);
      expect(locked.statusCode).toBe(429);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // The window's rest: 15 minutes from the first attempt, or (counted across instances, as on
      // PostgreSQL) what is left of the clock-aligned window (docs/security.md#oauth).
      const minutes = Math.ceil(retryAfter / 60);
      expect(locked.body).toContain(`Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      expect(locked.cookies.find((cookie) => cookie.name === 'inlay_session')).toBeUndefined();
    }
    // An email without an account locks the same way: the answer does not reveal which exist.
    const address = freshAddress();
    for (let i = 0; i < limits.loginAttemptsPerAccount; i++) await signIn(address, 'nobody@acme.test', `guess ${i}`);
    const unknown = await signIn(freshAddress(), 'nobody@acme.test', PASSWORD);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toContain(`Too many sign-in attempts. Try again in ${Math.ceil(Number(unknown.headers['retry-after']) / 60)} minute`);
    // Another account is not affected.
    expect((await signIn(freshAddress(), 'second@acme.test', PASSWORD)).statusCode).toBe(303);
  });

  it('throttles sign-ins per client address', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < limits.loginAttemptsPerAddress; i++) {
      expect((await signIn(attacker, `user${i}@acme.test`, 'guess')).statusCode).toBe(401);
    }
    const refused = await signIn(attacker, 'second@acme.test', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toContain('Too many sign-in attempts.');
    expect((await signIn(freshAddress(), 'second@acme.test', PASSWORD)).statusCode).toBe(303);
  });

  it('marks sign-in cookies Secure behind a trusted proxy on https, and not on plain http', async () => {
    const cookiesOf = (response: { cookies: { name: string; secure?: boolean }[] }) =>
      Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.secure === true]));
    const https = await signIn(freshAddress(), 'third@acme.test', PASSWORD, 'https');
    expect(https.statusCode).toBe(303);
    expect(cookiesOf(https)).toEqual({ inlay_session: true });
    expect((await signInPage(freshAddress(), 'https')).csrf.secure).toBe(true);

    const http = await signIn(freshAddress(), 'third@acme.test', PASSWORD, 'http');
    expect(cookiesOf(http)).toEqual({ inlay_session: false });
    expect((await signInPage(freshAddress(), 'http')).csrf.secure).not.toBe(true);

    // Without trustProxy, X-Forwarded-Proto is anyone's to send: plain http stays plain.
    const untrusted = await signIn(freshAddress(), 'owner@acme.test', PASSWORD, 'https', plain.app);
    expect(untrusted.statusCode).toBe(303);
    expect(cookiesOf(untrusted)).toEqual({ inlay_session: false });
  });
});
