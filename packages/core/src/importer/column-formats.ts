import type { FieldDefinition } from '../schemas/importer.js';
import { parseNumber } from './number-format.js';
import { cellText } from './byte-records.js';
import type { ByteRecords, ColumnIndexMapping, DateOrder, NumberFormat, RowCells } from './types.js';

/*
 * Whole-column format detection (docs/importer.md, "Number and date formats"). Each number and
 * date column is tallied cell by cell while the table is read — every value, not a sample — so a
 * column whose first ten thousand rows are all `1.250`-shaped and whose last row is `1.234,5` is
 * still read right. The tallies are counts, so a million rows cost a few integers per column,
 * and a cell with no separator (most integers, every ISO date) is passed over after a byte or two.
 */

const PLUS = 0x2b;
const COMMA = 0x2c;
const HYPHEN = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;

/** {@link numberShape}: the cell reads the same in both formats, or in neither. */
const SHAPE_NEUTRAL = 0;
/** {@link numberShape}: a number only with a decimal point (`1.5`, `1,234.5`). */
const SHAPE_DOT = 1;
/** {@link numberShape}: a number only with a decimal comma (`1,5`, `1.234,5`). */
const SHAPE_COMMA = 2;
/** {@link numberShape}: a different number in each format (`1.250`, `1,250`). */
const SHAPE_AMBIGUOUS = 3;
/** {@link simpleShape}: not of the simple shape; read it both ways. */
const NOT_SIMPLE = -1;

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** What a number column's cells say about its decimal separator. */
export interface NumberColumnFormat {
  /** The decimal separator to read the column with. */
  format: NumberFormat;
  /**
   * Nothing settles the format — no cell reads in only one of them — yet some cells read as a
   * different number in each (`1.250`): ask the user rather than guess (`format` is then the
   * hint's, or `'dot'`).
   */
  ambiguous: boolean;
  /** The first cell that reads differently in the two formats, to show in the question. */
  example: string | undefined;
  /** Cells read only with a decimal point, only with a decimal comma, and either way. */
  counts: { dot: number; comma: number; ambiguous: number };
}

/**
 * Tallies a number column's cells. Cells of the simple shape `[+-]?digits<sep>digits` are
 * classified from their characters (or bytes); anything else with a `.` or `,` is read in both
 * formats with {@link parseNumber}.
 *
 * @example
 * const tally = new NumberFormatTally();
 * for (const cell of ['45.000', '52.500', '1.250']) tally.addText(cell);
 * tally.result('comma')  // { format: 'comma', ambiguous: true, example: '45.000', … }
 * tally.addText('1.234,5');
 * tally.result()         // { format: 'comma', ambiguous: false, … }
 */
export class NumberFormatTally {
  dot = 0;
  comma = 0;
  ambiguous = 0;
  example: string | undefined;

  /** Adds one cell (untrimmed, as read from the file). */
  addText(raw: string | undefined): void {
    if (raw === undefined) return;
    const length = raw.length;
    let separators = 0;
    for (let i = 0; i < length; i++) {
      const code = raw.charCodeAt(i);
      if (code === DOT || code === COMMA) separators += 1;
    }
    if (separators === 0) return;
    const text = raw.trim();
    const simple = separators === 1 ? simpleShape((i) => text.charCodeAt(i), text.length) : NOT_SIMPLE;
    this.#count(simple === NOT_SIMPLE ? parsedShape(text) : simple, text);
  }

  /** Adds the cell `bytes[start…end)` of a UTF-8 file (the engine's byte path). */
  addBytes(bytes: Uint8Array, start: number, end: number): void {
    let separators = 0;
    for (let i = start; i < end; i++) {
      const code = bytes[i] as number;
      if (code === DOT || code === COMMA) separators += 1;
    }
    if (separators === 0) return;
    const first = bytes[start] as number;
    const last = bytes[end - 1] as number;
    if (separators === 1 && first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f) {
      const shape = simpleShape((i) => bytes[start + i] as number, end - start);
      if (shape !== NOT_SIMPLE && (shape !== SHAPE_AMBIGUOUS || this.example !== undefined)) {
        this.#countShape(shape);
        return;
      }
    }
    this.addText(utf8.decode(bytes.subarray(start, end)));
  }

  /** Adds the tallies of another part of the same column. */
  addTally(other: NumberFormatTally): void {
    this.dot += other.dot;
    this.comma += other.comma;
    this.ambiguous += other.ambiguous;
    this.example ??= other.example;
  }

  /**
   * The column's format: the one more cells read in only; on a tie or no such cell, `fallback`
   * (say, the format the file's other number columns settle on, or the delimiter's hint).
   */
  result(fallback: NumberFormat = 'dot'): NumberColumnFormat {
    const counts = { dot: this.dot, comma: this.comma, ambiguous: this.ambiguous };
    const settled = this.dot !== this.comma;
    return {
      format: settled ? (this.dot > this.comma ? 'dot' : 'comma') : fallback,
      ambiguous: !settled && this.ambiguous > 0,
      example: this.example,
      counts,
    };
  }

  /** Whether any cell reads in only one format. */
  get settled(): boolean {
    return this.dot !== this.comma;
  }

