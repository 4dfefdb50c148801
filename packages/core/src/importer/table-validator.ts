import type { FieldDefinition } from '../schemas/importer.js';
import { CELL_INVALID, CELL_VALID, cellErrorOf, compileFields, type CompiledField, readCell } from './compile-fields.js';
import { setOwn } from './own-property.js';
import { RowErrors } from './row-errors.js';
import { cellText } from './byte-records.js';
import { booleanFromBytes, EnumBytes, isPlainEmailBytes, isPlainUrlBytes, isTrimmedBytes, numberFromBytes, plainDateFromBytes } from './byte-cells.js';
import type { ByteRecords, CellError, DuplicateGroup, ImportValue, NumberFormat, RowCells, RowOptions } from './types.js';
import { ADDED_FIRST, ADDED_REPEAT, HASH_TAKEN, type IndexKey, ValueIndex } from './value-index.js';
import { type BytesColumn, type CodeColumn, type ColumnReader, type ValueColumn, valueColumn } from './value-columns.js';
import { type CellReading, newCellReading } from './values.js';

/** The part of an importer config the validator reads; an `ImporterConfig` is one. */
export interface TableConfig {
  fields: readonly FieldDefinition[];
  duplicateKey?: string | undefined;
}

/**
 * A table's errors and duplicates, without its values: what a review screen needs after every
 * change (see {@link TableValidator.review}). Excluded rows are left out of `errors`, the counts
 * and `duplicateGroups`.
 */
export interface TableReview {
  fieldKeys: string[];
  rowCount: number;
  /** Sorted by row, then by field order. */
  errors: CellError[];
  /** Rows with at least one error. */
  invalidRowCount: number;
  duplicateGroups: DuplicateGroup[];
  /** Rows set aside by {@link TableValidator.setRowExcluded} or `resolveDuplicates`, ascending. */
  excludedRows: number[];
}

/**
 * A table's validation. Plain data — it survives `postMessage` from a worker. Values are given
 * by column (`columns[i][row]` is `fieldKeys[i]`'s value in `row`): ten arrays for a million rows
 * instead of a million objects. Excluded rows keep their values.
 */
export interface TableValidation extends TableReview {
  columns: readonly (readonly ImportValue[])[];
}

/** The outcome of editing one cell. */
export interface CellChange {
  value: ImportValue;
  error: CellError | null;
  /**
   * Rows whose errors changed, ascending: the edited row when it gained, lost or changed an error,
   * and any row whose repeat status moved. A change of value alone lists nothing (the importer
   * engine adds the edited row itself, since its grid re-reads changed cells too).
   */
  changedRows: number[];
}

/** Which row of each `duplicateKey` group to keep. */
export type DuplicateStrategy = 'keep-first' | 'keep-last';

const NO_ERRORS: readonly CellError[] = Object.freeze([]);

/** Rows whose index slots {@link TableValidator.addRows} warms at once (a few kilobytes of cache). */
const WARM_ROWS = 64;

/** Field types whose valid value is, nearly always, the very text of the cell. */
const TEXT_VALUED = new Set(['string', 'email', 'url', 'enum', 'date']);

/**
 * How {@link TableValidator.addByteRecords} reads a field's cells: which fast check, and whether
 * the value goes to its column as a code or as the cell's bytes. Cells the fast check declines
 * take the string path.
 */
const BYTES_UNMAPPED = 0;
const BYTES_NUMBER = 1;
const BYTES_DATE = 2;
const BYTES_BOOLEAN = 3;
const BYTES_ENUM_CODE = 4;
const BYTES_ENUM_TEXT = 5;
const BYTES_EMAIL = 6;
const BYTES_URL = 7;
const BYTES_TEXT = 8;

const BYTE_KINDS: Record<FieldDefinition['type'], number> = {
  number: BYTES_NUMBER,
  date: BYTES_DATE,
  boolean: BYTES_BOOLEAN,
  enum: BYTES_ENUM_CODE,
  email: BYTES_EMAIL,
  url: BYTES_URL,
  string: BYTES_TEXT,
};

