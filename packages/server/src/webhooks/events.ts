import type { KeyMode, WebhookEventData, WebhookEventType } from '@inlay/core';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { changesOf } from '../db/changes.js';
import { dialectOf } from '../db/dialect.js';
import { compile, perDatabase, type Param, type Tx } from '../db/statements.js';
import { newId, nowIso } from '../db/ids.js';
import { webhookDb } from './tables.js';

/**
 * The transactional outbox (docs/webhooks.md). `recordEvent` writes one delivery row per enabled
 * endpoint of the workspace and mode that subscribes to the event's type, through the caller's
 * `Tx`, so it joins the caller's transaction (`transaction()` in db/statements.ts). A rollback
 * takes the rows with it.
 *
 * Which endpoints subscribe is kept in memory, so a vote with no endpoint subscribed costs a map
 * lookup (and, on SQLite, one `PRAGMA data_version`). The index is rebuilt when this process
 * changes an endpoint (`invalidateSubscriptions`), when SQLite's data version says another
 * connection — the `inlay webhooks` CLI — committed (a CLI change applies to the next event
 * after its commit), and on PostgreSQL when another instance or the CLI announces a change
 * (see db/postgres/changes.ts).
 */

interface Subscriber {
  id: string;
  /** Undefined: every type. */
  types: ReadonlySet<string> | undefined;
}

class SubscriptionIndex {
  #dataVersion = -1;
  #generation = 0;
  #builtGeneration = -1;
  #byScope = new Map<string, Subscriber[]>();

  invalidate(): void {
    this.#generation += 1;
  }

  async subscribers(db: Db, tx: Tx, workspaceId: string, mode: KeyMode, type: string): Promise<Subscriber[]> {
    const statements = indexStatements(db);
    const version = statements.dataVersion === undefined ? 0 : Number((await statements.dataVersion.get(tx, {}))?.data_version ?? 0);
    if (version !== this.#dataVersion || this.#generation !== this.#builtGeneration) {
      const generation = this.#generation;
      const byScope = new Map<string, Subscriber[]>();
      for (const row of await statements.enabled.all(tx, { on: 1 })) {
        const key = `${row.workspace_id}\u0000${row.mode}`;
        const types = row.events === '*' ? undefined : new Set(JSON.parse(row.events) as string[]);
        byScope.set(key, [...(byScope.get(key) ?? []), { id: row.id, types }]);
      }
      this.#byScope = byScope;
      this.#dataVersion = version;
      this.#builtGeneration = generation;
    }
    const all = this.#byScope.get(`${workspaceId}\u0000${mode}`);
    if (all === undefined) return [];
    return all.filter((subscriber) => subscriber.types === undefined || subscriber.types.has(type));
  }
}

const indexes = perDatabase((db) => {
  const index = new SubscriptionIndex();
  changesOf(db).subscribe((change) => {
    if (change.topic === 'webhooks' || change.topic === 'all') index.invalidate();
  });
  return index;
});

const indexStatements = perDatabase((db) => {
  const wdb = webhookDb(db);
  return {
    dataVersion:
      dialectOf(db) === 'sqlite' ? compile(db, () => ({ compile: () => sql<{ data_version: number }>`PRAGMA data_version`.compile(db) })) : undefined,
    enabled: compile(db, (p: Param<'on'>) => wdb.selectFrom('webhook_endpoints').select(['id', 'workspace_id', 'mode', 'events']).where('enabled', '=', p('on'))),
    insert: compile(db, (p: Param<'id' | 'endpointId' | 'workspaceId' | 'mode' | 'type' | 'objectKey' | 'body' | 'now' | 'nowMs' | 'status' | 'zero'>) =>
      wdb.insertInto('webhook_deliveries').values({
        id: p('id'),
        endpoint_id: p('endpointId'),
        workspace_id: p('workspaceId'),
        mode: p('mode'),
        type: p('type'),
        object_key: p('objectKey'),
        body: p('body'),
        status: p('status'),
        attempts: p('zero'),
        retry_index: p('zero'),
        next_attempt_at: p('nowMs'),
        lease_until: p('zero'),
        created_at: p('now'),
        updated_at: p('now'),
      }),
    ),
  };
});

/** An endpoint changed: the next event rebuilds the index, in this process and every other instance (db/changes.ts). */
export function invalidateSubscriptions(db: Db): void {
  indexes(db);
  changesOf(db).announce({ topic: 'webhooks' });
}

/** Hears the endpoints a delivery was just written for (not yet committed). */
type Listener = (endpointIds: readonly string[]) => void;
const listeners = perDatabase((): Set<Listener> => new Set());

/** The sender asks to hear of recorded events, to look for them once they are committed. */
export function onEventRecorded(db: Db, listener: Listener): () => void {
  const set = listeners(db);
  set.add(listener);
  return () => set.delete(listener);
}

export interface RecordedEvent<T extends WebhookEventType> {
  type: T;
  /** Everything the event carries; `workspaceId` and `mode` scope it. */
  data: WebhookEventData<T>;
  /** Events of one object key reach an endpoint in the order they were recorded. */
  objectKey: string;
}

/**
 * Writes the event to the outbox for every enabled endpoint of its workspace and mode that
 * subscribes to it. Synchronous, inside the caller's transaction (see above). Answers how many
 * deliveries were written.
 */
export async function recordEvent<T extends WebhookEventType>(db: Db, tx: Tx, event: RecordedEvent<T>): Promise<number> {
  const { workspaceId, mode } = event.data as { workspaceId: string; mode: KeyMode };
  const subscribers = await indexes(db).subscribers(db, tx, workspaceId, mode, event.type);
  return writeDeliveries(db, tx, { workspaceId, mode, type: event.type, objectKey: event.objectKey, data: event.data }, subscribers.map((s) => s.id));
}

/**
 * Flows, boards and importers are shared by both modes: their events are recorded once per mode,
 * each with its own `mode`, for that mode's endpoints.
 */
export async function recordSharedEvent<T extends 'flow.published' | 'board.published' | 'importer.published'>(
  db: Db,
  tx: Tx,
  event: { type: T; data: Omit<WebhookEventData<T>, 'mode'>; objectKey: string },
): Promise<number> {
  let written = 0;
  for (const mode of ['test', 'live'] as const) {
    written += await recordEvent(db, tx, { type: event.type, objectKey: event.objectKey, data: { ...event.data, mode } as WebhookEventData<T> });
  }
  return written;
}

/** Writes one delivery per endpoint id; also what `send-test` uses for its one endpoint. */
export async function writeDeliveries(
  db: Db,
  tx: Tx,
  event: { workspaceId: string; mode: KeyMode; type: string; objectKey: string; data: unknown },
  endpointIds: readonly string[],
): Promise<number> {
  if (endpointIds.length === 0) return 0;
  const { insert } = indexStatements(db);
  const now = new Date();
  const timestamp = now.toISOString();
  const body = JSON.stringify({ type: event.type, timestamp, data: event.data });
  for (const endpointId of endpointIds) {
    await insert.write(tx, {
      id: newId('msg'),
      endpointId,
      workspaceId: event.workspaceId,
      mode: event.mode,
      type: event.type,
      objectKey: event.objectKey,
      body,
      now: nowIso(),
      nowMs: now.getTime(),
      status: 'pending',
      zero: 0,
    });
  }
  // Heard after the caller's commit: the listener looks on a later turn, through the same queue.
  for (const listener of listeners(db)) listener(endpointIds);
  return endpointIds.length;
}
