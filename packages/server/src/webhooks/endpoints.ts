import { WEBHOOK_EVENT_TYPES, type KeyMode, type WebhookEventType } from '@inlay/core';
import type { Storage } from '../db/connect.js';
import { newId, nowIso } from '../db/ids.js';
import { findWorkspace } from '../repositories/platform/workspaces.js';
import {
  deleteEndpointRow,
  deliveryBodies,
  findEndpointRow,
  insertEndpointRow,
  latestDeliveryId,
  listAttemptRows,
  listDeliveryRows,
  listEndpointRows,
  replayDeliveryRow,
  replayFailedDeliveryRows,
  updateEndpointRow,
} from '../repositories/webhooks/endpoints.js';
import { invalidateSubscriptions, writeDeliveries } from './events.js';
import { newWebhookSecret, SECRET_OVERLAP_MS } from './signing.js';
import { checkTargetUrl, TargetRefused } from './targets.js';
import type { DeliveryStatus, WebhookEndpointsTable } from './tables.js';

/**
 * Webhook endpoints and their delivery log: the operations the `inlay webhooks` CLI runs, and a
 * dashboard would (docs/webhooks.md). Ids are global; every query that follows from one is scoped
 * by the endpoint's workspace and mode (repositories/webhooks/endpoints.ts). `workspaceId`, when
 * given, must own the endpoint.
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

/**
 * `all`, a list, or nothing (all). Unknown types are refused. A comma-separated string (the CLI's
 * `--events`) is trimmed and its empty parts skipped; a JSON list (the dashboard's) is taken as
 * sent, so a blank or padded entry is an unknown type rather than dropped.
 */
export function parseEventTypes(value: string | readonly string[] | undefined): WebhookEventType[] | '*' {
  if (value === undefined || value === '*' || value === 'all') return '*';
  const list = typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : [...value];
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
  const workspace = await findWorkspace(storage, input.workspaceId);
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
  await insertEndpointRow(storage, row);
  invalidateSubscriptions(storage);
  return { id: row.id, url: row.url, events, mode: row.mode, secret: row.secret };
}

export async function listEndpoints(storage: Storage, workspaceId: string): Promise<EndpointSummary[]> {
  const rows = await listEndpointRows(storage, workspaceId);
  return rows.map(toSummary);
}

async function findEndpoint(storage: Storage, id: string, workspaceId?: string): Promise<WebhookEndpointsTable> {
  const row = await findEndpointRow(storage, id, workspaceId);
  if (!row) throw new WebhookInputError(`no webhook endpoint ${id}`);
  return row;
}

/** Enabling also forgets the failure streak, so the 5-day clock starts again. */
export async function setEndpointEnabled(storage: Storage, id: string, enabled: boolean, workspaceId?: string): Promise<EndpointSummary> {
  const row = await findEndpoint(storage, id, workspaceId);
  const patch = { enabled: enabled ? 1 : 0, disabled_reason: enabled ? null : 'disabled by an operator', failing_since: null, updated_at: nowIso() };
  await updateEndpointRow(storage, row, patch);
  invalidateSubscriptions(storage);
  return toSummary({ ...row, ...patch });
}

/** Changes which event types the endpoint subscribes to (`'*'`: all); later events only. */
export async function setEndpointEvents(storage: Storage, id: string, events: WebhookEventType[] | '*', workspaceId?: string): Promise<EndpointSummary> {
  const row = await findEndpoint(storage, id, workspaceId);
  const patch = { events: events === '*' ? '*' : JSON.stringify(events), updated_at: nowIso() };
  await updateEndpointRow(storage, row, patch);
  invalidateSubscriptions(storage);
  return toSummary({ ...row, ...patch });
}

/** Deletes the endpoint with its deliveries and attempts. */
export async function deleteEndpoint(storage: Storage, id: string, workspaceId?: string): Promise<void> {
  const row = await findEndpoint(storage, id, workspaceId);
  await deleteEndpointRow(storage, row);
  invalidateSubscriptions(storage);
}

/** A new secret signs from now on; the old one signs beside it for 24 hours. */
export async function rotateEndpointSecret(storage: Storage, id: string, workspaceId?: string): Promise<{ id: string; secret: string; previousSecretExpiresAt: string }> {
  const row = await findEndpoint(storage, id, workspaceId);
  const secret = newWebhookSecret();
  const previousSecretExpiresAt = new Date(Date.now() + SECRET_OVERLAP_MS).toISOString();
  await updateEndpointRow(storage, row, { secret, previous_secret: row.secret, previous_secret_expires_at: previousSecretExpiresAt, updated_at: nowIso() });
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
  const rows = await listDeliveryRows(storage, endpoint, options.limit ?? 50);
  if (rows.length === 0) return [];
  const attempts = await listAttemptRows(storage, endpoint, rows.map((row) => row.id));
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

/**
 * The endpoint's latest deliveries as {@link listDeliveries} lists them, each with the request it
 * sends (its JSON body): the dashboard's delivery log.
 */
export async function listDeliveriesWithRequests(
  storage: Storage,
  endpointId: string,
  options: { limit?: number; workspaceId: string },
): Promise<(DeliverySummary & { request: { body: string } })[]> {
  const deliveries = await listDeliveries(storage, endpointId, options);
  const bodies = await deliveryBodies(storage, options.workspaceId, deliveries.map((delivery) => delivery.id));
  return deliveries.map((delivery) => ({ ...delivery, request: { body: bodies.get(delivery.id) ?? '' } }));
}

/**
 * Sends a delivery again, with the same `webhook-id` (receivers deduplicate on it) and a fresh
 * retry schedule. Answers how many deliveries were queued.
 */
export async function replayDelivery(storage: Storage, deliveryId: string, workspaceId?: string): Promise<number> {
  const queued = await replayDeliveryRow(storage, deliveryId, workspaceId);
  if (queued === undefined) throw new WebhookInputError(`no webhook delivery ${deliveryId}`);
  return queued;
}

/** Replays every delivery of the endpoint that failed (retries exhausted) and was created at or after `since`. */
export async function replayFailedSince(storage: Storage, endpointId: string, since: Date, workspaceId?: string): Promise<number> {
  const endpoint = await findEndpoint(storage, endpointId, workspaceId);
  return replayFailedDeliveryRows(storage, endpoint, since);
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
  return latestDeliveryId(storage, endpoint.id, objectKey);
}
