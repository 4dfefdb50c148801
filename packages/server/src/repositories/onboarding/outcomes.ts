import type { KeyMode } from '@inlay/core';
import type { Storage } from '../../db/connect.js';

/** Whose outcomes: one flow of a workspace, in one mode. */
export interface OutcomeScope {
  workspaceId: string;
  flowId: string;
  mode: KeyMode;
}

function outcomesOf(storage: Storage, scope: OutcomeScope) {
  return storage.db.selectFrom('outcomes').where('workspace_id', '=', scope.workspaceId).where('flow_id', '=', scope.flowId).where('mode', '=', scope.mode);
}

/** Per event: how many outcomes, of how many distinct users, and the latest; by event name. */
export async function outcomeEventCounts(storage: Storage, scope: OutcomeScope): Promise<{ event: string; count: number; users: number; lastAt: string | null }[]> {
  const rows = await outcomesOf(storage, scope)
    .select((eb) => [
      'event',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.count<number | string>('user_id').distinct().as('users'),
      eb.fn.max('occurred_at').as('last_at'),
    ])
    .groupBy('event')
    .orderBy('event')
    .execute();
  return rows.map((row) => ({ event: row.event, count: Number(row.count), users: Number(row.users), lastAt: row.last_at }));
}

/** The latest outcomes, newest first. */
export async function recentOutcomes(
  storage: Storage,
  scope: OutcomeScope,
  limit: number,
): Promise<{ id: string; event: string; userId: string; workspaceKey: string; occurredAt: string; completedItemIds: string[] }[]> {
  const rows = await outcomesOf(storage, scope)
    .select(['id', 'event', 'user_id', 'workspace_key', 'occurred_at', 'completed_item_ids'])
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    userId: row.user_id,
    workspaceKey: row.workspace_key,
    occurredAt: row.occurred_at,
    completedItemIds: JSON.parse(row.completed_item_ids) as string[],
  }));
}
