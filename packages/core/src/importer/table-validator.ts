import { CELL_INVALID, CELL_VALID, cellErrorOf, compileFields, type CompiledField, readCell, repeatError } from './compile-fields.js';
import { setOwn } from './own-property.js';
import { RowErrors } from './row-errors.js';
import { ByteFieldReader } from './byte-fields.js';
import { cellText, hasUnreadable, recordsCells } from './byte-records.js';
import type { ByteRecords, CellError, DuplicateGroup, ImportValue, RowCells, RowOptions } from './types.js';
import { ADDED_FIRST, ADDED_REPEAT, type IndexKey, ValueIndex, WARM_ROWS } from './value-index.js';
import { type ColumnReader, type ValueColumn, valueColumn } from './value-columns.js';
import { type CellReading, newCellReading, numberFormatOf } from './values.js';

export type { CellChange, DuplicateStrategy, TableConfig, TableReview, TableValidation } from './table-types.js';
import type { CellChange, DuplicateStrategy, TableConfig, TableReview, TableValidation } from './table-types.js';

const NO_ERRORS: readonly CellError[] = Object.freeze([]);


/** Field types whose valid value is, nearly always, the very text of the cell. */
const TEXT_VALUED = new Set(['string', 'email', 'url', 'enum', 'date']);

/** One indexed field's hashes of the next rows' cells, computed before the rows are added. */
interface WarmIndex {
  field: number;
  column: number;
  index: ValueIndex;
  texts: (string | undefined)[];
  hashes: Int32Array;
}

/**
 * Validates a table row by row, so a worker can report progress between chunks, and keeps what it
 * needs to re-check `unique` and `duplicateKey` when a cell is edited later. Types and `required`
 * are checked per cell; within a `unique` field every row after the first with the same value gets
 * `duplicate_value`, and within the `duplicateKey` field `duplicate_key` (see `duplicateGroups`).
 * Without `numberFormat` the file is read as `'dot'`: detect the format from the first chunk with
 * {@link detectTableFormats} and pass it in.
 *
 * @example
 * const validator = new TableValidator(config, { mapping: { email: 0, plan: 3 }, numberFormat: 'comma' });
 * for (const chunk of chunks) {
 *   validator.addRows(chunk);
 *   postMessage({ progress: validator.rowCount, errors: validator.errorCount });
 * }
 * const result = validator.finish();
 * validator.revalidateCell(12, 'email', 'ann@example.com'); // later, when the user edits a cell
 */
export class TableValidator {
  private readonly fields: CompiledField[];
  private readonly fieldIndex = new Map<string, number>();
  private readonly columns: ValueColumn[];
  private readonly indexes: (ValueIndex | undefined)[];
  private readonly duplicateKeyIndex: number;
  private readonly out: CellReading = newCellReading();
  private readonly rowErrors: RowErrors;
  private readonly excluded = new Set<number>();
  private readonly warmIndexes: WarmIndex[];
  private readonly byteFields: ByteFieldReader;
  /** The errors of the records {@link addByteRecords} is adding, by record, in field order. */
  private readonly pending: (CellError[] | undefined)[] = [];
  private rows = 0;
  private errors = 0;

  constructor(config: TableConfig, options: RowOptions = {}) {
    if (config.duplicateKey !== undefined && !config.fields.some((field) => field.key === config.duplicateKey)) {
      throw new RangeError(`duplicateKey ${JSON.stringify(config.duplicateKey)} names no field`);
    }
    this.fields = compileFields(config.fields, options, config.duplicateKey);
    this.fields.forEach((field, i) => this.fieldIndex.set(field.key, i));
    this.rowErrors = new RowErrors(this.fieldIndex);
    this.columns = config.fields.map((field) => valueColumn(field));
    // Emails compare without case (`Ann@x.com` and `ann@x.com` are one person); other strings
    // compare exactly — `ABC-1` and `abc-1` may well be different codes.
    this.indexes = this.fields.map((field, i) =>
      field.indexing === 'none' ? undefined : new ValueIndex(this.columns[i] as ValueColumn, field.type === 'email', options.expectedRows),
    );
    this.duplicateKeyIndex = this.fields.findIndex((field) => field.indexing === 'duplicateKey');
    this.warmIndexes = [];
    this.fields.forEach((field, i) => {
      const index = this.indexes[i];
      if (index === undefined || field.column < 0 || !TEXT_VALUED.has(field.type)) return;
      this.warmIndexes.push({ field: i, column: field.column, index, texts: [], hashes: new Int32Array(WARM_ROWS) });
    });
    this.byteFields = new ByteFieldReader(
      this.fields,
      config.fields,
      this.columns,
      this.indexes,
      config.fields.map((field) => numberFormatOf(field.key, options)),
    );
  }

