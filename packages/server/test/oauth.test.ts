import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OPTIONS } from '../src/options.js';
import { addMembership, createAccount } from '../src/repositories/accounts.js';
import { createCode, issueTokens, pruneOAuthClients, registerClient } from '../src/repositories/oauth.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { call, dataOf, harness } from './helpers.js';

// These tests sign in and register far more often than a person would, all from 127.0.0.1; the
// limits have their own tests below, on an app of their own.
const h = await harness({ oauth: { registrationsPerAddressPerHour: 1000, loginAttemptsPerAccount: 1000, loginAttemptsPerAddress: 1000 } });
const origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
await createAccount(h.db, { email: 'owner@acme.test', password: 'correct horse battery staple', workspaceId: h.ws.id });
const REDIRECT = 'http://127.0.0.1:9/callback';
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

function cookieOf(response: Response, name: string): string | undefined {
  for (const value of response.headers.getSetCookie()) {
    const [pair] = value.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  }
  return fields;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function register(): Promise<string> {
  const response = await fetch(`${origin}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: 'Test assistant', token_endpoint_auth_method: 'none' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

/**
 * The whole browser part: authorize, sign in, consent (choosing `workspace` when given). Returns
 * the code and the verifier, or the refused sign-in or consent.
 */
async function authorize(clientId: string, service = 'onboarding', password = 'correct horse battery staple', who: { email?: string; workspace?: string } = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    resource: `${origin}/${service}/mcp`,
    scope: 'mcp',
  });
  const login = await fetch(`${origin}/oauth/authorize?${query}`, { redirect: 'manual' });
  expect(login.status).toBe(200);
  const loginHtml = await login.text();
  expect(loginHtml).toContain('Sign in');
  const csrfCookie = cookieOf(login, 'inlay_login_csrf')!;
  const signIn = await fetch(`${origin}/oauth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, cookie: csrfCookie },
    body: form({ ...hiddenFields(loginHtml), email: who.email ?? 'owner@acme.test', password }),
  });
  if (signIn.status !== 303) return { signIn };
  const session = cookieOf(signIn, 'inlay_session')!;
  expect(session).toBeDefined();
  const consent = await fetch(`${origin}${signIn.headers.get('location')}`, { headers: { cookie: session } });
  const consentHtml = await consent.text();
  expect(consentHtml).toContain('Test assistant');
  expect(consentHtml).toContain(h.ws.id);
  const approved = await fetch(`${origin}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, cookie: session },
    body: form({ ...hiddenFields(consentHtml), ...(who.workspace === undefined ? {} : { workspace: who.workspace }), decision: 'allow' }),
  });
  if (approved.status !== 303) return { consentHtml, approved };
  expect(approved.status).toBe(303);
  const location = new URL(approved.headers.get('location')!);
  expect(location.searchParams.get('state')).toBe('xyz');
  return { code: location.searchParams.get('code')!, verifier, session };
}

async function token(fields: Record<string, string>) {
  const response = await fetch(`${origin}/oauth/token`, { method: 'POST', headers: FORM, body: form(fields) });
  return { status: response.status, body: (await response.json()) as Record<string, string | number> };
}

async function mcp(service: string, accessToken: string): Promise<Client> {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/${service}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${accessToken}` } } }));
  clients.push(client);
  return client;
}

const tryTools = (service: string, accessToken: string) =>
  fetch(`${origin}/${service}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

describe('OAuth discovery', () => {
  it('challenges an unauthenticated MCP call with the protected-resource metadata URL', async () => {
    const response = await fetch(`${origin}/feedback/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate');
    expect(challenge).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource/feedback/mcp"`);
  });

  it('publishes RFC 9728 and RFC 8414 metadata', async () => {
    const resource = (await (await fetch(`${origin}/.well-known/oauth-protected-resource/feedback/mcp`)).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: `${origin}/feedback/mcp`, authorization_servers: [origin] });
    const server = (await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(server).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
    });
  });
});

