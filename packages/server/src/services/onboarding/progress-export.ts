import { flowStateOf, type KeyMode, type ProgressItem } from '@inlay/core';
import type { Storage } from '../../db/connect.js';
import { notFound } from '../../errors.js';
import { progressPage, type ProgressPageAfter, type ProgressRow } from '../../repositories/onboarding/progress-pages.js';
import { findPublished } from '../../repositories/publishing/resources.js';

/**
 * A flow's hosted progress as CSV (RFC 4180), one row per end user, for operators (the CLI's
 * `inlay progress export` and the dashboard's download). Written page by page as it is read, so a flow
 * with any number of users never sits in memory at once. Columns (docs/self-hosting.md):
 *
 *   workspaceKey, userId, state, startedAt, completedAt, dismissedAt, snoozedUntil, updatedAt,
 *   revisionId, then `item:<id>` per item of the published flow, in its order.
 *
 * Items a user's progress holds from an older revision and the published flow no longer has are
 * left out; an item their progress does not hold yet is `pending`.
 */

/** Rows read per query. */
export const EXPORT_PAGE_SIZE = 1_000;

const FIXED_COLUMNS = ['workspaceKey', 'userId', 'state', 'startedAt', 'completedAt', 'dismissedAt', 'snoozedUntil', 'updatedAt', 'revisionId'];

/**
 * One CSV cell: a text starting with `=`, `+`, `-`, `@`, TAB or CR gets a leading `'` so that a
 * spreadsheet shows it instead of running it as a formula (end users choose their ids); then
 * RFC 4180 quoting when it holds a quote, comma or line break.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(cells: readonly (string | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function itemIdsOf(config: unknown): string[] {
  const items = (config as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.flatMap((item) => (typeof (item as { id?: unknown }).id === 'string' ? [(item as { id: string }).id] : [])) : [];
}

function lineOf(row: ProgressRow, itemIds: readonly string[], now: Date): string {
  const items = JSON.parse(row.items) as ProgressItem[];
  const states = new Map(items.map((item) => [item.id, item.state]));
  const state = flowStateOf({ items, dismissedAt: row.dismissed_at, snoozedUntil: row.snoozed_until, completedAt: row.completed_at }, now);
  return csvLine([
    row.workspace_key,
    row.user_id,
    state,
    row.started_at,
    row.completed_at,
    row.dismissed_at,
    row.snoozed_until,
    row.updated_at,
    row.revision_id,
    ...itemIds.map((id) => states.get(id) ?? 'pending'),
  ]);
}

/**
 * The CSV of a flow's progress in `mode`, as chunks of text: the header, then one chunk per page
 * of rows. Not found when there is no such flow.
 */
export async function* exportProgressCsv(storage: Storage, flowId: string, mode: KeyMode, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  const flow = await findPublished(storage, 'flow', flowId);
  if (flow === undefined) throw notFound('flow', flowId);
  const itemIds = itemIdsOf(flow.published?.config ?? null);
  yield csvLine([...FIXED_COLUMNS, ...itemIds.map((id) => `item:${id}`)]);
  const now = new Date();
  let after: ProgressPageAfter | undefined;
  for (;;) {
    const rows = await progressPage(storage, flowId, mode, after, pageSize);
    if (rows.length > 0) yield rows.map((row) => lineOf(row, itemIds, now)).join('');
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < pageSize) return;
    after = { workspaceKey: last.workspace_key, userId: last.user_id };
  }
}
