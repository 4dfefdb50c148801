import { WEBHOOK_EVENT_TYPES, type KeyMode, type WebhookEventType } from '@inlay/core';
import type { Storage } from '../db/connect.js';

import { newId, nowIso } from '../db/ids.js';
import { invalidateSubscriptions, writeDeliveries } from './events.js';
import { newWebhookSecret, SECRET_OVERLAP_MS } from './signing.js';
import { checkTargetUrl, TargetRefused } from './targets.js';
import { webhookDb, type DeliveryStatus, type WebhookEndpointsTable } from './tables.js';

/**
 * Webhook endpoints and their delivery log: the operations the `inlay webhooks` CLI runs, and a
 * dashboard would (docs/webhooks.md). Ids are global; every query that follows from one is scoped
 * by the endpoint's workspace and mode. `workspaceId`, when given, must own the endpoint.
 */

/** A mistake in what was asked (bad URL, unknown event type, unknown id): said to the operator as is. */
export class WebhookInputError extends Error {
  override readonly name = 'WebhookInputError';
}

export interface EndpointSummary {
  id: string;
  workspaceId: string;
  mode: KeyMode;
  url: string;
  /** `'*'`: every type. */
  events: WebhookEventType[] | '*';
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
}

export interface CreatedEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[] | '*';
  mode: KeyMode;
  /** Shown once, at creation; never listed. */
  secret: string;
}

function toSummary(row: WebhookEndpointsTable): EndpointSummary {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    mode: row.mode,
    url: row.url,
    events: row.events === '*' ? '*' : (JSON.parse(row.events) as WebhookEventType[]),
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
  };
}

/** `all`, a list, or nothing (all). Unknown types are refused. */
export function parseEventTypes(value: string | readonly string[] | undefined): WebhookEventType[] | '*' {
  if (value === undefined || value === '*' || value === 'all') return '*';
  const list = (typeof value === 'string' ? value.split(',') : [...value]).map((part) => part.trim()).filter(Boolean);
  if (list.length === 0) throw new WebhookInputError('events must name at least one event type, or be "all"');
  const known = new Set<string>(WEBHOOK_EVENT_TYPES);
  const unknown = list.find((type) => !known.has(type));
  if (unknown !== undefined) throw new WebhookInputError(`unknown event type "${unknown}" (known: ${WEBHOOK_EVENT_TYPES.join(', ')})`);
  return [...new Set(list)] as WebhookEventType[];
}

