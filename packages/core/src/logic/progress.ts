import type { KeyMode } from '../schemas/keys.js';
import type { FlowConfig } from '../schemas/onboarding.js';
import type { FlowState, ItemState, Progress, ProgressItem, ProgressOperation } from '../schemas/progress.js';

/**
 * The onboarding progress state machine (docs/onboarding.md), pure so the server, the widget's
 * optimistic updates and a host's own (BYO) store all compute the same next state.
 */

/** Whom a progress record is for, and which published revision it follows. */
export interface ProgressContext {
  flowId: string;
  userId: string;
  workspaceKey: string | null;
  mode: KeyMode;
  revisionId: string;
  config: Pick<FlowConfig, 'items' | 'toggles' | 'snoozeDays'>;
}

/** Why a write was refused. `snooze_days_not_allowed` is a bad request; the rest conflict or are disabled. */
export type ProgressRefusal =
  | 'item_not_found'
  | 'dependency_incomplete'
  | 'invalid_transition'
  | 'feature_disabled'
  | 'snooze_days_not_allowed';

/** What a write caused, for widget events and usage counts. */
export type ProgressEvent =
  | { type: 'item_completed'; itemId: string }
  | { type: 'item_skipped'; itemId: string }
  | { type: 'flow_completed' }
  | { type: 'dismissed' }
  | { type: 'snoozed'; until: string }
  | { type: 'resumed' }
  | { type: 'reset' };

export type ApplyResult =
  | { ok: true; progress: Progress; changed: boolean; events: ProgressEvent[] }
  | { ok: false; refusal: ProgressRefusal; message: string };

/** A user's progress before any write: every item pending. */
export function newProgress(context: ProgressContext, now: Date = new Date()): Progress {
  const items: ProgressItem[] = context.config.items.map((item) => ({ id: item.id, state: 'pending', updatedAt: null }));
  return finalize(
    {
      object: 'progress',
      flowId: context.flowId,
      userId: context.userId,
      workspaceKey: context.workspaceKey,
      mode: context.mode,
      revisionId: context.revisionId,
      state: 'not_started',
      items,
      doneCount: 0,
      requiredCount: 0,
      startedAt: null,
      completedAt: null,
      dismissedAt: null,
      snoozedUntil: null,
      updatedAt: null,
    },
    context.config,
    now,
  );
}

/**
 * Brings stored progress up to the flow's current published revision: items whose id survives
 * keep their state, removed items drop out, new items start pending (docs/onboarding.md).
 */
export function reconcile(progress: Progress, context: ProgressContext, now: Date = new Date()): Progress {
  const previous = new Map(progress.items.map((item) => [item.id, item]));
  const items = context.config.items.map(
    (item): ProgressItem => previous.get(item.id) ?? { id: item.id, state: 'pending', updatedAt: null },
  );
  return finalize({ ...progress, revisionId: context.revisionId, items }, context.config, now);
}

/** The flow's state at `now`, from the stored fields. */
export function flowStateOf(progress: Pick<Progress, 'items' | 'dismissedAt' | 'snoozedUntil' | 'completedAt'>, now: Date): FlowState {
  if (progress.dismissedAt !== null) return 'dismissed';
  if (progress.snoozedUntil !== null && Date.parse(progress.snoozedUntil) > now.getTime()) return 'snoozed';
  if (progress.completedAt !== null) return 'completed';
  return progress.items.some((item) => item.state !== 'pending') ? 'in_progress' : 'not_started';
}

