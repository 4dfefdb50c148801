import type { KeyMode, Progress, ProgressItem } from '@inlay/core';
import type { Storage } from '../../db/connect.js';
import { type Param, type Tx } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';
import { newId, nowIso } from '../../db/ids.js';
import { KeyedQueue, RecentRows } from '../../db/optimistic.js';

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

/** A stored progress with the version of its row: what an optimistic write is computed from. */
export interface ProgressRow {
  stored: StoredProgress;
  /** `progress.version` (migration 0019): moves by one with every write of the row. */
  version: number;
}

/** How many users' progress rows a process remembers for their next write. */
const REMEMBERED_ROWS = 10_000;

type KeyParam = 'workspaceId' | 'mode' | 'flowId' | 'workspaceKey' | 'userId';
type StoredParam = 'revisionId' | 'items' | 'startedAt' | 'completedAt' | 'dismissedAt' | 'snoozedUntil' | 'updatedAt';

/** The statements of one user's progress: each finds its row through `progress_identity` (test/progress-plans.test.ts). */
export const progressStatements = perStorage((storage) => {
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
              .select(['revision_id', 'items', 'started_at', 'completed_at', 'dismissed_at', 'snoozed_until', 'updated_at', 'version'])
              .where('flow_id', '=', p('flowId'))
              .where('mode', '=', p('mode'))
              .where('workspace_key', '=', p('workspaceKey'))
              .where('user_id', '=', p('userId'))
              .where('workspace_id', '=', p('workspaceId'))),
    // A new row, only if there is none: another write that got there first is a conflict.
    insert: storage.compile((p: Param<KeyParam | StoredParam | 'id' | 'createdAt' | 'nextVersion'>) =>
          storage.db.insertInto('progress')
            .values({ id: p('id'), ...owner(p), created_at: p('createdAt'), ...stored(p), version: p('nextVersion') })
            .onConflict((oc) => oc.columns(['flow_id', 'mode', 'workspace_key', 'user_id']).doNothing())),
    // The row, only if it is still the version the write was computed from.
    update: storage.compile((p: Param<KeyParam | StoredParam | 'version' | 'nextVersion'>) =>
          storage.db.updateTable('progress')
            .set({ ...stored(p), version: p('nextVersion') })
            .where('flow_id', '=', p('flowId'))
            .where('mode', '=', p('mode'))
            .where('workspace_key', '=', p('workspaceKey'))
            .where('user_id', '=', p('userId'))
            .where('workspace_id', '=', p('workspaceId'))
            .where('version', '=', p('version'))),
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

/** One user's progress: the key's parts, as text. */
function keyText(key: ProgressKey): string {
  return JSON.stringify(['progress', key.workspaceId, key.mode, key.flowId, key.workspaceKey, key.userId]);
}

/**
 * What a process keeps per storage: the progress rows it last read or wrote, for the next write
 * of the same user (a write from a remembered row reads nothing first), and one queue per user,
 * so that this process's writes of one user's progress follow each other and never conflict.
 */
const remembered = perStorage(() => ({ rows: new RecentRows<string, ProgressRow>(REMEMBERED_ROWS), queue: new KeyedQueue() }));

/** The stored fields of `progress`, as a row holds them (and a read answers them). */
function storedOf(progress: StoredProgress): StoredProgress {
  return {
    revisionId: progress.revisionId,
    items: progress.items.map(({ id, state, updatedAt }) => ({ id, state, updatedAt })),
    startedAt: progress.startedAt,
    completedAt: progress.completedAt,
    dismissedAt: progress.dismissedAt,
    snoozedUntil: progress.snoozedUntil,
    updatedAt: progress.updatedAt,
  };
}

/**
 * Progress storage, run inside `transaction` (writes) or `read` (reads) from db/statements.ts.
 * Writes are optimistic (docs/decisions.md, "PostgreSQL writes (measured)"): a write stores the
 * progress it computed only if the row is still the version it was computed from (`save`), so two
 * server processes writing the same user's progress at once never lose a change: the second
 * finds the row moved on, reads it again and computes again. `lock` serialises the writers that
 * take it, for a writer that keeps conflicting.
 */
export function progressStore(storage: Storage) {
  const { find, insert, update, insertOutcome } = progressStatements(storage);
  const { rows, queue } = remembered(storage);
  return {
    lock(tx: Tx, key: ProgressKey): Promise<void> {
      return tx.lock(keyText(key));
    },

    /** Runs `work` after this process's earlier writes of the same user's progress have ended. */
    inTurn<T>(key: ProgressKey, work: () => Promise<T>): Promise<T> {
      return queue.run(keyText(key), work);
    },

    /** The row this process last read or wrote for `key`, if it still remembers it: perhaps no longer the stored one. */
    remembered(key: ProgressKey): ProgressRow | undefined {
      return rows.get(keyText(key));
    },

    /** Remembers a row read or written (after its commit) for the next write of the same user. */
    remember(key: ProgressKey, row: ProgressRow | undefined): void {
      if (row === undefined) rows.delete(keyText(key));
      else rows.set(keyText(key), row);
    },

    async find(tx: Tx, key: ProgressKey): Promise<ProgressRow | undefined> {
      const row = await find.get(tx, key);
      return (
        row && {
          stored: {
            revisionId: row.revision_id,
            items: JSON.parse(row.items) as ProgressItem[],
            startedAt: row.started_at,
            completedAt: row.completed_at,
            dismissedAt: row.dismissed_at,
            snoozedUntil: row.snoozed_until,
            updatedAt: row.updated_at,
          },
          version: Number(row.version),
        }
      );
    },

    /**
     * Stores `progress` over `previous`, the row it was computed from (undefined: there was
     * none), and answers the row now stored. A row that is no longer `previous` (another write
     * came first) fails the transaction with a `WriteConflict` (`Tx.expect`), at the latest
     * when it commits.
     */
    async save(tx: Tx, key: ProgressKey, progress: StoredProgress, previous?: ProgressRow): Promise<ProgressRow> {
      const stored = storedOf(progress);
      const values = {
        ...key,
        revisionId: stored.revisionId,
        items: JSON.stringify(stored.items),
        startedAt: stored.startedAt,
        completedAt: stored.completedAt,
        dismissedAt: stored.dismissedAt,
        snoozedUntil: stored.snoozedUntil,
        updatedAt: stored.updatedAt,
      };
      if (previous === undefined) {
        await insert.expect(tx, { ...values, id: newId('prog'), createdAt: nowIso(), nextVersion: 1 });
        return { stored, version: 1 };
      }
      await update.expect(tx, { ...values, version: previous.version, nextVersion: previous.version + 1 });
      return { stored, version: previous.version + 1 };
    },

    async insertOutcome(tx: Tx, outcome: OutcomeRecord): Promise<string> {
      const id = newId('out');
      // Its row count is not needed: it travels with the transaction's commit on PostgreSQL.
      await insertOutcome.write(tx, {
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
