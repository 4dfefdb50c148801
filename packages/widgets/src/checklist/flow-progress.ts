import { type FlowConfig, type Progress, type PublishedConfig, reconcile } from '@inlay/core';

/** Helpers of the checklist's view and of its write path (progress-writes.ts), which both use them. */

export type PublishedFlow = PublishedConfig<'flow', FlowConfig>;

/**
 * Progress as "done of total" over the items completion needs (core's `requiredCount`): the
 * non-optional ones, or all when every item is optional. The bar is full exactly when the flow
 * is complete; optional items are labelled as such in the list.
 */
export function counts(flow: PublishedFlow, progress: Progress): [done: number, total: number] {
  const optional = new Set(flow.config.items.filter((item) => item.optional).map((item) => item.id));
  const required = progress.items.filter((item) => !optional.has(item.id));
  const needed = required.length > 0 ? required : progress.items;
  return [needed.filter((item) => item.state !== 'pending').length, needed.length];
}

export function titleOf(flow: PublishedFlow, itemId: string): string {
  return flow.config.items.find((item) => item.id === itemId)?.title ?? itemId;
}

/** Brings a store's answer in line with the config being shown (new items pending, expired snoozes cleared). */
export function reconcileWith(flow: PublishedFlow, progress: Progress): Progress {
  // The progress carries the rest of the context (flowId, userId, workspaceKey, mode).
  return reconcile(progress, { ...progress, revisionId: flow.revisionId, config: flow.config });
}

export function isProgress(value: unknown): value is Progress {
  const candidate = value as Partial<Progress> | null | undefined;
  return candidate?.object === 'progress' && Array.isArray(candidate.items);
}
