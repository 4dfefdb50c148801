import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Webhooks (docs/webhooks.md): endpoints per workspace and mode; the outbox, one delivery row per
 * (event, endpoint), written in the transaction of the change it reports; and the log of every
 * attempt. `seq` orders deliveries by creation, which is the per-object delivery order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('webhook_endpoints')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    // A JSON array of event types, or '*' for all.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', t.int, (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_scope').ifNotExists().on('webhook_endpoints').columns(['workspace_id', 'mode']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .ifNotExists()
    .addColumn('seq', t.postgres ? 'bigserial' : 'integer', (c) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // pending (waiting or in flight under a lease), succeeded, failed (retries exhausted).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', t.int, (c) => c.notNull())
    .addColumn('retry_index', t.int, (c) => c.notNull())
    .addColumn('next_attempt_at', t.int, (c) => c.notNull())
    .addColumn('lease_until', t.int, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Only pending rows are indexed by endpoint: the sender's claims read these, in creation order.
  await sql`CREATE INDEX IF NOT EXISTS webhook_deliveries_pending ON webhook_deliveries (endpoint_id, seq) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS webhook_deliveries_pending_object ON webhook_deliveries (endpoint_id, object_key, seq) WHERE status = 'pending'`.execute(db);
  await db.schema.createIndex('webhook_deliveries_endpoint').ifNotExists().on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', t.int)
    .addColumn('latency_ms', t.int, (c) => c.notNull())
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery').ifNotExists().on('webhook_attempts').columns(['delivery_id', 'attempted_at']).execute();
  await db.schema.createIndex('webhook_attempts_time').ifNotExists().on('webhook_attempts').columns(['attempted_at']).execute();
}
