import { describe, expect, it } from 'vitest';
import { createAccount } from '../src/repositories/platform/accounts.js';
import { dataOf, errorOf } from './helpers.js';
import { browserOf, dashboardHarness, PASSWORD } from './dashboard-harness.js';

const h = await dashboardHarness();

const accept = (token: string, password: string) => h.app.inject({ method: 'POST', url: `/dashboard/api/invites/token/${token}/accept`, payload: { password } });

describe('dashboard invites', () => {
  it('an invited new email sets a password, joins the workspace and is signed in; the link works once', async () => {
    const invite = dataOf<{ id: string; token: string; url: string; email: string }>(await h.alice.call('POST', '/dashboard/api/invites', { email: 'New.Person@Acme.test' }));
    expect(invite.email).toBe('new.person@acme.test');
    expect(invite.url).toBe(`/dashboard/invite/${invite.token}`);
    const stored = await h.storage.db.selectFrom('dashboard_invites').select('token_hash').where('id', '=', invite.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(invite.token);
    expect(dataOf<{ id: string }[]>(await h.alice.call('GET', '/dashboard/api/invites')).map((i) => i.id)).toContain(invite.id);
    const info = dataOf<{ email: string; workspace: { id: string }; accountExists: boolean }>(await h.app.inject({ method: 'GET', url: `/dashboard/api/invites/token/${invite.token}` }));
    expect(info).toMatchObject({ email: 'new.person@acme.test', workspace: { id: h.ws.id }, accountExists: false });
    const short = await accept(invite.token, 'short');
    expect(errorOf(short)).toMatchObject({ code: 'parameter_invalid', param: 'password' });
    const joined = await accept(invite.token, 'a long enough password');
    const browser = browserOf(h.app, joined);
    expect(dataOf<{ workspace: { id: string }; account: { email: string } }>(await browser.call('GET', '/dashboard/api/session'))).toMatchObject({
      workspace: { id: h.ws.id },
      account: { email: 'new.person@acme.test' },
    });
    expect(dataOf<{ email: string }[]>(await h.alice.call('GET', '/dashboard/api/members')).map((m) => m.email)).toContain('new.person@acme.test');
    const reused = await accept(invite.token, 'a long enough password');
    expect(reused.statusCode).toBe(404);
    expect(errorOf(reused).code).toBe('invite_invalid');
  });

  it('an invited existing account signs in with its password and gains the workspace beside its own', async () => {
    const invite = dataOf<{ token: string }>(await h.bob.call('POST', '/dashboard/api/invites', { email: 'alice0@acme.test' }));
    expect(dataOf<{ accountExists: boolean }>(await h.app.inject({ method: 'GET', url: `/dashboard/api/invites/token/${invite.token}` })).accountExists).toBe(true);
    expect(errorOf(await accept(invite.token, 'wrong password!')).code).toBe('sign_in_failed');
    const joined = browserOf(h.app, await accept(invite.token, PASSWORD));
    const session = dataOf<{ workspace: { id: string }; workspaces: { id: string }[] }>(await joined.call('GET', '/dashboard/api/session'));
    expect(session.workspace.id).toBe(h.other.id);
    expect(session.workspaces.map((ws) => ws.id).sort()).toEqual([h.ws.id, h.other.id].sort());
  });

  it('refuses unknown and expired links, and revoked invites', async () => {
    expect(errorOf(await h.app.inject({ method: 'GET', url: '/dashboard/api/invites/token/nope' })).code).toBe('invite_invalid');
    const expired = dataOf<{ id: string; token: string }>(await h.alice.call('POST', '/dashboard/api/invites', { email: 'late@acme.test' }));
    await h.storage.db.updateTable('dashboard_invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expired.id).execute();
    expect(errorOf(await accept(expired.token, 'a long enough password')).code).toBe('invite_invalid');
    const revoked = dataOf<{ id: string; token: string }>(await h.alice.call('POST', '/dashboard/api/invites', { email: 'gone@acme.test' }));
    expect(errorOf(await h.bob.call('DELETE', `/dashboard/api/invites/${revoked.id}`)).code).toBe('not_found');
    dataOf(await h.alice.call('DELETE', `/dashboard/api/invites/${revoked.id}`));
    expect(errorOf(await accept(revoked.token, 'a long enough password')).code).toBe('invite_invalid');
  });

  it('lists members of the current workspace only', async () => {
    await createAccount(h.storage, { email: 'zed@globex.test', password: PASSWORD, workspaceId: h.other.id });
    expect(dataOf<{ email: string }[]>(await h.alice.call('GET', '/dashboard/api/members')).map((m) => m.email)).not.toContain('zed@globex.test');
  });
});
