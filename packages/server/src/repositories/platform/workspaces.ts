
import type { Storage, Db } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';
import type { WorkspacesTable } from '../../db/schema.js';

export type Plan = WorkspacesTable['plan'];
export const PLANS: readonly Plan[] = ['free', 'byo', 'hosted'];

export interface Workspace {
  id: string;
  name: string;
  plan: Plan;
  createdAt: string;
}

/** A new workspace, on the free plan, with no keys (`initWorkspace` in workspace-setup.ts adds them). */
export function createWorkspace(storage: Storage, name: string): Promise<Workspace> {
  return insertWorkspace(storage.db, name);
}

/** {@link createWorkspace} on `db`: the storage's, or a transaction's (`tx.db`). */
export async function insertWorkspace(db: Db, name: string): Promise<Workspace> {
  const workspace: Workspace = { id: newId('ws'), name, plan: 'free', createdAt: nowIso() };
  await db.insertInto('workspaces').values({ id: workspace.id, name, plan: workspace.plan, created_at: workspace.createdAt }).execute();
  return workspace;
}

export async function findWorkspace(storage: Storage, id: string): Promise<Workspace | undefined> {
  const row = await storage.db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, name: row.name, plan: row.plan, createdAt: row.created_at };
}

export async function listWorkspaces(storage: Storage): Promise<Workspace[]> {
  const rows = await storage.db.selectFrom('workspaces').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, plan: row.plan, createdAt: row.created_at }));
}

/** Sets the plan; returns false when no workspace has that id. */
export async function setWorkspacePlan(storage: Storage, id: string, plan: Plan): Promise<boolean> {
  const result = await storage.db.updateTable('workspaces').set({ plan }).where('id', '=', id).executeTakeFirst();
  // Resolved keys carry their workspace's plan (auth/key-cache.ts).
  storage.changes.announce({ topic: 'keys' });
  return result.numUpdatedRows > 0n;
}
