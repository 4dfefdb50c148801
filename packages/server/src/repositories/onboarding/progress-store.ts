import type { KeyMode, Progress, ProgressItem } from '@inlay/core';
import type { Storage } from '../../db/connect.js';
import { type Param, type Tx } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';
import { newId, nowIso } from '../../db/ids.js';

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

type KeyParam = 'workspaceId' | 'mode' | 'flowId' | 'workspaceKey' | 'userId';
type StoredParam = 'revisionId' | 'items' | 'startedAt' | 'completedAt' | 'dismissedAt' | 'snoozedUntil' | 'updatedAt';

const statements = perStorage((storage) => {
  const stored = (p: Param<StoredParam>) => ({
    revision_id: p('revisionId'),
    items: p('items'),
    started_at: p('startedAt'),
    completed_at: p('completedAt'),
    dismissed_at: p('dismissedAt'),
    snoozed_until: p('snoozedUntil'),
    updated_at: p('updatedAt'),
  });
  /** The columns that name whose progress a row is (the key of `progress`, with its workspace). */
  const owner = (p: Param<KeyParam>) => ({
    workspace_id: p('workspaceId'),
    mode: p('mode'),
    flow_id: p('flowId'),
    workspace_key: p('workspaceKey'),
    user_id: p('userId'),
  });
  return {
    find: storage.compile((p: Param<KeyParam>) =>
            storage.db.selectFrom('progress')
              .select(['revision_id', 'items', 'started_at', 'completed_at', 'dismissed_at', 'snoozed_until', 'updated_at'])
              .where('flow_id', '=', p('flowId'))
              .where('mode', '=', p('mode'))
              .where('workspace_key', '=', p('workspaceKey'))
              .where('user_id', '=', p('userId'))
              .where('workspace_id', '=', p('workspaceId'))),
    save: storage.compile((p: Param<KeyParam | StoredParam | 'id' | 'createdAt'>) =>
          storage.db.insertInto('progress')
            .values({ id: p('id'), ...owner(p), created_at: p('createdAt'), ...stored(p) })
            .onConflict((oc) => oc.columns(['flow_id', 'mode', 'workspace_key', 'user_id']).doUpdateSet(stored(p)))),
    insertOutcome: storage.compile((p: Param<KeyParam | 'id' | 'event' | 'occurredAt' | 'completedItemIds' | 'createdAt'>) =>
          storage.db.insertInto('outcomes').values({
            id: p('id'),
            ...owner(p),
            event: p('event'),
            occurred_at: p('occurredAt'),
            completed_item_ids: p('completedItemIds'),
            created_at: p('createdAt'),
          })),
  };
});

/**
 * Progress storage, run inside `transaction` (writes) or `read` (reads) from db/statements.ts.
 * A write takes the key's lock first (`lock`), so two server processes writing the same user's
 * progress at once apply one after the other.
 */
export function progressStore(storage: Storage) {
  const { find, save, insertOutcome } = statements(storage);
  return {
    lock(tx: Tx, key: ProgressKey): Promise<void> {
      return tx.lock(JSON.stringify(['progress', key.workspaceId, key.mode, key.flowId, key.workspaceKey, key.userId]));
    },

    async find(tx: Tx, key: ProgressKey): Promise<StoredProgress | undefined> {
      const row = await find.get(tx, key);
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
    },

    async save(tx: Tx, key: ProgressKey, progress: StoredProgress): Promise<void> {
      await save.write(tx, {
        ...key,
        id: newId('prog'),
        createdAt: nowIso(),
        revisionId: progress.revisionId,
        items: JSON.stringify(progress.items.map(({ id, state, updatedAt }) => ({ id, state, updatedAt }))),
        startedAt: progress.startedAt,
        completedAt: progress.completedAt,
        dismissedAt: progress.dismissedAt,
        snoozedUntil: progress.snoozedUntil,
        updatedAt: progress.updatedAt,
      });
    },

    async insertOutcome(tx: Tx, outcome: OutcomeRecord): Promise<string> {
      const id = newId('out');
      await insertOutcome.run(tx, {
        ...outcome.key,
        id,
        event: outcome.event,
        occurredAt: outcome.occurredAt,
        completedItemIds: JSON.stringify(outcome.completedItemIds),
        createdAt: nowIso(),
      });
      return id;
    },
  };
}

export interface OutcomeRecord {
  key: ProgressKey;
  event: string;
  occurredAt: string;
  completedItemIds: string[];
}
