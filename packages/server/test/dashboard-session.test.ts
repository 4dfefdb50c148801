import { describe, expect, it } from 'vitest';
import { addMembership, createAccount, sha256 } from '../src/repositories/platform/accounts.js';
import { dataOf, errorOf } from './helpers.js';
import { browserOf, cookieOf, dashboardHarness, PASSWORD, signIn } from './dashboard-harness.js';

describe('dashboard sessions', async () => {
  const h = await dashboardHarness({ dashboardAuth: { loginAttemptsPerAccount: 3, loginAttemptsPerAddress: 1000 } });

  it('signs in with a cookie scoped to /dashboard, HttpOnly, SameSite=Strict, and Secure except on local http', async () => {
    await createAccount(h.storage, { email: 'carol@acme.test', password: PASSWORD, workspaceId: h.ws.id });
    const local = await signIn(h.app, 'carol@acme.test');
    expect(local.statusCode).toBe(200);
    const line = String(local.headers['set-cookie']);
    expect(line).toMatch(/^inlay_dashboard=[\w-]{40,};/);
    expect(line).toContain('Path=/dashboard');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).not.toContain('Secure');
    const remote = await signIn(h.app, 'carol@acme.test', PASSWORD, { host: 'inlay.example.com' });
    expect(String(remote.headers['set-cookie'])).toContain('Secure');
    const data = dataOf<{ account: { email: string }; workspace: { id: string }; workspaces: unknown[]; csrfToken: string }>(local);
    expect(data.account.email).toBe('carol@acme.test');
    expect(data.workspace.id).toBe(h.ws.id);
    expect(data.csrfToken.length).toBeGreaterThan(20);
  });

  it('stores only the SHA-256 of the session id', async () => {
    const token = decodeURIComponent(h.alice.cookie.split('=')[1] as string);
    const rows = await h.storage.db.selectFrom('dashboard_sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers the session with the account, its workspaces, the current one and the CSRF token', async () => {
    const data = dataOf<{ csrfToken: string; workspace: { id: string } }>(await h.alice.call('GET', '/dashboard/api/session'));
    expect(data.csrfToken).toBe(h.alice.csrf);
    expect(data.workspace.id).toBe(h.ws.id);
  });

  it('refuses a wrong password, and an unknown email the same way', async () => {
    await createAccount(h.storage, { email: 'dave@acme.test', password: PASSWORD, workspaceId: h.ws.id });
    const wrong = await signIn(h.app, 'dave@acme.test', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).code).toBe('sign_in_failed');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await signIn(h.app, 'nobody@acme.test', 'not the password');
    expect(errorOf(unknown).message).toBe(errorOf(wrong).message);
  });

  it('throttles sign-ins per email: 429 with Retry-After, the right password too', async () => {
    await createAccount(h.storage, { email: 'erin@acme.test', password: PASSWORD, workspaceId: h.ws.id });
    for (let i = 0; i < 3; i++) expect((await signIn(h.app, 'erin@acme.test', 'guess')).statusCode).toBe(401);
    const limited = await signIn(h.app, 'ERIN@acme.test ', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('signs out: the session is gone on the server, the cookie cleared', async () => {
    await createAccount(h.storage, { email: 'frank@acme.test', password: PASSWORD, workspaceId: h.ws.id });
    const frank = browserOf(h.app, await signIn(h.app, 'frank@acme.test'));
    const out = await frank.call('DELETE', '/dashboard/api/session');
    expect(dataOf(out)).toEqual({ signedOut: true });
    expect(String(out.headers['set-cookie'])).toMatch(/inlay_dashboard=;.*Expires=Thu, 01 Jan 1970/);
    const after = await frank.call('GET', '/dashboard/api/session');
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('session_required');
  });

  it('ends a session after sessionTtlMs', async () => {
    await createAccount(h.storage, { email: 'gina@acme.test', password: PASSWORD, workspaceId: h.ws.id });
    const gina = browserOf(h.app, await signIn(h.app, 'gina@acme.test'));
    await h.storage.db.updateTable('dashboard_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', sha256(decodeURIComponent(gina.cookie.split('=')[1] as string))).execute();
    expect(errorOf(await gina.call('GET', '/dashboard/api/session')).code).toBe('session_required');
  });

  it('refuses writes without the CSRF token, or with another session\'s', async () => {
    const none = await h.alice.call('POST', '/dashboard/api/flows', { name: 'x' }, { 'x-csrf-token': '' });
    expect(none.statusCode).toBe(403);
    expect(errorOf(none).code).toBe('csrf_token_invalid');
    const other = await h.alice.call('POST', '/dashboard/api/flows', { name: 'x' }, { 'x-csrf-token': h.bob.csrf });
    expect(errorOf(other).code).toBe('csrf_token_invalid');
    const ok = await h.alice.call('POST', '/dashboard/api/flows', { name: 'x' });
    expect(ok.statusCode).toBe(201);
  });

  it('switches between the workspaces an account belongs to, and not to others', async () => {
    const account = await createAccount(h.storage, { email: 'hal@acme.test', password: PASSWORD, workspaceId: h.ws.id });
    const hal = browserOf(h.app, await signIn(h.app, 'hal@acme.test'));
    const refused = await hal.call('PUT', '/dashboard/api/session/workspace', { workspaceId: h.other.id });
    expect(refused.statusCode).toBe(404);
    await addMembership(h.storage, account.id, h.other.id);
    const switched = dataOf<{ workspace: { id: string }; workspaces: { id: string }[] }>(await hal.call('PUT', '/dashboard/api/session/workspace', { workspaceId: h.other.id }));
    expect(switched.workspace.id).toBe(h.other.id);
    expect(switched.workspaces.map((ws) => ws.id).sort()).toEqual([h.ws.id, h.other.id].sort());
    const keys = dataOf<{ id: string }[]>(await hal.call('GET', '/dashboard/api/keys'));
    const otherKeys = await h.storage.db.selectFrom('api_keys').select('id').where('workspace_id', '=', h.other.id).execute();
    expect(keys.map((key) => key.id).sort()).toEqual(otherKeys.map((key) => key.id).sort());
  });

  it('the cookie is a fresh value per sign-in', async () => {
    const again = cookieOf(await signIn(h.app, 'carol@acme.test'));
    expect(again).not.toBe(h.alice.cookie);
  });
});
