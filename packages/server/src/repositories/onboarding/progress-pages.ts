import type { KeyMode } from '@inlay/core';
import type { Selectable } from 'kysely';
import type { Storage } from '../../db/connect.js';
import type { ProgressTable } from '../../db/schema.js';

export type ProgressRow = Pick<
  Selectable<ProgressTable>,
  'workspace_key' | 'user_id' | 'revision_id' | 'items' | 'started_at' | 'completed_at' | 'dismissed_at' | 'snoozed_until' | 'updated_at' | 'created_at'
>;

/** Where the previous page ended: the identity of its last row. */
export interface ProgressPageAfter {
  workspaceKey: string;
  userId: string;
}

/**
 * One page of a flow's hosted progress in one mode, ordered by (workspaceKey, userId): a keyset
 * seek in the `progress_identity` unique index (flow, mode, workspaceKey, userId), so every page
 * costs the same however deep the export has gone.
 */
export function progressPage(storage: Storage, flowId: string, mode: KeyMode, after: ProgressPageAfter | undefined, limit: number): Promise<ProgressRow[]> {
  let query = storage.db.selectFrom('progress')
    .select(['workspace_key', 'user_id', 'revision_id', 'items', 'started_at', 'completed_at', 'dismissed_at', 'snoozed_until', 'updated_at', 'created_at'])
    .where('flow_id', '=', flowId)
    .where('mode', '=', mode)
    .orderBy('workspace_key')
    .orderBy('user_id')
    .limit(limit);
  if (after !== undefined) {
    query = query.where((eb) => eb(eb.refTuple('workspace_key', 'user_id'), '>', eb.tuple(after.workspaceKey, after.userId)));
  }
  return query.execute();
}
