import type { KeyMode, Progress, ProgressItem } from '@inlay/core';
import type { Db } from '../db/connect.js';
import { newId, nowIso } from '../db/ids.js';

/** Whose progress: one row per (flow, mode, workspaceKey, userId). */
export interface ProgressKey {
  workspaceId: string;
  mode: KeyMode;
  flowId: string;
  /** '' when none. */
  workspaceKey: string;
  /** '' for account-level progress. */
  userId: string;
}

/** The stored part of a progress record; the rest is derived by core's state machine. */
export type StoredProgress = Pick<
  Progress,
  'revisionId' | 'items' | 'startedAt' | 'completedAt' | 'dismissedAt' | 'snoozedUntil' | 'updatedAt'
>;

export async function findProgress(db: Db, key: ProgressKey): Promise<StoredProgress | undefined> {
  const row = await db
    .selectFrom('progress')
    .select(['revision_id', 'items', 'started_at', 'completed_at', 'dismissed_at', 'snoozed_until', 'updated_at'])
    .where('flow_id', '=', key.flowId)
    .where('mode', '=', key.mode)
    .where('workspace_key', '=', key.workspaceKey)
    .where('user_id', '=', key.userId)
    .where('workspace_id', '=', key.workspaceId)
    .executeTakeFirst();
  return (
    row && {
      revisionId: row.revision_id,
      items: JSON.parse(row.items) as ProgressItem[],
      startedAt: row.started_at,
      completedAt: row.completed_at,
      dismissedAt: row.dismissed_at,
      snoozedUntil: row.snoozed_until,
      updatedAt: row.updated_at,
    }
  );
}

export async function saveProgress(db: Db, key: ProgressKey, progress: StoredProgress): Promise<void> {
  const values = {
    revision_id: progress.revisionId,
    items: JSON.stringify(progress.items.map(({ id, state, updatedAt }) => ({ id, state, updatedAt }))),
    started_at: progress.startedAt,
    completed_at: progress.completedAt,
    dismissed_at: progress.dismissedAt,
    snoozed_until: progress.snoozedUntil,
    updated_at: progress.updatedAt,
  };
  await db
    .insertInto('progress')
    .values({
      id: newId('prog'),
      workspace_id: key.workspaceId,
      mode: key.mode,
      flow_id: key.flowId,
      workspace_key: key.workspaceKey,
      user_id: key.userId,
      created_at: nowIso(),
      ...values,
    })
    .onConflict((oc) => oc.columns(['flow_id', 'mode', 'workspace_key', 'user_id']).doUpdateSet(values))
    .execute();
}

export interface OutcomeRecord {
  key: ProgressKey;
  event: string;
  occurredAt: string;
  completedItemIds: string[];
}

export async function insertOutcome(db: Db, outcome: OutcomeRecord): Promise<string> {
  const id = newId('out');
  await db
    .insertInto('outcomes')
    .values({
      id,
      workspace_id: outcome.key.workspaceId,
      mode: outcome.key.mode,
      flow_id: outcome.key.flowId,
      workspace_key: outcome.key.workspaceKey,
      user_id: outcome.key.userId,
      event: outcome.event,
      occurred_at: outcome.occurredAt,
      completed_item_ids: JSON.stringify(outcome.completedItemIds),
      created_at: nowIso(),
    })
    .execute();
  return id;
}
