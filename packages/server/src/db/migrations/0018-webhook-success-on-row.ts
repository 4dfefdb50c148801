import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * A delivery's successful attempt is kept on its own row (docs/decisions.md, "Webhook delivery
 * cost (measured)"): the UPDATE that marks it delivered also stores when it was attempted, the
 * status, the latency and the response excerpt, so a delivery that succeeds writes no
 * `webhook_attempts` row (and none of that table's index entries). Failed attempts are still
 * rows of `webhook_attempts`; the delivery log reads both (webhooks/endpoints.ts). Null until
 * the delivery succeeds. Schema builder only, so it reads the same on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('webhook_deliveries').addColumn('attempted_at', 'text').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('status_code', t.int).execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('latency_ms', t.int).execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('response_excerpt', 'text').execute();
}
