import type { ImportValue } from '@inlay/core';
import { historyOf } from './history.js';
import { problemRows } from './problems-csv.js';
import type { CellRange, ChangeResult, EnumColumnValues, ParamsOf, Request } from './protocol.js';
import type { ReviewTable } from './review-table.js';
import type { Slicer } from './slicer.js';
import { tsvField } from '../tsv.js';

/*
 * The review step's spreadsheet edits (docs/importer.md): fill-down, paste of a block, removal of
 * a selection's rows, copy, undo and redo, the value mapping of enum columns and the CSV of rows
 * with problems. Ranges come as view positions (what the user selected, in a sorted or filtered
 * view) and are turned into file rows here.
 * @internal
 */

/** Distinct values listed per enum column in the value-mapping step. */
export const ENUM_VALUES_LIMIT = 200;

const EDITING = new Set(['undo', 'redo', 'fillDown', 'paste', 'removeView', 'copy', 'enumValues', 'mapValues', 'problemRows']);

type EditingRequest = Extract<Request, { method: 'undo' | 'redo' | 'fillDown' | 'paste' | 'removeView' | 'copy' | 'enumValues' | 'mapValues' | 'problemRows' }>;

export function isEditingRequest(request: Request): request is EditingRequest {
  return EDITING.has(request.method);
}

/** Runs one of this module's requests; changes go through the history so they can be undone. */
export function runEditing(request: EditingRequest, table: ReviewTable, slicer: Slicer): Promise<unknown> | unknown {
  const history = historyOf(table);
  switch (request.method) {
    case 'undo':
      return history.undo(slicer);
    case 'redo':
      return history.redo(slicer);
    case 'fillDown':
      return history.track('fill-down', () => fillDown(table, request.params, slicer));
    case 'paste':
      return history.track('paste', () => paste(table, request.params, slicer));
    case 'removeView':
      return history.track('remove', () => removeView(table, request.params));
    case 'mapValues':
      return history.track('map-values', () => mapValues(table, request.params, slicer));
    case 'copy':
      return copy(table, request.params);
    case 'enumValues':
      return enumValues(table);
    case 'problemRows':
      return problemRows(table, request.params.headers, request.params.problemsHeader, slicer);
  }
}

class Changes {
  readonly rows = new Set<number>();
  count = 0;
  add(changed: readonly number[]): void {
    this.count += 1;
    for (const row of changed) this.rows.add(row);
  }
  result(table: ReviewTable, viewSize?: number): ChangeResult {
    const result: ChangeResult = { changedRows: [...this.rows].sort((a, b) => a - b), changed: this.count, stats: table.stats() };
    if (viewSize !== undefined) result.viewSize = viewSize;
    return result;
  }
}

/** The fields of a range's columns, clamped to the table. */
function fieldsOf(table: ReviewTable, range: CellRange): string[] {
  const from = Math.max(0, Math.min(range.fromCol, range.toCol));
  const to = Math.min(table.fieldKeys.length - 1, Math.max(range.fromCol, range.toCol));
  return table.fieldKeys.slice(from, to + 1);
}

/** Copies each column's top cell down the range, exactly (its value, or its unreadable text). */
export async function fillDown(table: ReviewTable, range: CellRange, slicer: Slicer): Promise<ChangeResult> {
  const changes = new Changes();
  const top = table.rowAtView(range.start);
  if (top < 0) return changes.result(table);
  const sources = fieldsOf(table, range).map((field) => ({ field, value: table.validator.valueAt(top, field), raw: table.rawOf(top, field) }));
  const end = Math.min(range.end, table.viewSize - 1);
  for (let pos = range.start + 1; pos <= end; pos++) {
    const row = table.rowAtView(pos);
    for (const { field, value, raw } of sources) {
      if (table.rawOf(row, field) === raw && sameValue(table.validator.valueAt(row, field), value)) continue;
      changes.add(table.restoreCell(row, field, value, raw));
    }
    if ((pos & 255) === 0) await slicer.maybePause();
  }
  return changes.result(table);
}

/**
 * Writes rows of cells (as copied from a spreadsheet) from the range's top-left cell; what falls
 * past the last row or column is left out. A single copied cell fills the whole range instead.
 */
