import type { ImportValue } from '@inlay/core';
import type { ViewFilter } from './protocol.js';
import type { ReviewTable } from './review-table.js';

/*
 * Sorting and filtering by column (docs/importer.md). A view is a list of row indexes into the
 * table; the table itself, and so the order rows are imported in, never moves.
 * @internal
 */

/** Whether a filter needs this module (a sort or a text filter), not just the table's own views. */
export function isQuery(filter: ViewFilter): boolean {
  return (filter.sort !== undefined && filter.sort !== null) || (filter.contains !== undefined && filter.contains !== null && filter.contains.text !== '');
}

/**
 * The rows of a view with a sort or a text filter: the included rows (or those with problems),
 * those whose cell contains the text, sorted by the column's values — numbers and dates by value,
 * text by a case-insensitive collation — with empty cells last either way, ties in file order.
 */
export function queryView(table: ReviewTable, filter: ViewFilter, base: Int32Array | null): Int32Array {
  let rows = base ?? Int32Array.from({ length: table.rowCount }, (_, row) => row);
  const contains = filter.contains;
  if (contains && contains.text !== '') {
    const wanted = contains.text.toLocaleLowerCase();
    const kept: number[] = [];
    for (const row of rows) if (table.textOf(row, contains.field).toLocaleLowerCase().includes(wanted)) kept.push(row);
    rows = Int32Array.from(kept);
  }
  const sort = filter.sort;
  if (!sort) return rows;
  const column = table.validator.columnAt(table.fieldOf(sort.field));
  const sign = sort.direction === 'asc' ? 1 : -1;
  // Keys are read once per row (not per comparison): a million-row sort then compares plain
  // values. Values come first, then text that could not be read, then empty cells, either way.
  const keys: (ImportValue | string)[] = new Array(rows.length);
  const ranks = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as number;
    const value = column.get(row);
    if (value !== null) keys[i] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    else {
      const raw = table.rawOf(row, sort.field);
      keys[i] = raw;
      ranks[i] = raw === null ? 2 : 1;
    }
  }
  const order = Array.from({ length: rows.length }, (_, i) => i);
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  order.sort((a, b) => {
    const rank = (ranks[a] as number) - (ranks[b] as number);
    if (rank !== 0) return rank;
    const x = keys[a];
    const y = keys[b];
    if (x === null || y === null || x === undefined || y === undefined) return a - b;
    const compared = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return compared === 0 ? a - b : sign * compared;
  });
  const sorted = new Int32Array(rows.length);
  for (let i = 0; i < order.length; i++) sorted[i] = rows[order[i] as number] as number;
  return sorted;
}
