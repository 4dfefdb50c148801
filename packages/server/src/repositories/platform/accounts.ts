import { createHash } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { Storage } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';

export interface Account {
  id: string;
  email: string;
  workspaceId: string;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export async function createAccount(storage: Storage, input: { email: string; password: string; workspaceId: string }): Promise<Account> {
  const account = { id: newId('acct'), email: input.email.trim().toLowerCase(), workspaceId: input.workspaceId };
  await storage.db.insertInto('accounts')
    .values({ id: account.id, email: account.email, password_hash: await hashPassword(input.password), workspace_id: input.workspaceId, created_at: nowIso() })
    .execute();
  await addMembership(storage, account.id, input.workspaceId);
  return account;
}

/** The account with this email (as stored: trimmed, lower case), if any. */
export async function findAccountByEmail(storage: Storage, email: string): Promise<Account | undefined> {
  const row = await storage.db.selectFrom('accounts').select(['id', 'email', 'workspace_id']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row && { id: row.id, email: row.email, workspaceId: row.workspace_id };
}

/**
 * Makes the account a member of the workspace (docs/dashboard.md: an account may belong to
 * several). Answers false when it already was.
 */
export async function addMembership(storage: Storage, accountId: string, workspaceId: string): Promise<boolean> {
  const result = await storage.db.insertInto('account_workspaces')
    .values({ account_id: accountId, workspace_id: workspaceId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['account_id', 'workspace_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The workspaces an account belongs to, in the order it joined them. */
export async function listMemberships(storage: Storage, accountId: string): Promise<{ id: string; name: string; plan: string; joinedAt: string }[]> {
  const rows = await storage.db.selectFrom('account_workspaces')
    .innerJoin('workspaces', 'workspaces.id', 'account_workspaces.workspace_id')
    .select(['workspaces.id', 'workspaces.name', 'workspaces.plan', 'account_workspaces.created_at'])
    .where('account_workspaces.account_id', '=', accountId)
    .orderBy('account_workspaces.created_at')
    .orderBy('workspaces.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, plan: row.plan, joinedAt: row.created_at }));
}

/** The account for an email and password, or undefined (same answer for unknown email and wrong password). */
export async function authenticate(storage: Storage, email: string, password: string): Promise<Account | undefined> {
  const row = await storage.db.selectFrom('accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  // Hash even for an unknown email so the response time does not reveal which emails exist.
  const ok = await verifyPassword(password, row?.password_hash ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  return row && ok ? { id: row.id, email: row.email, workspaceId: row.workspace_id } : undefined;
}

