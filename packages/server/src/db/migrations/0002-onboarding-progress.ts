import type { Kysely } from 'kysely';

/** Hosted onboarding progress, reported outcomes, and distinct active users per day. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('progress')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('flow_id', 'text', (col) => col.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('workspace_key', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('revision_id', 'text', (col) => col.notNull())
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('dismissed_at', 'text')
    .addColumn('snoozed_until', 'text')
    .addColumn('updated_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('progress_identity', ['flow_id', 'mode', 'workspace_key', 'user_id'])
    .execute();
  await db.schema.createIndex('progress_workspace').on('progress').columns(['workspace_id', 'mode', 'flow_id']).execute();

  await db.schema
    .createTable('outcomes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('flow_id', 'text', (col) => col.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('workspace_key', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .addColumn('completed_item_ids', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('outcomes_flow').on('outcomes').columns(['workspace_id', 'mode', 'flow_id', 'created_at']).execute();

  await db.schema
    .createTable('active_users_daily')
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    /** A hash of the end user's identity, never the identity itself. */
    .addColumn('user_hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('active_users_daily_pk', ['workspace_id', 'mode', 'service', 'day', 'resource_id', 'user_hash'])
    .execute();
}