export async function paste(table: ReviewTable, params: ParamsOf<'paste'>, slicer: Slicer): Promise<ChangeResult> {
  const changes = new Changes();
  const { range } = params;
  let cells = params.cells;
  const single = cells.length === 1 && cells[0]?.length === 1;
  if (single) {
    const text = cells[0]?.[0] ?? '';
    const width = fieldsOf(table, range).length;
    cells = Array.from({ length: Math.abs(range.end - range.start) + 1 }, () => Array.from({ length: width }, () => text));
  }
  const left = Math.min(range.fromCol, range.toCol);
  const start = Math.min(range.start, range.end);
  for (let r = 0; r < cells.length; r++) {
    const row = table.rowAtView(start + r);
    if (row < 0) break;
    const line = cells[r] as string[];
    for (let c = 0; c < line.length; c++) {
      const field = table.fieldKeys[left + c];
      if (field === undefined) break;
      const text = line[c] as string;
      if (table.textOf(row, field) === text) continue;
      changes.add(table.setCell(row, field, text));
    }
    if ((r & 255) === 255) await slicer.maybePause();
  }
  return changes.result(table);
}

/** Removes the rows at view positions `start`…`end` (a selection's rows). */
export function removeView(table: ReviewTable, params: ParamsOf<'removeView'>): ChangeResult {
  const changes = new Changes();
  const rows: number[] = [];
  for (let pos = Math.min(params.start, params.end); pos <= Math.max(params.start, params.end); pos++) {
    const row = table.rowAtView(pos);
    if (row >= 0) rows.push(row);
  }
  for (const row of rows) changes.add(table.setExcluded(row, true));
  table.changed();
  return changes.result(table, table.refreshView());
}

/** The range's cells as tab-separated lines (what spreadsheets paste); a cell with a tab, line break or quote is quoted. */
export function copy(table: ReviewTable, range: CellRange): string {
  const fields = fieldsOf(table, range);
  const lines: string[] = [];
  const end = Math.min(Math.max(range.start, range.end), table.viewSize - 1);
  for (let pos = Math.min(range.start, range.end); pos <= end; pos++) {
    const row = table.rowAtView(pos);
    lines.push(fields.map((field) => tsvField(table.textOf(row, field))).join('\t'));
  }
  return lines.join('\n');
}

/** Each enum column's refused values, most frequent first, with the option core suggests. */
export function enumValues(table: ReviewTable): EnumColumnValues[] {
  const byField = new Map<string, Map<string, { count: number; suggestion: string | null }>>();
  for (const error of table.validation().errors) {
    if (error.code !== 'invalid_enum') continue;
    let values = byField.get(error.field);
    if (!values) byField.set(error.field, (values = new Map()));
    const text = table.textOf(error.row, error.field);
    const seen = values.get(text);
    if (seen) seen.count += 1;
    else values.set(text, { count: 1, suggestion: typeof error.suggestion === 'string' ? error.suggestion : null });
  }
  const out: EnumColumnValues[] = [];
  for (const field of table.fieldKeys) {
    const values = byField.get(field);
    if (!values) continue;
    const sorted = [...values].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]));
    out.push({
      field,
      values: sorted.slice(0, ENUM_VALUES_LIMIT).map(([text, { count, suggestion }]) => ({ text, count, suggestion })),
      more: Math.max(0, sorted.length - ENUM_VALUES_LIMIT),
    });
  }
  return out;
}

/** Sets every refused cell of a field that shows a mapped value to its option. */
export async function mapValues(table: ReviewTable, params: ParamsOf<'mapValues'>, slicer: Slicer): Promise<ChangeResult> {
  const changes = new Changes();
  const map = new Map(params.map.filter(([from, to]) => from !== to));
  if (map.size === 0) return changes.result(table);
  let seen = 0;
  for (const error of table.errorCells(params.field)) {
    const to = map.get(table.textOf(error.row, params.field));
    if (to !== undefined) changes.add(table.setCell(error.row, params.field, to));
    if ((++seen & 1023) === 0) await slicer.maybePause();
  }
  return changes.result(table);
}

function sameValue(a: ImportValue, b: ImportValue): boolean {
  return a === b;
}