describe('the OAuth flow', () => {
  it('registers, authorizes with PKCE, calls a tool, refreshes and revokes', async () => {
    const clientId = await register();
    const { code, verifier } = await authorize(clientId);
    const issued = await token({ grant_type: 'authorization_code', code: code!, code_verifier: verifier!, client_id: clientId, redirect_uri: REDIRECT, resource: `${origin}/onboarding/mcp` });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp' });
    const access = String(issued.body.access_token);

    const client = await mcp('onboarding', access);
    const created = (await client.callTool({ name: 'create_flow', arguments: { name: 'Made over OAuth' } })) as unknown as { structuredContent: { id: string } };
    const rest = dataOf<{ name: string }>(await call(h.app, 'GET', `/onboarding/api/v1/flows/${created.structuredContent.id}`, { key: h.ws.keys.testSecret }));
    expect(rest.name).toBe('Made over OAuth');

    // The code is single-use.
    const again = await token({ grant_type: 'authorization_code', code: code!, code_verifier: verifier!, client_id: clientId, redirect_uri: REDIRECT });
    expect(again.body.error).toBe('invalid_grant');

    // The token is bound to the onboarding MCP resource.
    const elsewhere = await tryTools('feedback', access);
    expect(elsewhere.status).toBe(401);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('access_token_invalid');

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: String(issued.body.refresh_token), client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(access);
    expect((await tryTools('onboarding', String(refreshed.body.access_token))).status).toBe(200);

    // A refresh token is not an access token.
    expect((await tryTools('onboarding', String(refreshed.body.refresh_token))).status).toBe(401);

    // Reusing the rotated refresh token ends the grant.
    const reuse = await token({ grant_type: 'refresh_token', refresh_token: String(issued.body.refresh_token), client_id: clientId });
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await tryTools('onboarding', String(refreshed.body.access_token))).status).toBe(401);
  });

  it('revokes an access token', async () => {
    const clientId = await register();
    const { code, verifier } = await authorize(clientId, 'importer');
    const issued = await token({ grant_type: 'authorization_code', code: code!, code_verifier: verifier!, client_id: clientId, redirect_uri: REDIRECT });
    const access = String(issued.body.access_token);
    expect((await tryTools('importer', access)).status).toBe(200);
    const revoked = await fetch(`${origin}/oauth/revoke`, { method: 'POST', headers: FORM, body: form({ token: access, client_id: clientId }) });
    expect(revoked.status).toBe(200);
    expect((await tryTools('importer', access)).status).toBe(401);
  });

  it('refuses an expired access token', async () => {
    const clientId = await register();
    const { code, verifier } = await authorize(clientId);
    const issued = await token({ grant_type: 'authorization_code', code: code!, code_verifier: verifier!, client_id: clientId, redirect_uri: REDIRECT });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3601_000);
    try {
      expect((await tryTools('onboarding', String(issued.body.access_token))).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('OAuth refusals', () => {
  it('refuses a wrong code_verifier, a wrong redirect_uri and an unknown client', async () => {
    const clientId = await register();
    const { code } = await authorize(clientId);
    const wrongVerifier = await token({ grant_type: 'authorization_code', code: code!, code_verifier: randomBytes(32).toString('base64url'), client_id: clientId, redirect_uri: REDIRECT });
    expect(wrongVerifier.body.error).toBe('invalid_grant');
    expect((await token({ grant_type: 'authorization_code', code: 'x', code_verifier: 'y', client_id: 'client_nope' })).status).toBe(401);
    expect((await token({ grant_type: 'password', client_id: clientId })).body.error).toBe('unsupported_grant_type');
  });

  it('requires PKCE S256 and a registered redirect_uri', async () => {
    const clientId = await register();
    const base = { response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, state: 's' };
    const plain = await fetch(`${origin}/oauth/authorize?${new URLSearchParams({ ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' })}`, { redirect: 'manual' });
    expect(plain.status).toBe(302);
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const foreign = await fetch(`${origin}/oauth/authorize?${new URLSearchParams({ ...base, redirect_uri: 'https://evil.example.com/cb', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' })}`, { redirect: 'manual' });
    expect(foreign.status).toBe(400);
    const bad = await fetch(`${origin}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://evil.example.com/cb'] }) });
    expect(bad.status).toBe(400);
  });

  it('refuses repeated parameters without an error of its own', async () => {
    const clientId = await register();
    const repeated = await fetch(`${origin}/oauth/authorize?client_id=${clientId}&client_id=other&redirect_uri=${encodeURIComponent(REDIRECT)}`, { redirect: 'manual' });
    expect(repeated.status).toBe(400);
    expect(await repeated.text()).toContain('appear once');
  });

  it('binds a code and a refresh token to their client, and a code to its resource', async () => {
    const clientId = await register();
    const otherClient = await register();
    const exchange = (grant: { code?: string; verifier?: string }, fields: Record<string, string> = {}) =>
      token({ grant_type: 'authorization_code', code: grant.code!, code_verifier: grant.verifier!, client_id: clientId, redirect_uri: REDIRECT, ...fields });
    // Another client cannot redeem a code, even with its verifier.
    expect((await exchange(await authorize(clientId), { client_id: otherClient })).body.error).toBe('invalid_grant');
    // A code is for the MCP server it was asked for.
    expect((await exchange(await authorize(clientId), { resource: `${origin}/feedback/mcp` })).body.error).toBe('invalid_target');

    const issued = await exchange(await authorize(clientId));
    const access = String(issued.body.access_token);
    const refresh = String(issued.body.refresh_token);
    // A refresh token works for its own client only, and an access token refreshes nothing.
    expect((await token({ grant_type: 'refresh_token', refresh_token: refresh, client_id: otherClient })).body.error).toBe('invalid_grant');
    expect((await token({ grant_type: 'refresh_token', refresh_token: access, client_id: clientId })).body.error).toBe('invalid_grant');
    // Revoking the refresh token ends the grant: its access token stops working too.
    expect((await tryTools('onboarding', access)).status).toBe(200);
    await fetch(`${origin}/oauth/revoke`, { method: 'POST', headers: FORM, body: form({ token: refresh, client_id: clientId }) });
    expect((await tryTools('onboarding', access)).status).toBe(401);
  });

  it('refuses a code older than 5 minutes', async () => {
    const clientId = await register();
    const { code, verifier } = await authorize(clientId);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    try {
      const late = await token({ grant_type: 'authorization_code', code: code!, code_verifier: verifier!, client_id: clientId, redirect_uri: REDIRECT });
      expect(late.body.error).toBe('invalid_grant');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a refresh token past its 30 days', async () => {
    const clientId = await register();
    const { code, verifier } = await authorize(clientId);
    const issued = await token({ grant_type: 'authorization_code', code: code!, code_verifier: verifier!, client_id: clientId, redirect_uri: REDIRECT });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 24 * 3600_000 + 1000);
    try {
      const late = await token({ grant_type: 'refresh_token', refresh_token: String(issued.body.refresh_token), client_id: clientId });
      expect(late.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
    } finally {
      vi.useRealTimers();
    }
  });

  it('revokes a token only for the client it was issued to', async () => {
    const clientId = await register();
    const otherClient = await register();
    const { code, verifier } = await authorize(clientId);
    const issued = await token({ grant_type: 'authorization_code', code: code!, code_verifier: verifier!, client_id: clientId, redirect_uri: REDIRECT });
    const access = String(issued.body.access_token);
    const refresh = String(issued.body.refresh_token);
    const revoke = (fields: Record<string, string>) => fetch(`${origin}/oauth/revoke`, { method: 'POST', headers: FORM, body: form(fields) });

    // Another client's revocation is answered like one of an unknown token, and changes nothing.
    expect((await revoke({ token: access, client_id: otherClient })).status).toBe(200);
    expect((await revoke({ token: refresh, client_id: otherClient })).status).toBe(200);
    expect((await tryTools('onboarding', access)).status).toBe(200);
    // Without a registered client_id the call is refused.
    for (const fields of [{ token: access }, { token: access, client_id: 'client_nope' }] as Record<string, string>[]) {
      const refused = await revoke(fields);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
    }
    expect((await tryTools('onboarding', access)).status).toBe(200);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: refresh, client_id: clientId });
    expect(refreshed.status).toBe(200);

    expect((await revoke({ token: String(refreshed.body.access_token), client_id: clientId })).status).toBe(200);
    expect((await tryTools('onboarding', String(refreshed.body.access_token))).status).toBe(401);
  });

  it('grants the workspace the person chooses, and only one they belong to', async () => {
    const second = await initWorkspace(h.db, 'Second product');
    const stranger = await initWorkspace(h.db, 'Not theirs');
    const account = await createAccount(h.db, { email: 'two@acme.test', password: 'correct horse battery staple', workspaceId: h.ws.id });
    await addMembership(h.db, account.id, second.workspace.id);
    const clientId = await register();

    // Both workspaces are offered; without a choice nothing is granted.
    const unchosen = await authorize(clientId, 'onboarding', undefined, { email: 'two@acme.test' });
    expect(unchosen.consentHtml).toContain('Second product');
    expect(unchosen.consentHtml).toMatch(new RegExp(`type="radio" name="workspace" value="${second.workspace.id}"`));
    expect(unchosen.approved?.status).toBe(403);
    const forged = await authorize(clientId, 'onboarding', undefined, { email: 'two@acme.test', workspace: stranger.workspace.id });
    expect(forged.approved?.status).toBe(403);

    const { code, verifier } = await authorize(clientId, 'onboarding', undefined, { email: 'two@acme.test', workspace: second.workspace.id });
    const issued = await token({ grant_type: 'authorization_code', code: code!, code_verifier: verifier!, client_id: clientId, redirect_uri: REDIRECT, resource: `${origin}/onboarding/mcp` });
    const client = await mcp('onboarding', String(issued.body.access_token));
    const created = (await client.callTool({ name: 'create_flow', arguments: { name: 'In the second workspace' } })) as unknown as { structuredContent: { id: string } };
    const path = `/onboarding/api/v1/flows/${created.structuredContent.id}`;
    expect(dataOf<{ name: string }>(await call(h.app, 'GET', path, { key: second.keys.testSecret })).name).toBe('In the second workspace');
    expect((await call(h.app, 'GET', path, { key: h.ws.keys.testSecret })).statusCode).toBe(404);
  });

  it('refuses a wrong password and a forged consent', async () => {
    const clientId = await register();
    const result = await authorize(clientId, 'onboarding', 'wrong password');
    expect(result.signIn?.status).toBe(401);
    const forged = await fetch(`${origin}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: FORM,
      body: form({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256', decision: 'allow', csrf: 'guess' }),
    });
    expect(forged.status).toBe(403);
  });
});

describe('OAuth abuse limits', async () => {
  const limits = { registrationsPerAddressPerHour: 3, loginAttemptsPerAccount: 3, loginAttemptsPerAddress: 5 };
  const t = await harness({ trustProxy: true, oauth: limits });
  const plain = await harness({ trustProxy: false });
  const PASSWORD = 'correct horse battery staple';
  await createAccount(t.db, { email: 'owner@acme.test', password: PASSWORD, workspaceId: t.ws.id });
  await createAccount(t.db, { email: 'second@acme.test', password: PASSWORD, workspaceId: t.ws.id });
  await createAccount(t.db, { email: 'third@acme.test', password: PASSWORD, workspaceId: t.ws.id });
  await createAccount(plain.db, { email: 'owner@acme.test', password: PASSWORD, workspaceId: plain.ws.id });
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
    const account = await t.db.selectFrom('accounts').select('id').where('email', '=', 'owner@acme.test').executeTakeFirstOrThrow();
    const unused = await registerClient(t.db, { name: 'never used', redirectUris: [REDIRECT] });
    const used = await registerClient(t.db, { name: 'used', redirectUris: [REDIRECT] });
    const grant = { clientId: used.id, accountId: account.id, workspaceId: t.ws.id, resource: `http://${HOST}/onboarding/mcp`, scope: 'mcp' };
    await createCode(t.db, { ...grant, redirectUri: REDIRECT, codeChallenge: 'a'.repeat(43) });
    await issueTokens(t.db, grant);
    const clientIds = async () => (await t.db.selectFrom('oauth_clients').select('id').where('id', 'in', [unused.id, used.id]).execute()).map((row) => row.id);
    const tokensOf = async (clientId: string) => (await t.db.selectFrom('oauth_tokens').select('kind').where('client_id', '=', clientId).execute()).length;

    await pruneOAuthClients(t.db, new Date(Date.now() + unusedClientTtlMs - 60_000), DEFAULT_OPTIONS.oauth);
    expect((await clientIds()).sort()).toEqual([unused.id, used.id].sort());
    await pruneOAuthClients(t.db, new Date(Date.now() + unusedClientTtlMs + 60_000), DEFAULT_OPTIONS.oauth);
    expect(await clientIds()).toEqual([used.id]);
    // Its expired access token goes; the refresh token stays while the client does.
    expect(await tokensOf(used.id)).toBe(1);

    await pruneOAuthClients(t.db, new Date(Date.now() + idleClientTtlMs - 60_000), DEFAULT_OPTIONS.oauth);
    expect(await clientIds()).toEqual([used.id]);
    await pruneOAuthClients(t.db, new Date(Date.now() + idleClientTtlMs + 60_000), DEFAULT_OPTIONS.oauth);
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
