import {
  applyOperation,
  completeByEvent,
  newProgress,
  reconcile,
  type Progress,
  type ProgressContext,
  type ProgressEvent,
  type ProgressOperation,
  type ProgressRefusal,
} from '@inlay/core';
import type { InlayContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { WriteConflict, type Tx } from '../../db/statements.js';
import { OPTIMISTIC_ATTEMPTS } from '../../db/optimistic.js';
import { progressStore, type ProgressKey, type ProgressRow } from '../../repositories/onboarding/progress-store.js';
import { recordEvent } from '../../webhooks/events.js';
import type { EndUser, FlowAccess } from './flow-access.js';

/** The storage key: account-level flows keep one progress per workspaceKey (docs/onboarding.md). */
export function progressKey(access: FlowAccess, user: EndUser): ProgressKey {
  const shared = access.config.toggles.shareProgressAcrossAccount;
  if (shared && user.workspaceKey === null) {
    throw new ApiError('parameter_missing', 'This flow keeps one progress per account: workspaceKey is required.', { param: 'workspaceKey' });
  }
  return {
    workspaceId: access.auth.workspaceId,
    mode: access.auth.mode,
    flowId: access.flowId,
    workspaceKey: user.workspaceKey ?? '',
    userId: shared ? '' : user.userId,
  };
}

function contextOf(access: FlowAccess, user: EndUser): ProgressContext {
  return {
    flowId: access.flowId,
    userId: user.userId,
    workspaceKey: user.workspaceKey,
    mode: access.auth.mode,
    revisionId: access.revisionId,
    config: access.config,
  };
}

interface Loaded {
  progress: Progress;
  /**
   * The live revision completes a flow the stored progress had not: a republish removed the
   * user's last pending items. Saved and counted once, like a completion by a write.
   */
  completedByRevision: boolean;
  /** Stored under an older revision: a write saves it pinned to the live one, even when it changes nothing else. */
  stale: boolean;
}

/** Stored progress brought up to the live revision, or a fresh one. */
function loaded(row: ProgressRow | undefined, access: FlowAccess, user: EndUser, now: Date): Loaded {
  const context = contextOf(access, user);
  const fresh = newProgress(context, now);
  if (!row) return { progress: fresh, completedByRevision: false, stale: false };
  const { stored } = row;
  const progress = reconcile({ ...fresh, ...stored }, context, now);
  return { progress, completedByRevision: stored.completedAt === null && progress.completedAt !== null, stale: stored.revisionId !== context.revisionId };
}

/** What a write does with the progress it loaded: store a new one, write beside it, answer. */
interface Decision<R> {
  /** The progress to store over the loaded row; absent: the row stays as it is. */
  save?: Progress;
  /** Writes of the same transaction (webhook events, the outcome), run after the save. */
  alongside?: (tx: Tx) => Promise<void>;
  result: R;
}

/** After this many conflicts in a row, a write reads its row under the user's lock. */
const LOCKED_AFTER = 3;

/**
 * Reads the user's progress, asks `decide` what to do with it and does it in one transaction,
 * so that concurrent writes of the same user never lose each other's changes — optimistically
 * (docs/decisions.md, "PostgreSQL writes (measured)"): the row comes from this process's memory of
 * its last read or write, or from a read; the save stores the new progress only if the row is
 * still the version it was computed from (progress-store.ts `save`), and a conflict starts again
 * from a fresh read. On PostgreSQL a write from a remembered row is one round trip. An answer
 * that writes nothing is given only from a row just read, never from memory alone; writes beside
 * an unchanged row (an outcome) read the row under the user's lock. This process's writes of one
 * user wait for each other (`inTurn`), so only other processes' writes can conflict.
 */
async function mutate<R>(context: InlayContext, access: FlowAccess, user: EndUser, now: Date, decide: (current: Loaded) => Decision<R>): Promise<R> {
  const { storage } = context;
  const store = progressStore(storage);
  const key = progressKey(access, user);
  return store.inTurn(key, async () => {
    let trustMemory = true;
    let locked = false;
    for (let attempt = 1; ; attempt += 1) {
      if (attempt > LOCKED_AFTER) locked = true;
      try {
        if (locked) {
          const { decision, row } = await storage.transaction(async (tx) => {
            await store.lock(tx, key);
            const read = await store.find(tx, key);
            const made = decide(loaded(read, access, user, now));
            const row = made.save === undefined ? read : await store.save(tx, key, made.save, read);
            await made.alongside?.(tx);
            return { decision: made, row };
          });
          store.remember(key, row);
          return decision.result;
        }
        const memory = trustMemory ? store.remembered(key) : undefined;
        const read = memory ?? (await storage.read((tx) => store.find(tx, key)));
        const decision = decide(loaded(read, access, user, now));
        if (decision.save === undefined) {
          // Nothing to store: answered only from a row just read (memory may be behind another
          // process's write); writes beside an unchanged row are made under the lock.
          if (memory !== undefined) {
            trustMemory = false;
            continue;
          }
          if (decision.alongside !== undefined) {
            locked = true;
            continue;
          }
          store.remember(key, read);
          return decision.result;
        }
        const save = decision.save;
        const row = await storage.transaction(async (tx) => {
          const saved = await store.save(tx, key, save, read);
          await decision.alongside?.(tx);
          return saved;
        });
        store.remember(key, row);
        return decision.result;
      } catch (error) {
        if (!(error instanceof WriteConflict) || attempt >= OPTIMISTIC_ATTEMPTS) throw error;
        store.remember(key, undefined);
        trustMemory = false;
      }
    }
  });
}

export async function readProgress(context: InlayContext, access: FlowAccess, user: EndUser): Promise<Progress> {
  const { storage } = context;
  const store = progressStore(storage);
  const now = new Date();
  const key = progressKey(access, user);
  const row = await storage.read((tx) => store.find(tx, key));
  store.remember(key, row);
  const current = loaded(row, access, user, now);
  if (!current.completedByRevision) return current.progress;
  // A read that finds the flow completed by a republish stores that, so it is counted once.
  const saved = await mutate(context, access, user, now, (again) =>
    again.completedByRevision
      ? { save: again.progress, alongside: (tx) => recordProgressEvents(context, tx, key, again.progress, [{ type: 'flow_completed' }]), result: again }
      : { result: again },
  );
  if (saved.completedByRevision) countEvents(context, access, [{ type: 'flow_completed' }]);
  return saved.progress;
}

const REFUSALS: Record<ProgressRefusal, (message: string, current: Progress) => ApiError> = {
  item_not_found: (message) => new ApiError('not_found', message, { param: 'itemId' }),
  feature_disabled: (message) => new ApiError('feature_disabled', message),
  snooze_days_not_allowed: (message) => new ApiError('snooze_days_not_allowed', message, { param: 'days' }),
  invalid_transition: (message, current) => new ApiError('invalid_transition', message, { current }),
  dependency_incomplete: (message, current) => new ApiError('dependency_incomplete', message, { current }),
};

/**
 * Applies one operation in a transaction (read, compute with core's state machine, write), so
 * concurrent writes for the same user never lose each other's changes.
 */
export async function writeProgress(
  context: InlayContext,
  access: FlowAccess,
  user: EndUser,
  operation: ProgressOperation,
): Promise<Progress> {
  const now = new Date();
  const key = progressKey(access, user);
  type Outcome = { refused: ApiError } | { progress: Progress; events: ProgressEvent[] };
  const result = await mutate(context, access, user, now, ({ progress: current, completedByRevision, stale }): Decision<Outcome> => {
    const applied = applyOperation(current, operation, access.config, now);
    if (!applied.ok) return { result: { refused: REFUSALS[applied.refusal](applied.message, current) } };
    const events: ProgressEvent[] = completedByRevision ? [{ type: 'flow_completed' }, ...applied.events] : applied.events;
    const alongside = events.length === 0 ? undefined : (tx: Tx) => recordProgressEvents(context, tx, key, applied.progress, events);
    const outcome = { progress: applied.progress, events };
    // `current` is already reconciled to the live revision: whether to pin it is `stale`.
    if (applied.changed || stale) return { save: applied.progress, ...(alongside ? { alongside } : {}), result: outcome };
    return { ...(alongside ? { alongside } : {}), result: outcome };
  });
  if ('refused' in result) {
    recordWrite(context, access, key, []);
    throw result.refused;
  }
  recordWrite(context, access, key, result.events);
  return result.progress;
}

/** Completes the items whose completion event matches, and keeps the outcome for the dashboard. */
export async function recordOutcome(
  context: InlayContext,
  access: FlowAccess,
  user: EndUser,
  outcome: { event: string; occurredAt?: string | undefined },
): Promise<{ outcomeId: string; completedItemIds: string[]; progress: Progress }> {
  const now = new Date();
  const key = progressKey(access, user);
  const { storage } = context;
  const store = progressStore(storage);
  // One form (UTC, milliseconds) whatever precision was sent: stored times compare as text.
  const occurredAt = outcome.occurredAt === undefined ? now.toISOString() : new Date(outcome.occurredAt).toISOString();
  const result = await mutate(context, access, user, now, ({ progress: current, completedByRevision, stale }) => {
    const completed = completeByEvent(current, outcome.event, access.config, now);
    if (completedByRevision) completed.events.unshift({ type: 'flow_completed' });
    const made = { outcomeId: '', ...completed };
    const alongside = async (tx: Tx) => {
      made.outcomeId = await store.insertOutcome(tx, {
        key,
        event: outcome.event,
        occurredAt,
        completedItemIds: completed.completedItemIds,
      });
      await recordEvent(storage, tx, {
        type: 'outcome.recorded',
        objectKey: progressObjectKey(key),
        data: {
          ...ownerOf(key),
          outcomeId: made.outcomeId,
          event: outcome.event,
          occurredAt,
          completedItemIds: completed.completedItemIds,
        },
      });
      await recordProgressEvents(context, tx, key, completed.progress, completed.events);
    };
    const save = completed.completedItemIds.length > 0 || completedByRevision || stale;
    return save ? { save: completed.progress, alongside, result: made } : { alongside, result: made };
  });
  recordWrite(context, access, key, result.events);
  context.usage.increment({ ...usageScope(access), metric: 'outcomes' });
  return { outcomeId: result.outcomeId, completedItemIds: result.completedItemIds, progress: result.progress };
}

function progressObjectKey(key: ProgressKey): string {
  return `progress:${key.flowId}:${key.workspaceKey}:${key.userId}`;
}

function ownerOf(key: ProgressKey) {
  return { workspaceId: key.workspaceId, mode: key.mode, flowId: key.flowId, userId: key.userId === '' ? null : key.userId, workspaceKey: key.workspaceKey === '' ? null : key.workspaceKey };
}

/**
 * Webhook events of a progress change, in the write's transaction (docs/webhooks.md). A flow
 * completed by a republish (its last pending items removed) is reported here too, when the
 * progress is next read or written and re-pinned to the live revision.
 */
async function recordProgressEvents(context: InlayContext, tx: Tx, key: ProgressKey, progress: Progress, events: readonly ProgressEvent[]): Promise<void> {
  const { storage } = context;
  for (const event of events) {
    if (event.type === 'flow_completed') {
      await recordEvent(storage, tx, {
        type: 'progress.completed',
        objectKey: progressObjectKey(key),
        data: { ...ownerOf(key), revisionId: progress.revisionId, completedAt: progress.completedAt ?? new Date().toISOString() },
      });
    } else if (event.type === 'dismissed') {
      await recordEvent(storage, tx, {
        type: 'progress.dismissed',
        objectKey: progressObjectKey(key),
        data: { ...ownerOf(key), revisionId: progress.revisionId, dismissedAt: progress.dismissedAt ?? new Date().toISOString() },
      });
    }
  }
}

function usageScope(access: FlowAccess) {
  return { workspaceId: access.auth.workspaceId, mode: access.auth.mode, service: 'onboarding' as const, resourceId: access.flowId };
}

function recordWrite(context: InlayContext, access: FlowAccess, key: ProgressKey, events: ProgressEvent[]): void {
  const scope = usageScope(access);
  const { usage } = context;
  usage.increment({ ...scope, metric: 'progressWrites' });
  usage.markActive(scope, `${key.workspaceKey}\u0000${key.userId}`);
  countEvents(context, access, events);
}

function countEvents(context: InlayContext, access: FlowAccess, events: readonly ProgressEvent[]): void {
  const scope = usageScope(access);
  const { usage } = context;
  for (const event of events) {
    if (event.type === 'item_completed') usage.increment({ ...scope, metric: 'itemCompletions' });
    if (event.type === 'flow_completed') usage.increment({ ...scope, metric: 'flowCompletions' });
  }
}
