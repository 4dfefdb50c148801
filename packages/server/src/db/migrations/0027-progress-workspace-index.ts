import type { Kysely } from 'kysely';

/**
 * One user's progress is found through `progress_identity` alone (docs/decisions.md, "PostgreSQL
 * writes (measured)"). `progress_workspace` covered (workspace, mode, flow), three of the five
 * columns a progress read and write name: on PostgreSQL, before the table had statistics, the
 * plan a prepared statement keeps for any values took it and walked every user of the flow on
 * each write, so writes slowed as users came (2,100 to 600 writes/s in 15 s). It keeps what
 * only it serves: a workspace's rows, for the cascade when a workspace is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('progress_workspace').execute();
  await db.schema.createIndex('progress_workspace').on('progress').column('workspace_id').execute();
}