export async function createEndpoint(
  storage: Storage,
  input: { workspaceId: string; mode: KeyMode; url: string; events?: WebhookEventType[] | '*' },
  policy: { allowPrivateTargets: boolean },
): Promise<CreatedEndpoint> {
  let url: URL;
  try {
    url = checkTargetUrl(input.url, policy.allowPrivateTargets);
  } catch (error) {
    if (error instanceof TargetRefused) throw new WebhookInputError(`--url refused: ${error.message}`);
    throw error;
  }
  const workspace = await storage.db.selectFrom('workspaces').select('id').where('id', '=', input.workspaceId).executeTakeFirst();
  if (!workspace) throw new WebhookInputError(`no workspace ${input.workspaceId}`);
  const events = input.events ?? '*';
  const now = nowIso();
  const row: WebhookEndpointsTable = {
    id: newId('whe'),
    workspace_id: input.workspaceId,
    mode: input.mode,
    url: url.toString(),
    events: events === '*' ? '*' : JSON.stringify(events),
    enabled: 1,
    disabled_reason: null,
    secret: newWebhookSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await webhookDb(storage.db).insertInto('webhook_endpoints').values(row).execute();
  invalidateSubscriptions(storage);
  return { id: row.id, url: row.url, events, mode: row.mode, secret: row.secret };
}

export async function listEndpoints(storage: Storage, workspaceId: string): Promise<EndpointSummary[]> {
  const rows = await webhookDb(storage.db).selectFrom('webhook_endpoints').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
  return rows.map(toSummary);
}

async function findEndpoint(storage: Storage, id: string, workspaceId?: string): Promise<WebhookEndpointsTable> {
  let query = webhookDb(storage.db).selectFrom('webhook_endpoints').selectAll().where('id', '=', id);
  if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
  const row = await query.executeTakeFirst();
  if (!row) throw new WebhookInputError(`no webhook endpoint ${id}`);
  return row;
}

/** Enabling also forgets the failure streak, so the 5-day clock starts again. */
export async function setEndpointEnabled(storage: Storage, id: string, enabled: boolean, workspaceId?: string): Promise<EndpointSummary> {
  const row = await findEndpoint(storage, id, workspaceId);
  const patch = { enabled: enabled ? 1 : 0, disabled_reason: enabled ? null : 'disabled by an operator', failing_since: null, updated_at: nowIso() };
  await webhookDb(storage.db).updateTable('webhook_endpoints').set(patch).where('id', '=', id).where('workspace_id', '=', row.workspace_id).where('mode', '=', row.mode).execute();
  invalidateSubscriptions(storage);
  return toSummary({ ...row, ...patch });
}

/** Changes which event types the endpoint subscribes to (`'*'`: all); later events only. */
export async function setEndpointEvents(storage: Storage, id: string, events: WebhookEventType[] | '*', workspaceId?: string): Promise<EndpointSummary> {
  const row = await findEndpoint(storage, id, workspaceId);
  const patch = { events: events === '*' ? '*' : JSON.stringify(events), updated_at: nowIso() };
  await webhookDb(storage.db).updateTable('webhook_endpoints').set(patch).where('id', '=', id).where('workspace_id', '=', row.workspace_id).where('mode', '=', row.mode).execute();
  invalidateSubscriptions(storage);
  return toSummary({ ...row, ...patch });
}

/** Deletes the endpoint with its deliveries and attempts. */
export async function deleteEndpoint(storage: Storage, id: string, workspaceId?: string): Promise<void> {
  const row = await findEndpoint(storage, id, workspaceId);
  await webhookDb(storage.db).deleteFrom('webhook_endpoints').where('id', '=', id).where('workspace_id', '=', row.workspace_id).where('mode', '=', row.mode).execute();
  invalidateSubscriptions(storage);
}

/** A new secret signs from now on; the old one signs beside it for 24 hours. */
export async function rotateEndpointSecret(storage: Storage, id: string, workspaceId?: string): Promise<{ id: string; secret: string; previousSecretExpiresAt: string }> {
  const row = await findEndpoint(storage, id, workspaceId);
  const secret = newWebhookSecret();
  const previousSecretExpiresAt = new Date(Date.now() + SECRET_OVERLAP_MS).toISOString();
  await webhookDb(storage.db)
    .updateTable('webhook_endpoints')
    .set({ secret, previous_secret: row.secret, previous_secret_expires_at: previousSecretExpiresAt, updated_at: nowIso() })
    .where('id', '=', id)
    .where('workspace_id', '=', row.workspace_id)
    .where('mode', '=', row.mode)
    .execute();
  return { id, secret, previousSecretExpiresAt };
}

export interface AttemptSummary {
  attemptedAt: string;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface DeliverySummary {
  id: string;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  log: AttemptSummary[];
}

/** The endpoint's latest deliveries, newest first, each with its attempts. */
export async function listDeliveries(storage: Storage, endpointId: string, options: { limit?: number; workspaceId?: string } = {}): Promise<DeliverySummary[]> {
  const endpoint = await findEndpoint(storage, endpointId, options.workspaceId);
  const wdb = webhookDb(storage.db);
  const rows = await wdb
    .selectFrom('webhook_deliveries')
    .select(['id', 'type', 'status', 'attempts', 'next_attempt_at', 'created_at', 'attempted_at', 'status_code', 'latency_ms', 'response_excerpt'])
    .where('endpoint_id', '=', endpointId)
    .where('workspace_id', '=', endpoint.workspace_id)
    .where('mode', '=', endpoint.mode)
    .orderBy('seq', 'desc')
    .limit(options.limit ?? 50)
    .execute();
  if (rows.length === 0) return [];
  const attempts = await wdb
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', rows.map((row) => row.id))
    .where('workspace_id', '=', endpoint.workspace_id)
    .where('mode', '=', endpoint.mode)
    .orderBy('attempted_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
    createdAt: row.created_at,
    log: [
      ...attempts
        .filter((attempt) => attempt.delivery_id === row.id)
        .map((attempt) => ({
          attemptedAt: attempt.attempted_at,
          statusCode: attempt.status_code,
          latencyMs: attempt.latency_ms,
          responseExcerpt: attempt.response_excerpt,
          error: attempt.error,
        })),
      // The successful attempt is kept on the delivery's row (migration 0018), after any failures.
      ...(row.attempted_at === null
        ? []
        : [{ attemptedAt: row.attempted_at, statusCode: row.status_code, latencyMs: row.latency_ms ?? 0, responseExcerpt: row.response_excerpt, error: null }]),
    ],
  }));
}

