import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/** Workspaces, keys, signing secrets, the draft/publish/revision engine, idempotency, usage. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('plan', 'text', (col) => col.notNull().defaultTo('free'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_workspace').on('api_keys').columns(['workspace_id', 'created_at']).execute();

  await db.schema
    .createTable('signing_secrets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('retired_at', 'text')
    .execute();
  await db.schema
    .createIndex('signing_secrets_workspace_mode')
    .on('signing_secrets')
    .columns(['workspace_id', 'mode', 'created_at'])
    .execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('draft_config', 'text', (col) => col.notNull())
    .addColumn('draft_revision_id', 'text', (col) => col.notNull())
    .addColumn('revision_seq', t.int, (col) => col.notNull())
    .addColumn('published_name', 'text')
    .addColumn('published_config', 'text')
    .addColumn('published_revision_id', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('resources_workspace_kind').on('resources').columns(['workspace_id', 'kind', 'id']).execute();

  await db.schema
    .createTable('revisions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('resource_id', 'text', (col) => col.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('number', t.int, (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('config', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('revisions_resource_number', ['resource_id', 'number'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status_code', t.int)
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['workspace_id', 'mode', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('usage_daily')
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('metric', 'text', (col) => col.notNull())
    .addColumn('count', t.int, (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_daily_pk', ['workspace_id', 'mode', 'service', 'day', 'resource_id', 'metric'])
    .execute();
}
