import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addMembership, createAccount } from '../src/repositories/platform/accounts.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { call, dataOf, harness } from './helpers.js';
import { cookieOf, FORM, form, hiddenFields, REDIRECT } from './oauth-forms.js';

// These tests sign in and register far more often than a person would, all from 127.0.0.1; the
// limits have their own tests (oauth-limits.test.ts), on an app of their own.
const h = await harness({ oauth: { registrationsPerAddressPerHour: 1000, loginAttemptsPerAccount: 1000, loginAttemptsPerAddress: 1000 } });
const origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
await createAccount(h.storage, { email: 'owner@acme.test', password: 'correct horse battery staple', workspaceId: h.ws.id });
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

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
    const unknown = await fetch(`${origin}/.well-known/oauth-protected-resource/nope/mcp`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', error_description: expect.stringContaining('"nope"') });
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
    const second = await initWorkspace(h.storage, 'Second product');
    const stranger = await initWorkspace(h.storage, 'Not theirs');
    const account = await createAccount(h.storage, { email: 'two@acme.test', password: 'correct horse battery staple', workspaceId: h.ws.id });
    await addMembership(h.storage, account.id, second.workspace.id);
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
