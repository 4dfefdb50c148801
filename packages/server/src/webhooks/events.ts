import type { KeyMode, WebhookEventData, WebhookEventType } from '@inlay/core';
import type { Storage } from '../db/connect.js';

import type { Tx } from '../db/statements.js';
import { eventStatements } from '../repositories/webhooks/outbox.js';
import { perStorage } from '../db/storage.js';
import { newId, nowIso } from '../db/ids.js';
import { queueEmailOf } from '../email/events.js';

/**
 * The transactional outbox (docs/webhooks.md). `recordEvent` writes one delivery row per enabled
 * endpoint of the workspace and mode that subscribes to the event's type, through the caller's
 * `Tx`, so it joins the caller's transaction (`transaction()` in db/statements.ts). A rollback
 * takes the rows with it. The same events that tell of a new status or a team comment also
 * queue their email (email/events.ts), in the same transaction.
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

  async subscribers(storage: Storage, tx: Tx, workspaceId: string, mode: KeyMode, type: string): Promise<Subscriber[]> {
    const statements = eventStatements(storage);
    // Another process's commit (the operator CLI on a SQLite file) may have changed the endpoints.
    const version = await storage.othersVersion(tx);
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

const indexes = perStorage((storage) => {
  const index = new SubscriptionIndex();
  storage.changes.subscribe((change) => {
    if (change.topic === 'webhooks' || change.topic === 'all') index.invalidate();
  });
  return index;
});


/** An endpoint changed: the next event rebuilds the index, in this process and every other instance (db/changes.ts). */
export function invalidateSubscriptions(storage: Storage): void {
  indexes(storage);
  storage.changes.announce({ topic: 'webhooks' });
}

/** Hears the endpoints a delivery was just written for (not yet committed). */
type Listener = (endpointIds: readonly string[]) => void;
const listeners = perStorage((): Set<Listener> => new Set());

/** The sender asks to hear of recorded events, to look for them once they are committed. */
export function onEventRecorded(storage: Storage, listener: Listener): () => void {
  const set = listeners(storage);
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
export async function recordEvent<T extends WebhookEventType>(storage: Storage, tx: Tx, event: RecordedEvent<T>): Promise<number> {
  const { workspaceId, mode } = event.data as { workspaceId: string; mode: KeyMode };
  const subscribers = await indexes(storage).subscribers(storage, tx, workspaceId, mode, event.type);
  await queueEmailOf(storage, tx, event as RecordedEvent<WebhookEventType>);
  return writeDeliveries(storage, tx, { workspaceId, mode, type: event.type, objectKey: event.objectKey, data: event.data }, subscribers.map((s) => s.id));
}


/**
 * Flows, boards and importers are shared by both modes: their events are recorded once per mode,
 * each with its own `mode`, for that mode's endpoints.
 */
export async function recordSharedEvent<T extends 'flow.published' | 'board.published' | 'importer.published'>(
  storage: Storage,
  tx: Tx,
  event: { type: T; data: Omit<WebhookEventData<T>, 'mode'>; objectKey: string },
): Promise<number> {
  let written = 0;
  for (const mode of ['test', 'live'] as const) {
    written += await recordEvent(storage, tx, { type: event.type, objectKey: event.objectKey, data: { ...event.data, mode } as WebhookEventData<T> });
  }
  return written;
}

/** Writes one delivery per endpoint id; also what `send-test` uses for its one endpoint. */
export async function writeDeliveries(
  storage: Storage,
  tx: Tx,
  event: { workspaceId: string; mode: KeyMode; type: string; objectKey: string; data: unknown },
  endpointIds: readonly string[],
): Promise<number> {
  if (endpointIds.length === 0) return 0;
  const { insert } = eventStatements(storage);
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
  for (const listener of listeners(storage)) listener(endpointIds);
  return endpointIds.length;
}
