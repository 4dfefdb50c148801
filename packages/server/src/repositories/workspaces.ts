import { changesOf } from '../db/changes.js';
import type { Db } from '../db/connect.js';
import { newId, nowIso } from '../db/ids.js';
import type { WorkspacesTable } from '../db/schema.js';

export type Plan = WorkspacesTable['plan'];
export const PLANS: readonly Plan[] = ['free', 'byo', 'hosted'];

export interface Workspace {
  id: string;
  name: string;
  plan: Plan;
  createdAt: string;
}

export async function createWorkspace(db: Db, name: string): Promise<Workspace> {
  const workspace: Workspace = { id: newId('ws'), name, plan: 'free', createdAt: nowIso() };
  await db
    .insertInto('workspaces')
    .values({ id: workspace.id, name, plan: workspace.plan, created_at: workspace.createdAt })
    .execute();
  return workspace;
}

export async function findWorkspace(db: Db, id: string): Promise<Workspace | undefined> {
  const row = await db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, name: row.name, plan: row.plan, createdAt: row.created_at };
}

export async function listWorkspaces(db: Db): Promise<Workspace[]> {
  const rows = await db.selectFrom('workspaces').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, plan: row.plan, createdAt: row.created_at }));
}

/** Sets the plan; returns false when no workspace has that id. */
export async function setWorkspacePlan(db: Db, id: string, plan: Plan): Promise<boolean> {
  const result = await db.updateTable('workspaces').set({ plan }).where('id', '=', id).executeTakeFirst();
  // Resolved keys carry their workspace's plan (auth/key-cache.ts).
  changesOf(db).announce({ topic: 'keys' });
  return result.numUpdatedRows > 0n;
}
