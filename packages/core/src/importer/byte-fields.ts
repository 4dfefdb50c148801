import type { FieldDefinition } from '../schemas/importer.js';
import { booleanFromBytes, EnumBytes, isPlainEmailBytes, isPlainUrlBytes, isTrimmedBytes, numberFromBytes, plainDateFromBytes } from './byte-cells.js';
import { cellText } from './byte-records.js';
import { hasRules } from './field-rules.js';
import { CELL_INVALID, CELL_VALID, cellErrorOf, type CompiledField, readCell, repeatError } from './compile-fields.js';
import type { ByteRecords, CellError, NumberFormat } from './types.js';
import { ADDED_FIRST, ADDED_REPEAT, HASH_TAKEN, type IndexKey, type ValueIndex, WARM_ROWS } from './value-index.js';
import type { BytesColumn, CodeColumn, ValueColumn } from './value-columns.js';
import { newCellReading } from './values.js';

/**
 * How a field's cells are read from bytes: which fast check, and whether the value goes to its
 * column as a code or as the cell's bytes. Cells the fast check declines take the string path.
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
/** Every cell is read as a string (no fast check applies). */
const BYTES_STRING_PATH = 9;

const BYTE_KINDS: Record<FieldDefinition['type'], number> = {
  number: BYTES_NUMBER,
  date: BYTES_DATE,
  boolean: BYTES_BOOLEAN,
  enum: BYTES_ENUM_CODE,
  email: BYTES_EMAIL,
  url: BYTES_URL,
  string: BYTES_TEXT,
};

/** {@link ByteFieldReader.indexDeferred}: a cell not to index, one known by its hash, one by its value. */
const DEFERRED_NONE = 0;
const DEFERRED_HASH = 1;
const DEFERRED_VALUE = 2;

/** Where {@link ByteFieldReader.read} puts what it finds besides values. @internal */
export interface ByteFieldSink {
  /** The errors of the records being added, by record (from 0), each record's in field order. */
  readonly pending: (CellError[] | undefined)[];
  /** Sets or clears the error of a cell of an earlier row, whose repeat status moved. */
  setError(row: number, field: number, error: CellError | null): void;
}

/**
 * The byte path of {@link TableValidator.addByteRecords}: reads one field's cells of a piece's
 * records into the field's column and index — from the bytes where a fast check can, as a
 * string otherwise. Holds the validator's own columns and indexes, and what it prepared per field
 * (which check, an enum's values as bytes).
 * @internal
 */
export class ByteFieldReader {
  private readonly byteKinds: number[];
  private readonly enumBytes: (EnumBytes | undefined)[];
  private readonly out = newCellReading();
  /** The cells of one field {@link indexDeferred} is to index, by record, and their hashes. */
  private deferred = new Uint8Array(0);
  private deferredHashes = new Int32Array(0);

  constructor(
    private readonly fields: readonly CompiledField[],
    definitions: readonly FieldDefinition[],
    private readonly columns: readonly ValueColumn[],
    private readonly indexes: readonly (ValueIndex | undefined)[],
    /** Each field's decimal separator, by field. */
    private readonly numberFormats: readonly NumberFormat[],
  ) {
    this.enumBytes = definitions.map((field) => (field.type === 'enum' ? new EnumBytes(field.enumValues ?? []) : undefined));
    this.byteKinds = fields.map((field, i) => {
      if (field.column < 0) return BYTES_UNMAPPED;
      // A field with validation rules takes the string path for every cell, where its parser
      // checks them: the fast checks read types only.
      if (hasRules(definitions[i] as FieldDefinition)) return BYTES_STRING_PATH;
      const kind = BYTE_KINDS[field.type];
      // Enums of 65,535 values or more are kept as text (see `valueColumn`).
      return kind === BYTES_ENUM_CODE && !('pushCode' in (columns[i] as ValueColumn)) ? BYTES_ENUM_TEXT : kind;
    });
  }

  /**
   * One field's cells of the records being added. A cell its fast check reads goes to the column
   * as a code or as bytes; any other cell (one that is missing, quoted with `""`, or declined)
   * is decoded and read as a string. Valid cells of an indexed field are indexed after the loop.
   */
  read(i: number, records: ByteRecords, from: number, count: number, firstRow: number, sink: ByteFieldSink): void {
    const column = (this.fields[i] as CompiledField).column;
    const kind = this.byteKinds[i] as number;
    const index = this.indexes[i];
    const { bytes, first, starts, ends, escaped } = records;
    const codes = this.columns[i] as CodeColumn;
    const texts = this.columns[i] as BytesColumn;
    const enumBytes = this.enumBytes[i] as EnumBytes;
    const format = this.numberFormats[i] as NumberFormat;
    for (let k = 0; k < count; k++) {
      const r = from + k;
      const c = (first[r] as number) + column;
      // A cell starting with `#` may be a spreadsheet error (`#N/A`), which `readCell` refuses in
      // every field type: it takes the string path.
      if (kind !== BYTES_UNMAPPED && c < (first[r + 1] as number) && escaped[c] === 0 && bytes[starts[c] as number] !== 0x23) {
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
      this.addSlowCell(i, kind === BYTES_UNMAPPED ? undefined : cellText(records, r, column), firstRow + k, k, sink);
    }
    if (index !== undefined) this.indexDeferred(i, index, count, firstRow, sink);
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
  private indexDeferred(i: number, index: ValueIndex, count: number, firstRow: number, sink: ByteFieldSink): void {
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
        this.noteAdded(i, row, k, added, sink);
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
  private noteAdded(i: number, row: number, k: number, added: number, sink: ByteFieldSink): void {
    if (added === ADDED_REPEAT) (sink.pending[k] ??= []).push(repeatError(row, this.fields[i] as CompiledField));
    else if (added !== ADDED_FIRST) sink.setError(added, i, repeatError(added, this.fields[i] as CompiledField));
  }

  /**
   * One cell of the `k`-th record being added, read as a string (as `TableValidator.addRow` reads it); a
   * valid cell of an indexed field is left to {@link indexDeferred}.
   */
  private addSlowCell(i: number, raw: string | undefined, row: number, k: number, sink: ByteFieldSink): void {
    const field = this.fields[i] as CompiledField;
    const out = this.out;
    const outcome = readCell(field, raw, out);
    (this.columns[i] as ValueColumn).push(out.value);
    if (outcome === CELL_INVALID) {
      (sink.pending[k] ??= []).push(cellErrorOf(row, field, out));
    } else if (outcome === CELL_VALID && field.indexing !== 'none') {
      if (k >= this.deferred.length) this.growDeferred(k + 1);
      this.deferred[k] = DEFERRED_VALUE;
    }
  }
}
