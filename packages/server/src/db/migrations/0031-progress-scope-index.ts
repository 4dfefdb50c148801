import type { Kysely } from 'kysely';

/**
 * A workspace's progress rows are indexed by every column that names one user's progress
 * (workspace, flow, mode, workspace key, user), not by the workspace alone (docs/decisions.md,
 * "PostgreSQL writes (measured)"). On PostgreSQL a prepared statement keeps one plan for any
 * values, made from the statistics of the moment; on a table with no rows yet, `progress_workspace`
 * (workspace_id) looked as cheap as `progress_identity`, and the plan a new server made for its
 * first writes walked every user of the workspace on each of them (175 buffers a write, measured)
 * until autovacuum's ANALYZE replanned it, up to a minute later. Now every index a progress read
 * or write can take seeks its row. The index still serves what `progress_workspace` was kept
 * for: a workspace's rows, for the cascade when a workspace is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('progress_scope').on('progress').columns(['workspace_id', 'flow_id', 'mode', 'workspace_key', 'user_id']).execute();
  await db.schema.dropIndex('progress_workspace').execute();
}