/** {@link TableValidator.indexDeferred}: a cell not to index, one known by its hash, one by its value. */
const DEFERRED_NONE = 0;
const DEFERRED_HASH = 1;
const DEFERRED_VALUE = 2;

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
  private readonly byteKinds: number[];
  private readonly enumBytes: (EnumBytes | undefined)[];
  private readonly numberFormat: NumberFormat;
  /** The errors of the records {@link addByteRecords} is adding, by record, in field order. */
  private readonly pending: (CellError[] | undefined)[] = [];
  /** The cells of one field {@link indexDeferred} is to index, by record, and their hashes. */
  private deferred = new Uint8Array(0);
  private deferredHashes = new Int32Array(0);
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
    this.numberFormat = options.numberFormat ?? 'dot';
    this.enumBytes = config.fields.map((field) => (field.type === 'enum' ? new EnumBytes(field.enumValues ?? []) : undefined));
    this.byteKinds = this.fields.map((field, i) => {
      if (field.column < 0) return BYTES_UNMAPPED;
      const kind = BYTE_KINDS[field.type];
      // Enums of 65,535 values or more are kept as text (see `valueColumn`).
      return kind === BYTES_ENUM_CODE && !('pushCode' in (this.columns[i] as ValueColumn)) ? BYTES_ENUM_TEXT : kind;
    });
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
   * `onInvalid` gets the text of a cell of the row by its column (while it runs).
   */
  addByteRecords(records: ByteRecords, onInvalid?: (row: number, cellAt: (column: number) => string | undefined) => void, from = 0): void {
    const count = records.count - from;
    if (count <= 0) return;
    const firstRow = this.rows;
    for (let i = 0; i < this.fields.length; i++) this.addByteField(i, records, from, count, firstRow);
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

  /**
   * One field's cells of the records being added. A cell its fast check reads goes to the column
   * as a code or as bytes; any other cell (one that is missing, quoted with `""`, or declined)
   * is decoded and read as a string. Valid cells of an indexed field are indexed after the loop.
   */
  private addByteField(i: number, records: ByteRecords, from: number, count: number, firstRow: number): void {
    const column = (this.fields[i] as CompiledField).column;
    const kind = this.byteKinds[i] as number;
    const index = this.indexes[i];
    const { bytes, first, starts, ends, escaped } = records;
    const codes = this.columns[i] as CodeColumn;
    const texts = this.columns[i] as BytesColumn;
    const enumBytes = this.enumBytes[i] as EnumBytes;
    const format = this.numberFormat;
    for (let k = 0; k < count; k++) {
      const r = from + k;
      const c = (first[r] as number) + column;
      if (kind !== BYTES_UNMAPPED && c < (first[r + 1] as number) && escaped[c] === 0) {
        const start = starts[c] as number;
        const end = ends[c] as number;
        // `kind` is the same for every cell: each case's check is called from one place only.
        let code = 0;
        let text = false;
        switch (kind) {
          case BYTES_NUMBER: {
            const value = numberFromBytes(bytes, start, end, format);
            if (!Number.isNaN(value)) {
              codes.pushCode(value);
              if (index !== undefined) this.deferHash(k, index.hashOf(value));
              continue;
            }
            break;
          }
          case BYTES_BOOLEAN:
            code = booleanFromBytes(bytes, start, end);
            if (code !== 0 && index !== undefined) this.deferHash(k, index.hashOf(code === 2));
            break;
          case BYTES_DATE:
            code = plainDateFromBytes(bytes, start, end);
            break;
          case BYTES_ENUM_CODE:
            code = enumBytes.codeOf(bytes, start, end);
            break;
          case BYTES_TEXT:
            text = isTrimmedBytes(bytes, start, end);
            break;
          case BYTES_EMAIL:
            text = isPlainEmailBytes(bytes, start, end);
            break;
          case BYTES_URL:
            text = isPlainUrlBytes(bytes, start, end);
            break;
          case BYTES_ENUM_TEXT:
            text = enumBytes.codeOf(bytes, start, end) !== 0;
            break;
        }
        if (code !== 0) {
          codes.pushCode(code);
          // A date's or an enum's value is its text: its hash is the bytes'. A boolean's was taken above.
          if (index !== undefined && kind !== BYTES_BOOLEAN) this.deferHash(k, index.hashOfBytes(bytes, start, end));
          continue;
        }
        if (text) {
          texts.pushBytes(bytes, start, end);
          if (index !== undefined) this.deferHash(k, index.hashOfBytes(bytes, start, end));
          continue;
        }
      }
      this.addSlowCell(i, kind === BYTES_UNMAPPED ? undefined : cellText(records, r, column), firstRow + k, k);
    }
    if (index !== undefined) this.indexDeferred(i, index, count, firstRow);
  }

  /** Notes that the `k`-th record's cell is valid, to be indexed under `hash` by {@link indexDeferred}. */
  private deferHash(k: number, hash: number): void {
    if (k >= this.deferred.length) this.growDeferred(k + 1);
    this.deferred[k] = DEFERRED_HASH;
    this.deferredHashes[k] = hash;
  }

  /**
   * Indexes the valid cells of one field of the records being added, in row order, once the
   * field's values are all in its column: before each few dozen cells the index loads the slots
   * their hashes go to, all at once (see {@link ValueIndex.warm}) — the table is megabytes read at
   * random, and this overlaps the cache misses. A cell known by its hash is added by it; one read
   * as a string (`DEFERRED_VALUE`), by its value.
   */
  private indexDeferred(i: number, index: ValueIndex, count: number, firstRow: number): void {
    const states = this.deferred;
    const hashes = this.deferredHashes;
    const column = this.columns[i] as ValueColumn;
    for (let start = 0; start < count; start += WARM_ROWS) {
      const end = Math.min(count, start + WARM_ROWS);
      index.warm(hashes, end - start, start);
      for (let k = start; k < end; k++) {
        const state = states[k];
        if (state === DEFERRED_NONE) continue;
        states[k] = DEFERRED_NONE;
        const row = firstRow + k;
        let added: number;
        if (state === DEFERRED_HASH) {
          const hash = hashes[k] as number;
          added = index.addHash(row, hash);
          if (added === HASH_TAKEN) added = index.add(row, column.get(row) as IndexKey, hash);
        } else {
          added = index.add(row, column.get(row) as IndexKey);
        }
        this.noteAdded(i, row, k, added);
      }
    }
  }

  private growDeferred(size: number): void {
    const grown = Math.max(size, this.deferred.length * 2, 1024);
    const states = new Uint8Array(grown);
    states.set(this.deferred);
    const hashes = new Int32Array(grown);
    hashes.set(this.deferredHashes);
    this.deferred = states;
    this.deferredHashes = hashes;
  }

  /** What {@link ValueIndex.add} answered for a cell of the `k`-th record being added. */
  private noteAdded(i: number, row: number, k: number, added: number): void {
    if (added === ADDED_REPEAT) (this.pending[k] ??= []).push(repeatError(row, this.fields[i] as CompiledField));
    else if (added !== ADDED_FIRST) this.setError(added, i, repeatError(added, this.fields[i] as CompiledField));
  }

  /**
   * One cell of the `k`-th record being added, read as a string (as {@link addRow} reads it); a
   * valid cell of an indexed field is left to {@link indexDeferred}.
   */
  private addSlowCell(i: number, raw: string | undefined, row: number, k: number): void {
    const field = this.fields[i] as CompiledField;
    const out = this.out;
    const outcome = readCell(field, raw, out);
    (this.columns[i] as ValueColumn).push(out.value);
    if (outcome === CELL_INVALID) {
      (this.pending[k] ??= []).push(cellErrorOf(row, field, out));
    } else if (outcome === CELL_VALID && field.indexing !== 'none') {
      if (k >= this.deferred.length) this.growDeferred(k + 1);
      this.deferred[k] = DEFERRED_VALUE;
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

function repeatError(row: number, field: CompiledField): CellError {
  return field.indexing === 'duplicateKey'
    ? { row, field: field.key, code: 'duplicate_key', message: `An earlier row has the same ${field.label}; keep one of them` }
    : { row, field: field.key, code: 'duplicate_value', message: `${field.label} must be unique; an earlier row has this value` };
}

function ascending(a: number, b: number): number {
  return a - b;
}
