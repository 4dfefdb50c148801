import type { KeyMode, ProgressItem } from '@inlay/core';
import type { Storage } from '../../db/connect.js';
import { outcomeEventCounts, recentOutcomes, type OutcomeScope } from '../../repositories/onboarding/outcomes.js';
import { progressPage, type ProgressPageAfter } from '../../repositories/onboarding/progress-pages.js';
import type { PublishedRow } from '../../repositories/publishing/resources.js';
import { EXPORT_PAGE_SIZE } from './progress-export.js';

/**
 * What the dashboard reports of a flow (docs/dashboard-api.md#onboarding): its funnel, from the
 * stored progress of its users, and summaries of its outcomes.
 */

function itemsOf(config: unknown): { id: string; title: string }[] {
  const items = (config as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: { id?: unknown; title?: unknown }) => (typeof item.id === 'string' ? [{ id: item.id, title: typeof item.title === 'string' ? item.title : item.id }] : []));
}

/**
 * The funnel of a published flow in one mode: how many users have progress, completed and
 * dismissed it, and per item of the published config how many did or skipped it, and how many
 * users dismissed the flow on it (`leftHere`: the first item still pending, in order, when they
 * dismissed: where users leave a tour).
 */
export async function flowFunnel(storage: Storage, flowId: string, mode: KeyMode, published: PublishedRow) {
  const items = itemsOf(published.config).map((item) => ({ ...item, done: 0, skipped: 0, leftHere: 0 }));
  const byId = new Map(items.map((item) => [item.id, item]));
  let users = 0;
  let completed = 0;
  let dismissed = 0;
  // Page by page, as the export reads, so a flow with many users never sits in memory at once.
  let after: ProgressPageAfter | undefined;
  for (;;) {
    const rows = await progressPage(storage, flowId, mode, after, EXPORT_PAGE_SIZE);
    for (const row of rows) {
      users++;
      if (row.completed_at !== null) completed++;
      if (row.dismissed_at !== null) dismissed++;
      const states = new Map((JSON.parse(row.items) as ProgressItem[]).map((item) => [item.id, item.state]));
      for (const [id, state] of states) {
        const counted = byId.get(id);
        if (counted && state === 'completed') counted.done++;
        else if (counted && state === 'skipped') counted.skipped++;
      }
      // A dismissal keeps the items' states: the step the user was on is the first one not done.
      if (row.dismissed_at !== null && row.completed_at === null) {
        const step = items.find((item) => (states.get(item.id) ?? 'pending') === 'pending');
        if (step) step.leftHere++;
      }
    }
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < EXPORT_PAGE_SIZE) break;
    after = { workspaceKey: last.workspace_key, userId: last.user_id };
  }
  return { flowId, mode, revisionId: published.revisionId, users, completed, dismissed, items };
}

/** A flow's outcomes in one mode: counts per event, and the `limit` latest. */
export async function flowOutcomes(storage: Storage, scope: OutcomeScope, limit: number) {
  const events = await outcomeEventCounts(storage, scope);
  const recent = await recentOutcomes(storage, scope, limit);
  return { events, recent };
}