  #count(shape: number, text: string): void {
    if (shape === SHAPE_AMBIGUOUS) this.example ??= text;
    this.#countShape(shape);
  }

  #countShape(shape: number): void {
    if (shape === SHAPE_DOT) this.dot += 1;
    else if (shape === SHAPE_COMMA) this.comma += 1;
    else if (shape === SHAPE_AMBIGUOUS) this.ambiguous += 1;
  }
}

/**
 * The shape of a trimmed cell with exactly one `.` or `,`: `[+-]?d{1,3}<sep>ddd` with a first
 * digit that is not 0 is a decimal in one format and a thousands group in the other; any other
 * `[+-]?digits<sep>digits` reads only in its separator's format. Other cells are read both ways.
 */
function simpleShape(codeAt: (i: number) => number, length: number): number {
  const first = codeAt(0);
  let at = first === PLUS || first === HYPHEN ? 1 : 0;
  const digitsFrom = at;
  let separator = 0;
  let separatorAt = -1;
  for (; at < length; at++) {
    const code = codeAt(at);
    if (code === DOT || code === COMMA) {
      separator = code;
      separatorAt = at;
    } else if (code - DIGIT_0 < 0 || code - DIGIT_0 > 9) {
      return NOT_SIMPLE;
    }
  }
  const integerDigits = separatorAt - digitsFrom;
  const fractionDigits = length - separatorAt - 1;
  if (integerDigits <= 0 || fractionDigits <= 0) return NOT_SIMPLE;
  const own = separator === DOT ? SHAPE_DOT : SHAPE_COMMA;
  return integerDigits <= 3 && fractionDigits === 3 && codeAt(digitsFrom) !== DIGIT_0 ? SHAPE_AMBIGUOUS : own;
}

/** The shape of any trimmed cell, from reading it in both formats. */
function parsedShape(text: string): number {
  if (text === '') return SHAPE_NEUTRAL;
  const dot = parseNumber(text, 'dot');
  const comma = parseNumber(text, 'comma');
  const asDot = !Number.isNaN(dot);
  const asComma = !Number.isNaN(comma);
  if (asDot && !asComma) return SHAPE_DOT;
  if (asComma && !asDot) return SHAPE_COMMA;
  return asDot && dot !== comma ? SHAPE_AMBIGUOUS : SHAPE_NEUTRAL;
}

/** What a date column's cells say about their day/month order. */
export interface DateColumnOrder {
  /** The order the cells that settle it vote for; `null` when none do or they tie. */
  order: DateOrder | null;
  /**
   * Some cells could be read either way round (`03/04/2026`) and no cell (or a tie) settles
   * which: ask the user.
   */
  ambiguous: boolean;
  /** The first such cell, to show in the question. */
  example: string | undefined;
  counts: { dmy: number; mdy: number; ymd: number; ambiguous: number };
}

const DATE_PART = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:$|[\sT])/;
const YEAR_FIRST = /^\d{4}[/.]\d{1,2}[/.]\d{1,2}(?:$|[\sT])/;

/**
 * Tallies a date column's cells: `25/12/2026` votes day-first, `12/25/2026` month-first,
 * `2026/12/25` year-first, and `03/04/2026` (both parts 12 or under, and different) is
 * ambiguous. ISO dates (`2026-12-25`) say nothing and are passed over first.
 *
 * @example
 * const tally = new DateOrderTally();
 * tally.addText('03/04/2024');
 * tally.result()  // { order: null, ambiguous: true, example: '03/04/2024', … }
 */
export class DateOrderTally {
  dmy = 0;
  mdy = 0;
  ymd = 0;
  ambiguous = 0;
  example: string | undefined;

  addText(raw: string | undefined): void {
    if (raw === undefined || raw.length < 6) return;
    if (raw.length >= 10 && raw.charCodeAt(4) === HYPHEN && raw.charCodeAt(7) === HYPHEN) return;
    const text = raw.trim();
    const match = DATE_PART.exec(text);
    if (!match) {
      if (YEAR_FIRST.test(text)) this.ymd += 1;
      return;
    }
    const a = Number(match[1]);
    const b = Number(match[2]);
    if (a > 12 && a <= 31 && b >= 1 && b <= 12) this.dmy += 1;
    else if (b > 12 && b <= 31 && a >= 1 && a <= 12) this.mdy += 1;
    else if (a >= 1 && a <= 12 && b >= 1 && b <= 12 && a !== b) {
      this.ambiguous += 1;
      this.example ??= text;
    }
  }

  addBytes(bytes: Uint8Array, start: number, end: number): void {
    if (end - start < 6) return;
    // ISO dates, nearly every date cell of most files, are passed over without a string.
    if (end - start >= 10 && bytes[start + 4] === HYPHEN && bytes[start + 7] === HYPHEN) return;
    this.addText(utf8.decode(bytes.subarray(start, end)));
  }

  addTally(other: DateOrderTally): void {
    this.dmy += other.dmy;
    this.mdy += other.mdy;
    this.ymd += other.ymd;
    this.ambiguous += other.ambiguous;
    this.example ??= other.example;
  }

