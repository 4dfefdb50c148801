import { type ByteRecords, type CellError, type ExtraColumn, type FieldDefinition, type ImportValue, type RowOptions, shownText, type TableConfig, type TableReview, TableValidator } from '@inlay/core';
import { ExtraCells } from './extra-cells.js';
import { problemWording } from './problem-wording.js';
import type { CellIssue, GridRow, Stats, ViewFilter } from './protocol.js';
import { isQuery, queryView } from './views.js';

/**
 * The validated table the user reviews: core's {@link TableValidator} (values by column, errors,
 * `unique` and `duplicateKey` indexes) plus what the grid needs besides — the text the user wrote
 * in cells that could not be read (their value is null), and the rows the grid shows (all rows
 * kept, or only those with errors). Raw text is kept for refused cells only, so a million valid
 * rows cost no more than their values.
 * @internal
 */
export class ReviewTable {
  readonly validator: TableValidator;
  readonly fieldKeys: string[];
  readonly #fieldIndex = new Map<string, number>();
  readonly #columns: number[];
  /** Raw text of refused cells, by `row * fieldCount + field`. */
  readonly #raw = new Map<number, string>();
  #view: Int32Array | null = null;
  #viewSize = 0;
  #filter: ViewFilter = { errors: false };
  /** `finish()` walks every error and duplicate group: kept until the next change. */
  #validation: TableReview | undefined;
  unreadable = 0;
  /** The unmapped cells kept with `unmappedColumns: "keep"`, or null. */
  readonly extra: ExtraCells | null;
  /** Told of each cell and row about to change, so the change can be undone (engine/history.ts). */
  recorder: ChangeRecorder | null = null;