/** A delivery sent again: pending now, from the start of the retry schedule, with no lease. */
function replayed() {
  return { status: 'pending' as const, retry_index: 0, next_attempt_at: Date.now(), lease_until: 0, updated_at: nowIso() };
}

/**
 * Sends a delivery again, with the same `webhook-id` (receivers deduplicate on it) and a fresh
 * retry schedule. Answers how many deliveries were queued.
 */
export async function replayDelivery(storage: Storage, deliveryId: string, workspaceId?: string): Promise<number> {
  return storage.transaction(async (tx) => {
      const trx = webhookDb(tx.db);
      let query = trx
        .selectFrom('webhook_deliveries')
        .select(['id', 'endpoint_id', 'workspace_id', 'mode', 'attempted_at', 'status_code', 'latency_ms', 'response_excerpt'])
        .where('id', '=', deliveryId);
      if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
      const row = await query.executeTakeFirst();
      if (!row) throw new WebhookInputError(`no webhook delivery ${deliveryId}`);
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

/** Replays every delivery of the endpoint that failed (retries exhausted) and was created at or after `since`. */
export async function replayFailedSince(storage: Storage, endpointId: string, since: Date, workspaceId?: string): Promise<number> {
  const endpoint = await findEndpoint(storage, endpointId, workspaceId);
  const result = await webhookDb(storage.db)
    .updateTable('webhook_deliveries')
    .set(replayed())
    .where('endpoint_id', '=', endpointId)
    .where('workspace_id', '=', endpoint.workspace_id)
    .where('mode', '=', endpoint.mode)
    .where('status', '=', 'failed')
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Queues a `webhook.test` event for this endpoint only (whatever it subscribes to). */
export async function sendTestEvent(storage: Storage, endpointId: string, workspaceId?: string): Promise<string> {
  const endpoint = await findEndpoint(storage, endpointId, workspaceId);
  const objectKey = `test:${endpoint.id}`;
  await storage.transaction((tx) =>
      writeDeliveries(
        storage,
        tx,
        { workspaceId: endpoint.workspace_id, mode: endpoint.mode, type: 'webhook.test', objectKey, data: { workspaceId: endpoint.workspace_id, mode: endpoint.mode, endpointId: endpoint.id } },
        [endpoint.id],
      ));
  const row = await webhookDb(storage.db)
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpoint.id)
    .where('object_key', '=', objectKey)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Drops finished deliveries and attempts older than the retention (the server's hourly prune). */
export async function pruneWebhookLog(storage: Storage, now: Date, retentionMs: number): Promise<void> {
  const before = new Date(now.getTime() - retentionMs).toISOString();
  const wdb = webhookDb(storage.db);
  await wdb.deleteFrom('webhook_attempts').where('attempted_at', '<', before).execute();
  await wdb.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('updated_at', '<', before).execute();
}