/** Applies one write. Repeating a write changes nothing; an illegal move is refused. */
export function applyOperation(
  current: Progress,
  operation: ProgressOperation,
  config: ProgressContext['config'],
  now: Date = new Date(),
): ApplyResult {
  const at = now.toISOString();
  const progress = finalize(current, config, now);
  const toggles = config.toggles;
  const unchanged = (): ApplyResult => ({ ok: true, progress, changed: false, events: [] });
  const refuse = (refusal: ProgressRefusal, message: string): ApplyResult => ({ ok: false, refusal, message });
  const changedTo = (next: Progress, events: ProgressEvent[]): ApplyResult => {
    const done = finalize({ ...next, updatedAt: at }, config, now);
    if (progress.completedAt === null && done.completedAt !== null) events.push({ type: 'flow_completed' });
    return { ok: true, progress: done, changed: true, events };
  };

  switch (operation.type) {
    case 'complete':
    case 'skip': {
      const index = progress.items.findIndex((item) => item.id === operation.itemId);
      const item = progress.items[index];
      if (!item) return refuse('item_not_found', `The flow has no item ${JSON.stringify(operation.itemId)}.`);
      if (operation.type === 'skip') {
        if (!toggles.allowSkip) return refuse('feature_disabled', 'Skipping is turned off for this flow (toggles.allowSkip).');
        if (item.state === 'skipped') return unchanged();
        if (item.state === 'completed') return refuse('invalid_transition', `Item ${JSON.stringify(item.id)} is completed; reset the flow to skip it.`);
      } else {
        if (item.state === 'completed') return unchanged();
        const blocking = blockingDependencies(progress, config, item.id);
        if (blocking.length > 0) {
          return refuse('dependency_incomplete', `Item ${JSON.stringify(item.id)} depends on ${blocking.map((id) => JSON.stringify(id)).join(', ')}, not done yet.`);
        }
      }
      const state: ItemState = operation.type === 'complete' ? 'completed' : 'skipped';
      const items = progress.items.map((entry, i) => (i === index ? { id: entry.id, state, updatedAt: at } : entry));
      return changedTo(
        { ...progress, items, startedAt: progress.startedAt ?? at },
        [{ type: operation.type === 'complete' ? 'item_completed' : 'item_skipped', itemId: item.id }],
      );
    }
    case 'dismiss':
      if (!toggles.allowDismiss) return refuse('feature_disabled', 'Dismissing is turned off for this flow (toggles.allowDismiss).');
      if (progress.state === 'dismissed') return unchanged();
      return changedTo({ ...progress, dismissedAt: at, snoozedUntil: null }, [{ type: 'dismissed' }]);
    case 'snooze': {
      if (!toggles.allowSnooze) return refuse('feature_disabled', 'Snoozing is turned off for this flow (toggles.allowSnooze).');
      if (!config.snoozeDays.includes(operation.days)) {
        return refuse('snooze_days_not_allowed', `days must be one of the flow's snoozeDays: ${config.snoozeDays.join(', ') || 'none'}.`);
      }
      if (progress.state === 'snoozed') return unchanged();
      if (progress.state === 'dismissed') return refuse('invalid_transition', 'The flow is dismissed; resume it before snoozing.');
      if (progress.state === 'completed') return refuse('invalid_transition', 'The flow is completed; there is nothing to snooze.');
      const until = new Date(now.getTime() + operation.days * 86_400_000).toISOString();
      return changedTo({ ...progress, snoozedUntil: until }, [{ type: 'snoozed', until }]);
    }
    case 'resume':
      if (progress.state !== 'dismissed' && progress.state !== 'snoozed') return unchanged();
      return changedTo({ ...progress, dismissedAt: null, snoozedUntil: null }, [{ type: 'resumed' }]);
    case 'reset': {
      const pristine = progress.items.every((item) => item.state === 'pending' && item.updatedAt === null);
      if (pristine && progress.dismissedAt === null && progress.snoozedUntil === null && progress.startedAt === null) return unchanged();
      const items = progress.items.map((item): ProgressItem => ({ id: item.id, state: 'pending', updatedAt: null }));
      return changedTo({ ...progress, items, startedAt: null, completedAt: null, dismissedAt: null, snoozedUntil: null }, [{ type: 'reset' }]);
    }
  }
}

/**
 * Completes every item whose completion event is `event` (an integration reported it happened),
 * whatever the order `dependsOn` suggests: the user did the thing. Skipped items count too.
 */
export function completeByEvent(
  current: Progress,
  event: string,
  config: ProgressContext['config'],
  now: Date = new Date(),
): { progress: Progress; completedItemIds: string[]; events: ProgressEvent[] } {
  const at = now.toISOString();
  const progress = finalize(current, config, now);
  const matching = new Set(
    config.items.filter((item) => item.completion.kind === 'event' && item.completion.event === event).map((item) => item.id),
  );
  const completedItemIds = progress.items.filter((item) => matching.has(item.id) && item.state !== 'completed').map((item) => item.id);
  if (completedItemIds.length === 0) return { progress, completedItemIds, events: [] };
  const done = new Set(completedItemIds);
  const items = progress.items.map((item): ProgressItem => (done.has(item.id) ? { id: item.id, state: 'completed', updatedAt: at } : item));
  const next = finalize({ ...progress, items, startedAt: progress.startedAt ?? at, updatedAt: at }, config, now);
  const events: ProgressEvent[] = completedItemIds.map((itemId) => ({ type: 'item_completed', itemId }));
  if (progress.completedAt === null && next.completedAt !== null) events.push({ type: 'flow_completed' });
  return { progress: next, completedItemIds, events };
}

/** Dependencies of an item that are neither completed nor skipped. */
export function blockingDependencies(progress: Pick<Progress, 'items'>, config: ProgressContext['config'], itemId: string): string[] {
  const dependsOn = config.items.find((item) => item.id === itemId)?.dependsOn ?? [];
  const states = new Map(progress.items.map((item) => [item.id, item.state]));
  return dependsOn.filter((dep) => states.has(dep) && states.get(dep) === 'pending');
}

/**
 * Recomputes the derived fields: counts, completion (every non-optional item done; every item
 * when all are optional; never for an empty flow), an expired snooze cleared, and the state.
 */
function finalize(progress: Progress, config: ProgressContext['config'], now: Date): Progress {
  const optional = new Set(config.items.filter((item) => item.optional).map((item) => item.id));
  const required = progress.items.filter((item) => !optional.has(item.id));
  const needed = required.length > 0 ? required : progress.items;
  const complete = needed.length > 0 && needed.every((item) => item.state !== 'pending');
  const completedAt = complete ? (progress.completedAt ?? progress.updatedAt ?? now.toISOString()) : null;
  const snoozedUntil = progress.snoozedUntil !== null && Date.parse(progress.snoozedUntil) > now.getTime() ? progress.snoozedUntil : null;
  const next = {
    ...progress,
    doneCount: progress.items.filter((item) => item.state !== 'pending').length,
    requiredCount: needed.length,
    completedAt,
    snoozedUntil,
  };
  return { ...next, state: flowStateOf(next, now) };
}
