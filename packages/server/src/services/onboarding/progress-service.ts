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
import { type Tx } from '../../db/statements.js';
import { progressStore, type ProgressKey } from '../../repositories/onboarding/progress-store.js';
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

/** Stored progress brought up to the live revision, or a fresh one; never writes. Inside `read` or `transaction`. */
async function load(tx: Tx, store: ReturnType<typeof progressStore>, access: FlowAccess, user: EndUser, now: Date): Promise<Loaded> {
  const context = contextOf(access, user);
  const stored = await store.find(tx, progressKey(access, user));
  const fresh = newProgress(context, now);
  if (!stored) return { progress: fresh, completedByRevision: false, stale: false };
  const progress = reconcile({ ...fresh, ...stored }, context, now);
  return { progress, completedByRevision: stored.completedAt === null && progress.completedAt !== null, stale: stored.revisionId !== context.revisionId };
}

export async function readProgress(context: InlayContext, access: FlowAccess, user: EndUser): Promise<Progress> {
  const { storage } = context;
  const store = progressStore(storage);
  const now = new Date();
  const loaded = await storage.read((tx) => load(tx, store, access, user, now));
  if (!loaded.completedByRevision) return loaded.progress;
  // A read that finds the flow completed by a republish stores that, so it is counted once.
  const key = progressKey(access, user);
  const saved = await storage.transaction(async (tx) => {
      await store.lock(tx, key);
      const again = await load(tx, store, access, user, now);
      if (again.completedByRevision) {
        await store.save(tx, key, again.progress);
        await recordProgressEvents(context, tx, key, again.progress, [{ type: 'flow_completed' }]);
      }
      return again;
    });
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
  const { storage } = context;
  const store = progressStore(storage);
  const result = await storage.transaction(async (tx): Promise<Outcome> => {
      await store.lock(tx, key);
      const { progress: current, completedByRevision, stale } = await load(tx, store, access, user, now);
      const applied = applyOperation(current, operation, access.config, now);
      if (!applied.ok) return { refused: REFUSALS[applied.refusal](applied.message, current) };
      // `current` is already reconciled to the live revision: whether to pin it is `stale`.
      if (applied.changed || stale) await store.save(tx, key, applied.progress);
      const events: ProgressEvent[] = completedByRevision ? [{ type: 'flow_completed' }, ...applied.events] : applied.events;
      await recordProgressEvents(context, tx, key, applied.progress, events);
      return { progress: applied.progress, events };
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
  const result = await storage.transaction(async (tx) => {
      await store.lock(tx, key);
      const { progress: current, completedByRevision, stale } = await load(tx, store, access, user, now);
      const completed = completeByEvent(current, outcome.event, access.config, now);
      if (completedByRevision) completed.events.unshift({ type: 'flow_completed' });
      if (completed.completedItemIds.length > 0 || completedByRevision || stale) await store.save(tx, key, completed.progress);
      const outcomeId = await store.insertOutcome(tx, {
        key,
        event: outcome.event,
        occurredAt: outcome.occurredAt ?? now.toISOString(),
        completedItemIds: completed.completedItemIds,
      });
      await recordEvent(storage, tx, {
        type: 'outcome.recorded',
        objectKey: progressObjectKey(key),
        data: {
          ...ownerOf(key),
          outcomeId,
          event: outcome.event,
          occurredAt: outcome.occurredAt ?? now.toISOString(),
          completedItemIds: completed.completedItemIds,
        },
      });
      await recordProgressEvents(context, tx, key, completed.progress, completed.events);
      return { outcomeId, ...completed };
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
