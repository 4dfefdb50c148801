import type { KeyMode } from '@inlay/core';
import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

/** Kysely types of migration 0013's tables, kept beside the code that uses them. */
export interface WebhookEndpointsTable {
  id: string;
  workspace_id: string;
  mode: KeyMode;
  url: string;
  /** A JSON array of event types, or '*'. */
  events: string;
  enabled: number;
  disabled_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  seq: Generated<number>;
  /** The `webhook-id`: one per event and endpoint, the same on every retry. */
  id: string;
  endpoint_id: string;
  workspace_id: string;
  mode: KeyMode;
  type: string;
  /** Deliveries of one object key reach an endpoint in creation (`seq`) order. */
  object_key: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  /** Which entry of the retry schedule the next failure waits for. */
  retry_index: number;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  /** Epoch milliseconds; an attempt in flight holds the row until then (0: free). */
  lease_until: number;
  created_at: string;
  updated_at: string;
  /**
   * The successful attempt, kept on the row by the UPDATE that marks it succeeded (migration
   * 0018): null until then. Failed attempts are `webhook_attempts` rows.
   */
  attempted_at: string | null;
  status_code: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  endpoint_id: string;
  workspace_id: string;
  mode: KeyMode;
  attempted_at: string;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export type WebhookTables = {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
};

export type WebhookDb = Kysely<Database & WebhookTables>;

/** The database with the webhook tables typed (they are not in db/schema.ts's `Database`). */
export function webhookDb(db: Db): WebhookDb {
  return db.withTables<WebhookTables>();
}