  constructor(
    readonly config: TableConfig,
    options: RowOptions & { mapping: Record<string, number>; extraColumns?: readonly ExtraColumn[] | undefined },
  ) {
    this.validator = new TableValidator(config, options);
    this.extra = options.extraColumns !== undefined && options.extraColumns.length > 0 ? new ExtraCells(options.extraColumns) : null;
    this.fieldKeys = config.fields.map((field) => field.key);
    this.fieldKeys.forEach((key, i) => this.#fieldIndex.set(key, i));
    this.#columns = this.fieldKeys.map((key) => (Object.hasOwn(options.mapping, key) ? (options.mapping[key] as number) : -1));
  }

  get rowCount(): number {
    return this.validator.rowCount;
  }

  /** The errors, duplicates and removals as of now (cached until the next change). */
  validation(): TableReview {
    this.#validation ??= this.validator.review();
    return this.#validation;
  }

  /** Forget the cached validation: call after changing the validator directly. */
  changed(): void {
    this.#validation = undefined;
  }

  /** Validates the next rows of cells; the hot path of a load (of a file that is not UTF-8, a sheet or a paste). */
  addRows(rows: readonly (readonly string[])[]): void {
    this.#validation = undefined;
    this.extra?.addRows(rows);
    this.validator.addRows(rows, (row, cells) => this.#keepRaw(row, (column) => cells[column]));
  }

  /** Validates the next rows given as byte ranges (records `from`… of `records`): the hot path of a UTF-8 file's load. */
  addByteRecords(records: ByteRecords, from: number): void {
    this.#validation = undefined;
    this.extra?.addByteRecords(records, from);
    this.validator.addByteRecords(records, this.#keepRaw, from);
  }

  /** Keeps the text of a new row's cells that could not be read. */
  readonly #keepRaw = (row: number, cellAt: (column: number) => string | undefined): void => {
    for (const error of this.validator.errorsOf(row)) {
      const column = this.#columns[this.fieldOf(error.field)] as number;
      if (column < 0 || !isUnreadable(error)) continue;
      const text = cellAt(column);
      if (text !== undefined && text.trim() !== '') this.#raw.set(this.#key(row, error.field), detached(text));
    }
  };

  fieldOf(key: string): number {
    const i = this.#fieldIndex.get(key);
    if (i === undefined) throw new RangeError(`no field has key ${JSON.stringify(key)}`);
    return i;
  }

  /** What a cell shows: the user's text where it could not be read, else its value as text. */
  textOf(row: number, field: string): string {
    const raw = this.#raw.get(this.#key(row, field));
    return raw === undefined ? valueText(this.validator.valueAt(row, field)) : shownText(raw);
  }

  /**
   * Sets a cell from text the user wrote (an edit, a replacement), re-checking uniqueness. Answers
   * the rows that changed: this one, and those whose repeat errors moved.
   */
  setCell(row: number, field: string, text: string): number[] {
    this.recorder?.cell(row, field);
    this.#validation = undefined;
    const change = this.validator.revalidateCell(row, field, text);
    this.#noteRaw(row, field, change.error, text);
    return withRow(change.changedRows, row);
  }

  /** Accepts a refused cell's suggestion; `null` when it has none. */
  acceptSuggestion(row: number, field: string): number[] | null {
    if (this.validator.errorsOf(row).some((error) => error.field === field && error.suggestion !== undefined && error.suggestion !== null)) this.recorder?.cell(row, field);
    this.#validation = undefined;
    const change = this.validator.applySuggestion(row, field);
    if (change === null) return null;
    this.#noteRaw(row, field, change.error, valueText(change.value));
    return withRow(change.changedRows, row);
  }

  /** The text the user wrote in a refused cell, or null (its value is then what it shows). */
  rawOf(row: number, field: string): string | null {
    return this.#raw.get(this.#key(row, field)) ?? null;
  }

  /** Puts a cell back as it was: its refused text read again, or its value as it was (an undo). */
  restoreCell(row: number, field: string, value: ImportValue, raw: string | null): number[] {
    this.recorder?.cell(row, field);
    this.#validation = undefined;
    if (raw !== null) {
      const change = this.validator.revalidateCell(row, field, raw);
      this.#noteRaw(row, field, change.error, raw);
      return withRow(change.changedRows, row);
    }
    const change = this.validator.restoreValue(row, field, value);
    this.#raw.delete(this.#key(row, field));
    return withRow(change.changedRows, row);
  }

  /** Sets a row aside or brings it back; answers the rows whose errors changed. */
  setExcluded(row: number, excluded: boolean): number[] {
    const changed = this.validator.setRowExcluded(row, excluded);
    if (changed.length === 0) return changed;
    this.#validation = undefined;
    this.recorder?.excluded(row, !excluded);
    return changed;
  }

  /** The file row shown at view position `pos`, or -1 past the end. */
  rowAtView(pos: number): number {
    if (pos < 0 || pos >= this.#viewSize) return -1;
    return this.#view === null ? pos : (this.#view[pos] as number);
  }

  /** The refused cells of one field, in row order (included rows only). */
  errorCells(field: string): CellError[] {
    return this.validation().errors.filter((error) => error.field === field);
  }

  /** Chooses the rows the grid shows; answers how many. */
  setView(filter: ViewFilter): number {
    if (isQuery(filter)) {
      // The rows the filter of problems keeps, then sorted and filtered by column (engine/views.ts).
      this.setView({ ...filter, sort: undefined, contains: undefined });
      this.#filter = filter;
      this.#view = queryView(this, filter, this.#view);
      this.#viewSize = this.#view.length;
      return this.#viewSize;
    }
    this.#filter = filter;
    const validation = this.validation();
    if (!filter.errors && validation.excludedRows.length === 0) {
      this.#view = null;
      this.#viewSize = validation.rowCount;
      return this.#viewSize;
    }
    let rows: number[];
    if (filter.errors) {
      rows = [];
      let last = -1;
      for (const error of validation.errors) {
        if (error.row !== last && (filter.field === undefined || error.field === filter.field)) {
          rows.push(error.row);
          last = error.row;
        }
      }
    } else {
      const excluded = new Set(validation.excludedRows);
      rows = [];
      for (let row = 0; row < validation.rowCount; row++) if (!excluded.has(row)) rows.push(row);
    }
    this.#view = Int32Array.from(rows);
    this.#viewSize = rows.length;
    return this.#viewSize;
  }

  /** Rebuilds the view after rows were removed or restored (a filter of errors keeps its rows otherwise). */
  refreshView(): number {
    return this.setView(this.#filter);
  }

  get viewSize(): number {
    return this.#viewSize;
  }

  /** Rows `start`… of the view, as the grid shows them. */
  rows(start: number, count: number): GridRow[] {
    const out: GridRow[] = [];
    const end = Math.min(this.#viewSize, start + count);
    for (let at = Math.max(0, start); at < end; at++) {
      const row = this.#view === null ? at : (this.#view[at] as number);
      out.push(this.gridRow(row));
    }
    return out;
  }

  /** A problem of a cell of `row`, as the element words it (problem-text.ts). */
  issueOf(row: number, error: CellError): CellIssue {
    const issue: CellIssue = { code: error.code, message: error.message };
    const wording = problemWording(error, this.config.fields[this.fieldOf(error.field)] as FieldDefinition, this.rawOf(row, error.field));
    if (wording !== undefined) issue.wording = wording;
    if (error.suggestion !== undefined) issue.suggestion = error.suggestion;
    return issue;
  }

  gridRow(row: number): GridRow {
    const errors = this.validator.errorsOf(row);
    const issues: (CellIssue | null)[] = this.fieldKeys.map(() => null);
    for (const error of errors) issues[this.fieldOf(error.field)] = this.issueOf(row, error);
    return {
      row,
      values: this.fieldKeys.map((key) => this.validator.valueAt(row, key)),
      raw: this.fieldKeys.map((key) => {
        const raw = this.#raw.get(this.#key(row, key));
        return raw === undefined ? null : shownText(raw);
      }),
      issues,
      ...(this.extra === null ? {} : { extra: this.extra.of(row) }),
    };
  }

  stats(): Stats {
    const validation = this.validation();
    // Counted in a Map and made an object by Object.fromEntries, whose properties are always own:
    // a field keyed `__proto__` gets a count, not a prototype change (`constructor` and friends
    // never read Object.prototype's).
    const counts = new Map<string, number>(this.fieldKeys.map((key) => [key, 0]));
    for (const error of validation.errors) counts.set(error.field, (counts.get(error.field) ?? 0) + 1);
    const fieldErrors: Record<string, number> = Object.fromEntries(counts);
    let duplicateRows = 0;
    for (const group of validation.duplicateGroups) duplicateRows += group.rows.length - 1;
    return {
      rowCount: validation.rowCount - validation.excludedRows.length,
      errorCount: this.validator.errorCount,
      invalidRowCount: validation.invalidRowCount,
      removedCount: validation.excludedRows.length,
      duplicateGroups: validation.duplicateGroups.length,
      duplicateRows,
      fieldErrors,
      unreadable: this.unreadable,
    };
  }

  #noteRaw(row: number, field: string, error: CellError | null, text: string): void {
    const key = this.#key(row, field);
    if (error !== null && isUnreadable(error) && text.trim() !== '') this.#raw.set(key, text);
    else this.#raw.delete(key);
  }

  #key(row: number, field: string): number {
    return row * this.fieldKeys.length + this.fieldOf(field);
  }
}

/** What the history needs to hear before a change (engine/history.ts). @internal */
export interface ChangeRecorder {
  cell(row: number, field: string): void;
  excluded(row: number, before: boolean): void;
}

/**
 * A copy of a cell's text that does not keep the file's text alive: V8 cuts longer cells out of
 * the piece of the file they were read from as slices that point into it, so keeping one would
 * keep the whole piece (a megabyte) in memory.
 */
function detached(text: string): string {
  return ` ${text}`.slice(1);
}

/** `rows` (ascending) with `row` in its place: core lists the rows whose errors changed, the grid also wants the row whose value did. */
function withRow(rows: number[], row: number): number[] {
  if (rows.includes(row)) return rows;
  rows.push(row);
  return rows.sort((a, b) => a - b);
}

/** Errors whose cell has no value (a refused type), as opposed to repeats of a valid value. */
function isUnreadable(error: CellError): boolean {
  return error.code !== 'duplicate_value' && error.code !== 'duplicate_key' && error.code !== 'required';
}

/** A value as text, the way an edit would write it back. @internal */
export function valueText(value: ImportValue): string {
  return value === null ? '' : String(value);
}
