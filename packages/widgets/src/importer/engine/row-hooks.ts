import { applyHookMessages, type HookCellMessage, type HookRow } from '@inlay/core';
import type { ChangeResult, ParamsOf } from './protocol.js';
import type { ReviewTable } from './review-table.js';

/*
 * The engine's side of the host's row hooks (docs/importer.md, "Hooks"): the hooks are functions
 * of the page, so they run on the main thread; the engine hands them batches of rows and takes
 * back changed cells and messages. The main thread's side is `../row-hooks.ts`.
 * @internal
 */

/** The rows `start`… of the table that are not removed, with their values. */
export function hookRows(table: ReviewTable, params: ParamsOf<'hookRows'>): HookRow[] {
  const excluded = new Set(table.validation().excludedRows);
  const rows: HookRow[] = [];
  const end = Math.min(table.rowCount, params.start + params.count);
  for (let row = params.start; row < end; row++) if (!excluded.has(row)) rows.push({ row, values: table.validator.record(row) });
  return rows;
}

/** Cells a `transformRow` hook changed, set as if the user had typed them. */
export function hookTransform(table: ReviewTable, params: ParamsOf<'hookTransform'>): ChangeResult {
  const changed = new Set<number>();
  for (const { row, field, raw } of params.cells) for (const at of table.setCell(row, field, raw)) changed.add(at);
  return { changedRows: [...changed].sort((a, b) => a - b), changed: params.cells.length, stats: table.stats() };
}

/** A `validateRow` hook's messages for a batch, replacing its earlier ones for those rows. */
export function hookValidate(table: ReviewTable, params: { rows: number[]; messages: HookCellMessage[] }): ChangeResult {
  const changedRows = applyHookMessages(table.validator, table.fieldKeys, params.rows, params.messages);
  table.changed();
  return { changedRows, changed: params.messages.length, stats: table.stats() };
}
