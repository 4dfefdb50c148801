import type { Storage } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';
import { webhookDb, type WebhookAttemptsTable, type WebhookEndpointsTable } from '../../webhooks/tables.js';

/**
 * Webhook endpoints and their delivery log as stored (migrations 0013 and 0018). Ids are global;
 * every query that follows from an endpoint is scoped by its workspace and mode. What the
 * operations mean (checks, refusals, the subscriptions cache) is webhooks/endpoints.ts's.
 */

/** Which endpoint a write is for: its id, workspace and mode. */
export type EndpointScope = Pick<WebhookEndpointsTable, 'id' | 'workspace_id' | 'mode'>;

export async function insertEndpointRow(storage: Storage, row: WebhookEndpointsTable): Promise<void> {
  await webhookDb(storage.db).insertInto('webhook_endpoints').values(row).execute();
}

/** A workspace's endpoints, by id. */
export function listEndpointRows(storage: Storage, workspaceId: string): Promise<WebhookEndpointsTable[]> {
  return webhookDb(storage.db).selectFrom('webhook_endpoints').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
}

/** The endpoint with this id (in `workspaceId` when given). */
export function findEndpointRow(storage: Storage, id: string, workspaceId?: string): Promise<WebhookEndpointsTable | undefined> {
  let query = webhookDb(storage.db).selectFrom('webhook_endpoints').selectAll().where('id', '=', id);
  if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
  return query.executeTakeFirst();
}

export async function updateEndpointRow(
  storage: Storage,
  endpoint: EndpointScope,
  patch: Partial<Omit<WebhookEndpointsTable, 'id' | 'workspace_id' | 'mode' | 'created_at'>>,
): Promise<void> {
  await webhookDb(storage.db)
    .updateTable('webhook_endpoints')
    .set(patch)
    .where('id', '=', endpoint.id)
    .where('workspace_id', '=', endpoint.workspace_id)
    .where('mode', '=', endpoint.mode)
    .execute();
}

/** Deletes the endpoint; its deliveries and attempts go by the foreign keys' cascade. */
export async function deleteEndpointRow(storage: Storage, endpoint: EndpointScope): Promise<void> {
  await webhookDb(storage.db).deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).where('workspace_id', '=', endpoint.workspace_id).where('mode', '=', endpoint.mode).execute();
}

