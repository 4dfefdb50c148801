import type { Kysely } from 'kysely';

/**
 * The operator dashboard (docs/dashboard.md): an account may belong to several workspaces
 * (`account_workspaces`, filled from each account's first workspace), a session remembers the
 * workspace it acts on, invites join an email to a workspace, and API keys remember when they
 * were last looked up. Schema builder only, so it reads the same on PostgreSQL.
 */
interface Tables {
  accounts: { id: string; workspace_id: string; created_at: string };
  account_workspaces: { account_id: string; workspace_id: string; created_at: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_workspaces')
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('account_workspaces_pk', ['account_id', 'workspace_id'])
    .execute();
  await db.schema.createIndex('account_workspaces_workspace').on('account_workspaces').column('workspace_id').execute();
  await (db as unknown as Kysely<Tables>)
    .insertInto('account_workspaces')
    .columns(['account_id', 'workspace_id', 'created_at'])
    .expression((eb) => eb.selectFrom('accounts').select(['id', 'workspace_id', 'created_at']))
    .execute();

  await db.schema.alterTable('dashboard_sessions').addColumn('current_workspace_id', 'text').execute();

  await db.schema
    .createTable('dashboard_invites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** SHA-256 of the token in the invite link; the token itself is shown once. */
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('invited_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('dashboard_invites_workspace').on('dashboard_invites').column('workspace_id').execute();

  await db.schema.alterTable('api_keys').addColumn('last_used_at', 'text').execute();
}
