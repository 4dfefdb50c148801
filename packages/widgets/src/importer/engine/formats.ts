import type { ColumnFormats, DateOrder, NumberFormat } from '@inlay/core';
import type { ColumnFormat, LoadParams } from './protocol.js';

/*
 * The engine's side of whole-column format detection (docs/importer.md, "Number and date
 * formats"): core's ColumnTallies count every number and date cell during the one pass that
 * validates them; these functions turn the counts, the delimiter and the user's choices into the
 * validator's options and the element's questions.
 */

/** The validator options that depend on formats. @internal */
export interface FormatOptions {
  numberFormat: NumberFormat;
  numberFormats: Record<string, NumberFormat>;
  dateOrder: DateOrder | null;
  dateOrders: Record<string, DateOrder>;
}

/**
 * The decimal separator a delimiter hints at: spreadsheets in comma-decimal locales write CSV
 * with `;`, since `,` is their decimal mark. Only a hint, for columns nothing else settles.
 * @internal
 */
export function delimiterHint(delimiter: string | null): NumberFormat | undefined {
  return delimiter === ';' ? 'comma' : undefined;
}

function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

function put<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The options to validate with: each number field's detected format unless the user chose one,
 * the dates' order for suggestions (all date columns together, as before), and the orders the
 * user confirmed.
 * @internal
 */
export function formatOptions(detected: ColumnFormats, params: Pick<LoadParams, 'numberFormats' | 'dateOrders'>, fallback: NumberFormat): FormatOptions {
  const numberFormats: Record<string, NumberFormat> = {};
  let first: NumberFormat | undefined;
  for (const [key, column] of Object.entries(detected.numbers)) {
    const format = own(params.numberFormats, key) ?? column.format;
    first ??= format;
    put(numberFormats, key, format);
  }
  const dateOrders: Record<string, DateOrder> = {};
  for (const [key, order] of Object.entries(params.dateOrders ?? {})) put(dateOrders, key, order);
  let dmy = 0;
  let mdy = 0;
  let ymd = 0;
  for (const column of Object.values(detected.dates)) {
    dmy += column.counts.dmy;
    mdy += column.counts.mdy;
    ymd += column.counts.ymd;
  }
  const dateOrder: DateOrder | null = dmy > 0 || mdy > 0 ? (dmy === mdy ? null : dmy > mdy ? 'dmy' : 'mdy') : ymd > 0 ? 'ymd' : null;
  return { numberFormat: first ?? fallback, numberFormats, dateOrder, dateOrders };
}

/** Whether two sets of options read every cell the same. @internal */
export function sameFormats(a: FormatOptions, b: FormatOptions): boolean {
  if (a.dateOrder !== b.dateOrder) return false;
  const keys = new Set([...Object.keys(a.numberFormats), ...Object.keys(b.numberFormats)]);
  for (const key of keys) if (own(a.numberFormats, key) !== own(b.numberFormats, key)) return false;
  return true;
}

/** What the element shows and asks about, in field order. @internal */
export function columnFormatsOf(detected: ColumnFormats, params: LoadParams, used: FormatOptions): ColumnFormat[] {
  const out: ColumnFormat[] = [];
  for (const field of params.config.fields) {
    const number = own(detected.numbers, field.key);
    if (number !== undefined) {
      const chosen = own(params.numberFormats, field.key) !== undefined;
      out.push({ kind: 'number', field: field.key, format: own(used.numberFormats, field.key) ?? used.numberFormat, ambiguous: number.ambiguous, example: number.example, chosen });
    }
    const date = own(detected.dates, field.key);
    if (date !== undefined) {
      const confirmed = own(params.dateOrders, field.key);
      out.push({ kind: 'date', field: field.key, order: confirmed ?? date.order, ambiguous: date.ambiguous, example: date.example, chosen: confirmed !== undefined });
    }
  }
  return out;
}