/** The endpoint's latest deliveries, newest first, with the successful attempt kept on each row (migration 0018). */
export function listDeliveryRows(storage: Storage, endpoint: EndpointScope, limit: number) {
  return webhookDb(storage.db)
    .selectFrom('webhook_deliveries')
    .select(['id', 'type', 'status', 'attempts', 'next_attempt_at', 'created_at', 'attempted_at', 'status_code', 'latency_ms', 'response_excerpt'])
    .where('endpoint_id', '=', endpoint.id)
    .where('workspace_id', '=', endpoint.workspace_id)
    .where('mode', '=', endpoint.mode)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

/** The recorded (failed, or replayed) attempts of these deliveries of the endpoint, oldest first. */
export function listAttemptRows(storage: Storage, endpoint: Pick<EndpointScope, 'workspace_id' | 'mode'>, deliveryIds: readonly string[]): Promise<WebhookAttemptsTable[]> {
  return webhookDb(storage.db)
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .where('workspace_id', '=', endpoint.workspace_id)
    .where('mode', '=', endpoint.mode)
    .orderBy('attempted_at')
    .execute();
}

/** The JSON bodies of a workspace's deliveries, by delivery id: the request each one sends. */
export async function deliveryBodies(storage: Storage, workspaceId: string, deliveryIds: readonly string[]): Promise<Map<string, string>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await webhookDb(storage.db)
    .selectFrom('webhook_deliveries')
    .select(['id', 'body'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', deliveryIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.body]));
}

/** A delivery sent again: pending now, from the start of the retry schedule, with no lease. */
function replayed() {
  return { status: 'pending' as const, retry_index: 0, next_attempt_at: Date.now(), lease_until: 0, updated_at: nowIso() };
}

/**
 * Makes a delivery pending again from the start of its retry schedule, in one transaction. A
 * success kept on its row becomes an attempt row first, so the log keeps it. Answers how many
 * deliveries were queued, or undefined when there is no such delivery (in `workspaceId`, when given).
 */
export async function replayDeliveryRow(storage: Storage, deliveryId: string, workspaceId?: string): Promise<number | undefined> {
  return storage.transaction(async (tx) => {
      const trx = webhookDb(tx.db);
      let query = trx
        .selectFrom('webhook_deliveries')
        .select(['id', 'endpoint_id', 'workspace_id', 'mode', 'attempted_at', 'status_code', 'latency_ms', 'response_excerpt'])
        .where('id', '=', deliveryId);
      if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      // A success kept on the row (migration 0018) becomes an attempt row of its own, so the log
      // keeps it when the replay's own attempts are recorded.
      if (row.attempted_at !== null) {
        await trx
          .insertInto('webhook_attempts')
          .values({
            id: newId('wha'),
            delivery_id: row.id,
            endpoint_id: row.endpoint_id,
            workspace_id: row.workspace_id,
            mode: row.mode,
            attempted_at: row.attempted_at,
            status_code: row.status_code,
            latency_ms: row.latency_ms ?? 0,
            response_excerpt: row.response_excerpt,
            error: null,
          })
          .execute();
      }
      const result = await trx
        .updateTable('webhook_deliveries')
        .set({ ...replayed(), attempted_at: null, status_code: null, latency_ms: null, response_excerpt: null })
        .where('id', '=', deliveryId)
        .where('workspace_id', '=', row.workspace_id)
        .where('mode', '=', row.mode)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
}

/** Makes every failed delivery of the endpoint created at or after `since` pending again; answers how many. */
export async function replayFailedDeliveryRows(storage: Storage, endpoint: EndpointScope, since: Date): Promise<number> {
  const result = await webhookDb(storage.db)
    .updateTable('webhook_deliveries')
    .set(replayed())
    .where('endpoint_id', '=', endpoint.id)
    .where('workspace_id', '=', endpoint.workspace_id)
    .where('mode', '=', endpoint.mode)
    .where('status', '=', 'failed')
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The id of the endpoint's latest delivery of an object key. */
export async function latestDeliveryId(storage: Storage, endpointId: string, objectKey: string): Promise<string> {
  const row = await webhookDb(storage.db)
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('object_key', '=', objectKey)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows the prune reads or deletes per transaction: a large log never holds the server for long (SQLite). */
const PRUNE_PART = 1_000;

/**
 * Drops finished deliveries and attempts older than the retention (the server's hourly prune), a
 * part at a time, each part its own transaction with other requests served between them
 * (docs/decisions.md, "Storage and hot writes"). Attempts go by their time, which is indexed.
 * Deliveries are walked oldest first along their primary key, `partSize` rows a part, up to the
 * first created after the cutoff: no index on their time, which every delivery's writes would
 * pay for, and no read of the rows after the cutoff, as a `WHERE updated_at < …` scan read them
 * all (2.2 s with 2,000,000 deliveries on SQLite, every hour). A row created before the cutoff
 * but pending, or replayed since, stays.
 */
export async function pruneWebhookLog(storage: Storage, now: Date, retentionMs: number, partSize = PRUNE_PART): Promise<void> {
  const before = new Date(now.getTime() - retentionMs).toISOString();
  for (let removed = partSize; removed === partSize; ) {
    removed = await storage.transaction(async ({ db }) => {
      const w = webhookDb(db);
      const oldest = w.selectFrom('webhook_attempts').select('id').where('attempted_at', '<', before).orderBy('attempted_at').limit(partSize);
      return Number((await w.deleteFrom('webhook_attempts').where('id', 'in', oldest).executeTakeFirst()).numDeletedRows);
    });
  }
  for (let after: number | undefined = 0; after !== undefined; ) {
    const from: number = after;
    after = await storage.transaction(async ({ db }) => {
      const w = webhookDb(db);
      const rows = await w.selectFrom('webhook_deliveries').select(['seq', 'created_at']).where('seq', '>', from).orderBy('seq').limit(partSize).execute();
      const last = rows.at(-1);
      if (last === undefined) return undefined;
      await w.deleteFrom('webhook_deliveries').where('seq', '>', from).where('seq', '<=', last.seq).where('status', '!=', 'pending').where('updated_at', '<', before).execute();
      return rows.length < partSize || last.created_at >= before ? undefined : last.seq;
    });
  }
}