  /** Rows added so far. */
  get rowCount(): number {
    return this.rows;
  }

  /** Errors in rows that are not excluded. */
  get errorCount(): number {
    return this.errors;
  }

  /**
   * Validates the next row and returns its index. The hot path: a valid row allocates nothing but
   * its values; `unique` indexes keep row numbers in typed arrays.
   */
  add(cells: RowCells): number {
    return this.addRow(cells, null, 0);
  }

  /**
   * Adds every row of a chunk, as {@link add} would, calling `onInvalid` after each row that has
   * errors. Faster than adding them one by one: before each few dozen rows, the `unique` and
   * `duplicateKey` indexes load the slots those rows' values will go to, all at once (see
   * {@link ValueIndex.warm}).
   */
  addRows(rows: readonly RowCells[], onInvalid?: (row: number, cells: RowCells) => void): void {
    const warmIndexes = this.warmIndexes;
    for (let start = 0; start < rows.length; start += WARM_ROWS) {
      const count = Math.min(WARM_ROWS, rows.length - start);
      for (const warm of warmIndexes) {
        for (let k = 0; k < count; k++) {
          const text = (rows[start + k] as RowCells)[warm.column];
          warm.texts[k] = text;
          warm.hashes[k] = text === undefined ? 0 : warm.index.hashOf(text);
        }
        warm.index.warm(warm.hashes, count);
      }
      for (let k = 0; k < count; k++) {
        const cells = rows[start + k] as RowCells;
        const before = this.errors;
        const row = this.addRow(cells, warmIndexes, k);
        if (onInvalid !== undefined && this.errors !== before) onInvalid(row, cells);
      }
    }
    // The cells are the caller's: keep none of them.
    for (const warm of warmIndexes) warm.texts.length = 0;
  }

