import { randomBytes } from 'node:crypto';
import type { Storage } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';
import { listMemberships, sha256 } from '../platform/accounts.js';

/**
 * Dashboard sessions (docs/dashboard-api.md): a random cookie value of which only the SHA-256
 * is stored, a per-session CSRF token, and the workspace the session acts on.
 */

export interface DashboardSession {
  tokenHash: string;
  account: { id: string; email: string };
  csrfToken: string;
  expiresAt: string;
  /** The workspace the session acts on; always one the account belongs to. */
  workspace: { id: string; name: string; plan: string };
  workspaces: { id: string; name: string; plan: string }[];
}

export async function openSession(storage: Storage, accountId: string, workspaceId: string, ttlMs: number): Promise<{ token: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await storage.db.insertInto('dashboard_sessions')
    .values({
      token_hash: sha256(token),
      account_id: accountId,
      csrf_token: randomBytes(24).toString('base64url'),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttlMs).toISOString(),
      current_workspace_id: workspaceId,
    })
    .execute();
  return { token };
}

/**
 * The live session of a cookie value, or undefined when unknown or expired. A session whose
 * workspace the account has left falls back to its first workspace; one with none is signed out.
 */
export async function readSession(storage: Storage, token: string, now = new Date()): Promise<DashboardSession | undefined> {
  const tokenHash = sha256(token);
  const row = await storage.db.selectFrom('dashboard_sessions')
    .innerJoin('accounts', 'accounts.id', 'dashboard_sessions.account_id')
    .select(['accounts.id', 'accounts.email', 'dashboard_sessions.csrf_token', 'dashboard_sessions.expires_at', 'dashboard_sessions.current_workspace_id'])
    .where('dashboard_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  const workspaces = (await listMemberships(storage, row.id)).map(({ id, name, plan }) => ({ id, name, plan }));
  const workspace = workspaces.find((ws) => ws.id === row.current_workspace_id) ?? workspaces[0];
  if (workspace === undefined) return undefined;
  return { tokenHash, account: { id: row.id, email: row.email }, csrfToken: row.csrf_token, expiresAt: row.expires_at, workspace, workspaces };
}

export async function closeSession(storage: Storage, tokenHash: string): Promise<void> {
  await storage.db.deleteFrom('dashboard_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function setSessionWorkspace(storage: Storage, tokenHash: string, workspaceId: string): Promise<void> {
  await storage.db.updateTable('dashboard_sessions').set({ current_workspace_id: workspaceId }).where('token_hash', '=', tokenHash).execute();
}

/** Drops expired sessions and invites (the server's hourly prune). */
export async function pruneDashboardSessions(storage: Storage, now: Date): Promise<void> {
  await storage.db.deleteFrom('dashboard_sessions').where('expires_at', '<=', now.toISOString()).execute();
  await storage.db.deleteFrom('dashboard_invites').where('expires_at', '<=', now.toISOString()).execute();
}

export interface Invite {
  id: string;
  email: string;
  workspaceId: string;
  workspaceName: string;
  createdAt: string;
  expiresAt: string;
}

export async function createInvite(storage: Storage, input: { workspaceId: string; email: string; invitedBy: string; ttlMs: number }): Promise<{ invite: Omit<Invite, 'workspaceName'>; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const invite = {
    id: newId('inv'),
    email: input.email.trim().toLowerCase(),
    workspaceId: input.workspaceId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + input.ttlMs).toISOString(),
  };
  await storage.db.insertInto('dashboard_invites')
    .values({ id: invite.id, token_hash: sha256(token), workspace_id: invite.workspaceId, email: invite.email, invited_by: input.invitedBy, created_at: invite.createdAt, expires_at: invite.expiresAt, used_at: null })
    .execute();
  return { invite, token };
}

/** The unused, unexpired invite of a link's token. */
export async function findInvite(storage: Storage, token: string, now = new Date()): Promise<Invite | undefined> {
  const row = await storage.db.selectFrom('dashboard_invites')
    .innerJoin('workspaces', 'workspaces.id', 'dashboard_invites.workspace_id')
    .select(['dashboard_invites.id', 'dashboard_invites.email', 'dashboard_invites.workspace_id', 'workspaces.name', 'dashboard_invites.created_at', 'dashboard_invites.expires_at', 'dashboard_invites.used_at'])
    .where('dashboard_invites.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  return { id: row.id, email: row.email, workspaceId: row.workspace_id, workspaceName: row.name, createdAt: row.created_at, expiresAt: row.expires_at };
}

/** Marks an invite used; false when it was used in the meantime (two tabs accepting at once). */
export async function useInvite(storage: Storage, id: string): Promise<boolean> {
  const result = await storage.db.updateTable('dashboard_invites').set({ used_at: nowIso() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listInvites(storage: Storage, workspaceId: string, now = new Date()): Promise<{ id: string; email: string; createdAt: string; expiresAt: string; invitedBy: string | null }[]> {
  const rows = await storage.db.selectFrom('dashboard_invites')
    .leftJoin('accounts', 'accounts.id', 'dashboard_invites.invited_by')
    .select(['dashboard_invites.id', 'dashboard_invites.email', 'dashboard_invites.created_at', 'dashboard_invites.expires_at', 'accounts.email as inviter'])
    .where('dashboard_invites.workspace_id', '=', workspaceId)
    .where('dashboard_invites.used_at', 'is', null)
    .where('dashboard_invites.expires_at', '>', now.toISOString())
    .orderBy('dashboard_invites.created_at', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, createdAt: row.created_at, expiresAt: row.expires_at, invitedBy: row.inviter }));
}

export async function deleteInvite(storage: Storage, workspaceId: string, id: string): Promise<boolean> {
  const result = await storage.db.deleteFrom('dashboard_invites').where('id', '=', id).where('workspace_id', '=', workspaceId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listMembers(storage: Storage, workspaceId: string): Promise<{ accountId: string; email: string; joinedAt: string }[]> {
  const rows = await storage.db.selectFrom('account_workspaces')
    .innerJoin('accounts', 'accounts.id', 'account_workspaces.account_id')
    .select(['accounts.id', 'accounts.email', 'account_workspaces.created_at'])
    .where('account_workspaces.workspace_id', '=', workspaceId)
    .orderBy('account_workspaces.created_at')
    .execute();
  return rows.map((row) => ({ accountId: row.id, email: row.email, joinedAt: row.created_at }));
}