  result(): DateColumnOrder {
    const counts = { dmy: this.dmy, mdy: this.mdy, ymd: this.ymd, ambiguous: this.ambiguous };
    if (this.dmy > 0 || this.mdy > 0) {
      const tie = this.dmy === this.mdy;
      return { order: tie ? null : this.dmy > this.mdy ? 'dmy' : 'mdy', ambiguous: tie && this.ambiguous > 0, example: this.example, counts };
    }
    return { order: this.ymd > 0 ? 'ymd' : null, ambiguous: this.ambiguous > 0, example: this.example, counts };
  }
}

/** The formats of a table's number and date columns, by field key. */
export interface ColumnFormats {
  numbers: Record<string, NumberColumnFormat>;
  dates: Record<string, DateColumnOrder>;
}

/**
 * The decimal separator of each number field and the day/month order of each date field, from
 * every row. A number column that nothing settles takes the format the file's other number
 * columns settle on together (a file has one locale), else `hint` — `'comma'` suits a file
 * delimited by `;`, as spreadsheets write CSV in comma-decimal locales — else `'dot'`; it is
 * `ambiguous` only when neither the column nor the file settles it.
 *
 * @example
 * detectColumnFormats(fields, rows, { amount: 0, start: 1 }, 'comma')
 * // { numbers: { amount: { format: 'comma', ambiguous: true, example: '1.250', … } },
 * //   dates: { start: { order: null, ambiguous: true, example: '03/04/2024', … } } }
 */
export function detectColumnFormats(
  fields: readonly FieldDefinition[],
  rows: Iterable<RowCells>,
  mapping?: ColumnIndexMapping,
  hint?: NumberFormat,
): ColumnFormats {
  const tallies = new ColumnTallies(fields, mapping);
  for (const cells of rows) tallies.addRow(cells);
  return tallies.result(hint);
}

/**
 * The tallies of a table's number and date columns, fed row by row (or from byte records) while
 * the table is read; see {@link detectColumnFormats}.
 * @internal
 */
export class ColumnTallies {
  /** Field key, column index and tally of each mapped number field. */
  readonly numbers: { key: string; column: number; tally: NumberFormatTally }[] = [];
  readonly dates: { key: string; column: number; tally: DateOrderTally }[] = [];

  constructor(fields: readonly FieldDefinition[], mapping?: ColumnIndexMapping) {
    fields.forEach((field, i) => {
      const column = mapping === undefined ? i : Object.hasOwn(mapping, field.key) ? mapping[field.key] : undefined;
      if (column === undefined) return;
      if (field.type === 'number') this.numbers.push({ key: field.key, column, tally: new NumberFormatTally() });
      else if (field.type === 'date') this.dates.push({ key: field.key, column, tally: new DateOrderTally() });
    });
  }

  get empty(): boolean {
    return this.numbers.length === 0 && this.dates.length === 0;
  }

  addRow(cells: RowCells): void {
    for (const { column, tally } of this.numbers) tally.addText(cells[column]);
    for (const { column, tally } of this.dates) tally.addText(cells[column]);
  }

  addRows(rows: Iterable<RowCells>): void {
    if (this.empty) return;
    for (const cells of rows) this.addRow(cells);
  }

  /**
   * Adds records `from`… of a piece of a UTF-8 file. A cell quoted with `""` inside is decoded
   * as the text reader would read it.
   */
  addByteRecords(records: ByteRecords, from: number): void {
    if (this.empty) return;
    const { bytes, count, first, starts, ends, escaped } = records;
    for (const { column, tally } of this.numbers) {
      for (let r = from; r < count; r++) {
        const c = (first[r] as number) + column;
        if (c >= (first[r + 1] as number)) continue;
        if (escaped[c] === 0) tally.addBytes(bytes, starts[c] as number, ends[c] as number);
        else tally.addText(cellText(records, r, column));
      }
    }
    for (const { column, tally } of this.dates) {
      for (let r = from; r < count; r++) {
        const c = (first[r] as number) + column;
        if (c >= (first[r + 1] as number)) continue;
        if (escaped[c] === 0) tally.addBytes(bytes, starts[c] as number, ends[c] as number);
        else tally.addText(cellText(records, r, column));
      }
    }
  }

  result(hint?: NumberFormat): ColumnFormats {
    // The file's own evidence, all number columns together, for columns that have none.
    const file = new NumberFormatTally();
    for (const { tally } of this.numbers) file.addTally(tally);
    const fallback = file.settled ? file.result().format : (hint ?? 'dot');
    const numbers: Record<string, NumberColumnFormat> = {};
    for (const { key, tally } of this.numbers) {
      const own = tally.result(fallback);
      if (own.ambiguous && file.settled) own.ambiguous = false;
      Object.defineProperty(numbers, key, { value: own, enumerable: true, writable: true, configurable: true });
    }
    const dates: Record<string, DateColumnOrder> = {};
    for (const { key, tally } of this.dates) {
      Object.defineProperty(dates, key, { value: tally.result(), enumerable: true, writable: true, configurable: true });
    }
    return { numbers, dates };
  }
}