  /** {@link add}, with the hashes of warmed cells at `warmed[…].hashes[k]` when given. */
  private addRow(cells: RowCells, warmed: WarmIndex[] | null, k: number): number {
    const row = this.rows++;
    const { fields, columns, indexes, out } = this;
    let errors: CellError[] | undefined;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as CompiledField;
      const outcome = readCell(field, field.column < 0 ? undefined : cells[field.column], out);
      (columns[i] as ValueColumn).push(out.value);
      if (outcome === CELL_INVALID) {
        (errors ??= []).push(cellErrorOf(row, field, out));
      } else if (outcome === CELL_VALID && field.indexing !== 'none') {
        const index = indexes[i] as ValueIndex;
        const value = out.value as IndexKey;
        const warm = warmed === null ? undefined : warmOf(warmed, i);
        // A warmed hash is the cell's text's: it is the value's too when the value is that text.
        const added = warm !== undefined && warm.texts[k] === value ? index.add(row, value, warm.hashes[k] as number) : index.add(row, value);
        if (added === ADDED_REPEAT) (errors ??= []).push(repeatError(row, field));
        else if (added !== ADDED_FIRST) this.setError(added, i, repeatError(added, field));
      }
    }
    if (errors !== undefined) {
      this.rowErrors.addRow(row, errors);
      this.errors += errors.length;
    }
    return row;
  }

  /**
   * Adds records given as UTF-8 byte ranges (records `from`… of `records`), as {@link addRows}
   * would add their cells as strings — the same values, errors and repeats, which the tests hold
   * it to. The common cells (plain numbers and dates, ASCII booleans, enum values, emails, URLs and
   * text) are read from the bytes: a number or a date never becomes a string, text is copied into
   * its column's block as bytes. Any other cell is decoded and read as a string. Fields are read
   * one at a time over all the records, so the loop takes the same path for every cell.
   * `onInvalid` gets the text of a cell of the row by its column (while it runs). Records with
   * bytes that are not UTF-8 are read as strings, where such cells are refused.
   */
  addByteRecords(records: ByteRecords, onInvalid?: (row: number, cellAt: (column: number) => string | undefined) => void, from = 0): void {
    const count = records.count - from;
    if (count <= 0) return;
    if (hasUnreadable(records, from)) {
      this.addRows(recordsCells(records, from), onInvalid && ((row, cells) => onInvalid(row, (column) => cells[column])));
      return;
    }
    const firstRow = this.rows;
    const sink = { pending: this.pending, setError: (row: number, i: number, error: CellError | null) => this.setError(row, i, error) };
    for (let i = 0; i < this.fields.length; i++) this.byteFields.read(i, records, from, count, firstRow, sink);
    this.rows += count;
    const pending = this.pending;
    // `onInvalid` is given the text of the cells it asks for, not of the whole row: decoding is
    // the costly part of reading a cell, and an invalid row has one or two refused cells.
    let record = 0;
    const cellAt = (column: number): string | undefined => cellText(records, record, column);
    for (let k = 0; k < count; k++) {
      const errors = pending[k];
      if (errors === undefined) continue;
      pending[k] = undefined;
      const row = firstRow + k;
      this.rowErrors.addRow(row, errors);
      this.errors += errors.length;
      record = from + k;
      if (onInvalid !== undefined) onInvalid(row, cellAt);
    }
  }

  /** A cell's value: `null` when empty or invalid. */
  valueAt(row: number, fieldKey: string): ImportValue {
    this.checkRow(row);
    return (this.columns[this.indexOfField(fieldKey)] as ValueColumn).get(row);
  }

  /** The values of the `i`-th field by row (read-only), for reading many rows without a lookup per cell. */
  columnAt(i: number): ColumnReader {
    const column = this.columns[i];
    if (column === undefined) throw new RangeError(`no field at ${i}`);
    return column;
  }

  /** A row's values by field key (allocates: for display and export, not the hot path). */
  record(row: number): Record<string, ImportValue> {
    this.checkRow(row);
    const record: Record<string, ImportValue> = {};
    this.fields.forEach((field, i) => {
      setOwn(record, field.key, (this.columns[i] as ValueColumn).get(row));
    });
    return record;
  }

  /** A row's errors in field order (kept for an excluded row, which is reported as excluded). */
  errorsOf(row: number): readonly CellError[] {
    this.checkRow(row);
    return this.rowErrors.of(row)?.slice() ?? NO_ERRORS;
  }

  /**
   * Validates a new raw value for one cell, as when the user edits it, and moves `unique` and
   * `duplicateKey` repeats along: if the edited row was first of its value, the next row holding
   * it loses its error; if it now comes before the rows holding its new value, the old first gains
   * one.
   *
   * @example
   * validator.revalidateCell(3, 'email', 'bob@example.com');
   * // { value: 'bob@example.com', error: null, changedRows: [3, 9] }
   */
  revalidateCell(row: number, fieldKey: string, raw: string): CellChange {
    this.checkRow(row);
    const i = this.indexOfField(fieldKey);
    return this.replaceCell(row, i, readCell(this.fields[i] as CompiledField, raw, this.out));
  }

  /**
   * Gives a cell a message of the host's own (a `validateRow` hook's, docs/importer.md "Hooks"),
   * with code `custom`, or with `null` takes one away. A cell that already has an error of its type
   * or rules keeps it: one error per cell, and the engine's comes first. Returns the rows whose
   * errors changed (the row, or none).
   */
  setCustomError(row: number, fieldKey: string, message: string | null): number[] {
    this.checkRow(row);
    const i = this.indexOfField(fieldKey);
    const existing = this.rowErrors.at(row, fieldKey);
    if (existing !== undefined && existing.code !== 'custom') return [];
    if (message === null) {
      if (existing === undefined) return [];
      this.setError(row, i, null);
      return [row];
    }
    if (existing?.message === message) return [];
    this.setError(row, i, { row, field: fieldKey, code: 'custom', message });
    return [row];
  }

  /** Accepts the suggestion of a refused cell as its value; `null` when the cell has none. */
  applySuggestion(row: number, fieldKey: string): CellChange | null {
    this.checkRow(row);
    const i = this.indexOfField(fieldKey);
    const suggestion = this.rowErrors.at(row, fieldKey)?.suggestion;
    if (suggestion === undefined || suggestion === null) return null;
    this.out.value = suggestion;
    return this.replaceCell(row, i, CELL_VALID);
  }

  /**
   * Puts back a value the cell held before (an undo): a valid value is stored as it is, not read
   * again from text, so a number of a decimal-comma file or a boolean comes back exactly. `null`
   * reads the cell as empty (a `required` field's error returns with it).
   */
  restoreValue(row: number, fieldKey: string, value: ImportValue): CellChange {
    this.checkRow(row);
    const i = this.indexOfField(fieldKey);
    if (value === null) return this.replaceCell(row, i, readCell(this.fields[i] as CompiledField, '', this.out));
    this.out.value = value;
    return this.replaceCell(row, i, CELL_VALID);
  }

  /**
   * Accepts every suggestion in one field (say, ISO dates for a whole `DD/MM/YYYY` column), or in
   * every field without `fieldKey`. Returns how many cells changed.
   */
  applySuggestions(fieldKey?: string): number {
    if (fieldKey !== undefined) this.indexOfField(fieldKey);
    const pending: [number, string][] = [];
    for (const row of this.rowErrors.rows()) {
      for (const error of this.rowErrors.of(row) ?? NO_ERRORS) {
        if (error.suggestion !== undefined && error.suggestion !== null && (fieldKey === undefined || error.field === fieldKey)) {
          pending.push([row, error.field]);
        }
      }
    }
    for (const [row, field] of pending) this.applySuggestion(row, field);
    return pending.length;
  }

  /**
   * Sets a row aside (or brings it back): an excluded row is left out of the results and of
   * `unique` and `duplicateKey`, so excluding the first of a value promotes the next row holding it.
   * Returns the rows whose errors changed, ascending.
   */
  setRowExcluded(row: number, excluded: boolean): number[] {
    this.checkRow(row);
    if (excluded === this.excluded.has(row)) return [];
    const changed = new Set<number>([row]);
    if (excluded) {
      this.forEachIndexedValue(row, (i, _field, index) => {
        const promoted = index.remove(row);
        if (promoted >= 0) {
          this.setError(promoted, i, null);
          changed.add(promoted);
        }
        this.setError(row, i, null);
      });
      this.errors -= this.rowErrors.of(row)?.length ?? 0;
      this.excluded.add(row);
    } else {
      this.excluded.delete(row);
      this.errors += this.rowErrors.of(row)?.length ?? 0;
      this.forEachIndexedValue(row, (i, field, index) => {
        const added = index.add(row);
        if (added === ADDED_REPEAT) this.setError(row, i, repeatError(row, field));
        else if (added !== ADDED_FIRST) {
          this.setError(added, i, repeatError(added, field));
          changed.add(added);
        }
      });
    }
    return [...changed].sort(ascending);
  }

  /**
   * Resolves every `duplicateKey` group by excluding all its rows but the first or the last.
   * Returns the rows excluded, ascending; {@link setRowExcluded} brings one back.
   */
  resolveDuplicates(strategy: DuplicateStrategy): number[] {
    const dropped: number[] = [];
    for (const group of this.duplicateGroups()) {
      const kept = strategy === 'keep-first' ? group.rows[0] : group.rows[group.rows.length - 1];
      for (const row of group.rows) if (row !== kept) dropped.push(row);
    }
    for (const row of dropped) this.setRowExcluded(row, true);
    return dropped.sort(ascending);
  }

  /** The `duplicateKey` groups (two or more rows with one key), ordered by their first row. */
  duplicateGroups(): DuplicateGroup[] {
    const index = this.indexes[this.duplicateKeyIndex];
    if (index === undefined) return [];
    const groups: DuplicateGroup[] = [];
    for (const [key, rows] of index.groups()) groups.push({ key, rows });
    return groups.sort((a, b) => (a.rows[0] as number) - (b.rows[0] as number));
  }

  /**
   * The validation so far, values included (one array per field, made for this call). The
   * validator stays usable — edits after `finish` are seen by the next call.
   */
  finish(): TableValidation {
    return { ...this.review(), columns: this.columns.map((column) => column.toArray()) };
  }

  /** The errors, duplicates and exclusions so far, without the values: cheap enough after every edit. */
  review(): TableReview {
    const errors: CellError[] = [];
    let invalidRowCount = 0;
    for (const row of this.rowErrors.rows()) {
      if (this.excluded.has(row)) continue;
      invalidRowCount += 1;
      for (const error of this.rowErrors.of(row) ?? NO_ERRORS) errors.push(error);
    }
    return {
      fieldKeys: this.fields.map((field) => field.key),
      rowCount: this.rows,
      errors,
      invalidRowCount,
      duplicateGroups: this.duplicateGroups(),
      excludedRows: [...this.excluded].sort(ascending),
    };
  }

  private replaceCell(row: number, i: number, outcome: number): CellChange {
    const field = this.fields[i] as CompiledField;
    const column = this.columns[i] as ValueColumn;
    const index = this.indexes[i];
    const included = !this.excluded.has(row);
    const hadError = this.rowErrors.at(row, field.key) !== undefined;
    const changed = new Set<number>();
    const before = column.get(row);
    // A cell is in the index exactly when its row is included and its value valid (non-null).
    if (index !== undefined && included && before !== null) {
      const promoted = index.remove(row);
      if (promoted >= 0) {
        this.setError(promoted, i, null);
        changed.add(promoted);
      }
    }
    const value = this.out.value;
    column.set(row, value);
    let error: CellError | null = null;
    if (outcome === CELL_INVALID) {
      error = cellErrorOf(row, field, this.out);
    } else if (outcome === CELL_VALID && index !== undefined && included) {
      const added = index.add(row);
      if (added === ADDED_REPEAT) error = repeatError(row, field);
      else if (added !== ADDED_FIRST) {
        this.setError(added, i, repeatError(added, field));
        changed.add(added);
      }
    }
    this.setError(row, i, error);
    if (hadError || error !== null) changed.add(row);
    return { value, error, changedRows: [...changed].sort(ascending) };
  }

  private forEachIndexedValue(row: number, visit: (i: number, field: CompiledField, index: ValueIndex) => void): void {
    this.fields.forEach((field, i) => {
      const index = this.indexes[i];
      if (index !== undefined && (this.columns[i] as ValueColumn).get(row) !== null) visit(i, field, index);
    });
  }

  /** Sets or clears the error of one cell, keeping the count of errors in included rows. */
  private setError(row: number, i: number, error: CellError | null): void {
    const change = this.rowErrors.set(row, (this.fields[i] as CompiledField).key, error);
    if (!this.excluded.has(row)) this.errors += change;
  }

  private indexOfField(fieldKey: string): number {
    const i = this.fieldIndex.get(fieldKey);
    if (i === undefined) throw new RangeError(`no field has key ${JSON.stringify(fieldKey)}`);
    return i;
  }

  private checkRow(row: number): void {
    if (!Number.isInteger(row) || row < 0 || row >= this.rows) throw new RangeError(`row ${row} is not in the table (0 to ${this.rows - 1})`);
  }
}

function warmOf(warmed: WarmIndex[], field: number): WarmIndex | undefined {
  for (const warm of warmed) if (warm.field === field) return warm;
  return undefined;
}

function ascending(a: number, b: number): number {
  return a - b;
}
