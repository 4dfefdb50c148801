import { type ColumnReader, EXTRA_KEY, type ImportValue } from '@inlay/core';
import type { ChangeResult, ParamsOf, Progress } from './protocol.js';
import type { ReviewTable } from './review-table.js';
import type { Slicer } from './slicer.js';

/*
 * The grid's bulk changes, run over the engine's table in slices (a column of a million cells
 * takes a while) with the rows they changed collected for the grid to re-read.
 * @internal
 */

type Report = (progress: Progress) => void;

class Changes {
  readonly rows = new Set<number>();
  count = 0;
  add(changed: readonly number[] | null): void {
    if (changed === null) return;
    this.count += 1;
    for (const row of changed) this.rows.add(row);
  }
  result(table: ReviewTable): ChangeResult {
    return { changedRows: [...this.rows].sort((a, b) => a - b), changed: this.count, stats: table.stats() };
  }
}

/** Every refused cell of `field` showing `from` is set to `to`: "apply this fix to all similar values". */
export async function replaceSimilar(table: ReviewTable, params: ParamsOf<'replaceSimilar'>, slicer: Slicer): Promise<ChangeResult> {
  const changes = new Changes();
  for (const error of table.errorCells(params.field)) {
    if (table.textOf(error.row, params.field) === params.from) changes.add(table.setCell(error.row, params.field, params.to));
    await slicer.maybePause();
  }
  return changes.result(table);
}

/** Accepts suggestions in one field: for the cells showing `raw`, or for all of them. */
export async function acceptSuggestions(table: ReviewTable, params: ParamsOf<'acceptSuggestions'>, slicer: Slicer): Promise<ChangeResult> {
  const changes = new Changes();
  if (params.row !== undefined) {
    changes.add(table.acceptSuggestion(params.row, params.field));
    return changes.result(table);
  }
  for (const error of table.errorCells(params.field)) {
    if (error.suggestion === undefined || error.suggestion === null) continue;
    if (params.raw === undefined || table.textOf(error.row, params.field) === params.raw) {
      changes.add(table.acceptSuggestion(error.row, params.field));
    }
    await slicer.maybePause();
  }
  return changes.result(table);
}

export function countSimilar(table: ReviewTable, params: ParamsOf<'countSimilar'>): number {
  let count = 0;
  for (const error of table.errorCells(params.field)) if (table.textOf(error.row, params.field) === params.raw) count += 1;
  return count;
}

/**
 * Find and replace in one column, over what the cells show (the user's text where it could not be
 * read). With `wholeCell` an empty `find` matches empty cells, to fill them in.
 */
export async function findReplace(table: ReviewTable, params: ParamsOf<'findReplace'>, slicer: Slicer, report: Report): Promise<ChangeResult> {
  const { field, find, replace, matchCase, wholeCell } = params;
  const changes = new Changes();
  if (find === '' && !wholeCell) return changes.result(table);
  const pattern = new RegExp(escapeRegExp(find), matchCase ? 'g' : 'gi');
  const wanted = matchCase ? find : find.toLowerCase();
  const excluded = new Set(table.validation().excludedRows);
  const total = table.rowCount;
  for (let row = 0; row < total; row++) {
    if (excluded.has(row)) continue;
    const text = table.textOf(row, field);
    let next: string | undefined;
    if (wholeCell) {
      if ((matchCase ? text : text.toLowerCase()) === wanted) next = replace;
    } else if ((matchCase ? text : text.toLowerCase()).includes(wanted)) {
      next = text.replace(pattern, () => replace);
    }
    if (next !== undefined && next !== text) changes.add(table.setCell(row, field, next));
    if ((row & 1023) === 0 && slicer.due) {
      report({ phase: 'change', done: row, total, rows: changes.count });
      await slicer.pause();
    }
  }
  return changes.result(table);
}

/**
 * The rows for the host page, as objects keyed by field key, in chunks of `chunkSize` (each a
 * message of its own, so no single message is slow to read on the main thread).
 */
export async function records(table: ReviewTable, params: ParamsOf<'records'>, slicer: Slicer, report: Report): Promise<{ rowCount: number; errorCount: number }> {
  const validation = table.validation();
  const skipped = new Set(validation.excludedRows);
  if (params.onlyValid) for (const error of validation.errors) skipped.add(error.row);
  const { fieldKeys } = validation;
  const columns = fieldKeys.map((_, i) => table.validator.columnAt(i));
  const chunkSize = params.chunkSize ?? 10_000;
  const ownKeys = fieldKeys.includes('__proto__');
  let chunk: Record<string, ImportValue | Record<string, string>>[] = [];
  let rowCount = 0;
  const send = () => {
    report({ phase: 'records', done: rowCount, total: validation.rowCount - skipped.size, rows: rowCount, records: chunk });
    chunk = [];
  };
  for (let row = 0; row < validation.rowCount; row++) {
    if (skipped.has(row)) continue;
    const record: Record<string, ImportValue | Record<string, string>> = {};
    for (let i = 0; i < fieldKeys.length; i++) {
      const value = (columns[i] as ColumnReader).get(row);
      // A field may be called `__proto__`: define it rather than assign (which would set the prototype).
      if (ownKeys) Object.defineProperty(record, fieldKeys[i] as string, { value, enumerable: true, writable: true, configurable: true });
      else record[fieldKeys[i] as string] = value;
    }
    // Unmapped cells (`unmappedColumns: "keep"`): the config refuses a field keyed `extra` beside them.
    if (table.extra !== null) record[EXTRA_KEY] = table.extra.record(row);
    chunk.push(record);
    rowCount += 1;
    if (chunk.length >= chunkSize) {
      send();
      await slicer.maybePause();
    }
  }
  if (chunk.length > 0) send();
  // Rows with a problem, not problem cells: the session's errorCount cannot exceed its rowCount.
  return { rowCount, errorCount: params.onlyValid ? 0 : validation.invalidRowCount };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
