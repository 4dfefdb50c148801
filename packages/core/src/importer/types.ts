/**
 * Shared types of the importer engine (docs/importer.md). The engine is pure: the widget runs it in
 * a Web Worker, the server and `@inlay/node` run it on posted rows, and all three must agree.
 */

/**
 * A validated cell: `string` for string, email, enum, url and date fields (dates as ISO
 * `YYYY-MM-DD`, or the ISO date-time as written), `number`, `boolean`, or `null` when the cell
 * is empty or invalid.
 */
export type ImportValue = string | number | boolean | null;

/** Why a cell was refused. Open for additions; match on the ones you know. */
export type ImportErrorCode =
  | 'required'
  | 'invalid_number'
  | 'invalid_date'
  | 'invalid_email'
  | 'invalid_enum'
  | 'invalid_boolean'
  | 'invalid_url'
  | 'spreadsheet_error'
  | 'duplicate_value'
  | 'duplicate_key'
  // Validation rules (docs/importer.md, "Validation rules").
  | 'below_min'
  | 'above_max'
  | 'too_short'
  | 'too_long'
  | 'pattern_mismatch'
  // A text cell a spreadsheet would run as a formula: a warning (docs/importer.md, "Formula cells").
  | 'formula'
  // A message of the host's `validateRow` hook (docs/importer.md, "Hooks").
  | 'custom'
  // A character the file's encoding could not read (reader-marks.ts).
  | 'invalid_character'
  // JSON files: a list of objects or lists in one cell, a number too long to read exactly.
  | 'nested_value'
  | 'imprecise_number'
  // U+FFFD written in the file as text: a warning, delivered as written.
  | 'replacement_character';

/**
 * One refused cell. `row` is the 0-based index of the row in the order it was validated (the
 * caller maps it to a line of the file). `suggestion`, when present, is a value of the field's
 * type the UI can offer as a one-click fix; it is never applied silently.
 *
 * @example
 * { row: 4, field: 'amount', code: 'invalid_number', message: 'Expected a number such as 1234.5', suggestion: 1.5 }
 */
export interface CellError {
  row: number;
  field: string;
  code: ImportErrorCode;
  message: string;
  suggestion?: ImportValue;
}

/** The decimal separator of a file: `'dot'` for `1,234.5`, `'comma'` for `1.234,5`. */
export type NumberFormat = 'dot' | 'comma';

/** The order of day, month and year in dates written with separators, such as `03/04/2026`. */
export type DateOrder = 'dmy' | 'mdy' | 'ymd';

/**
 * Where each field's cell is in a row: field key → 0-based column index. A field missing from the
 * mapping reads as an empty cell.
 *
 * @example
 * const mapping: ColumnIndexMapping = { email: 0, name: 2 };
 */
export type ColumnIndexMapping = Readonly<Record<string, number>>;

/**
 * A row as parsed from a file: one string per column. Short rows are allowed (missing cells are
 * empty), so the parser never has to pad them.
 */
export type RowCells = readonly (string | undefined)[];

/** How cells are read; the same for every row of a table. */
export interface ValidationOptions {
  /** The file's decimal separator; default `'dot'`. Use {@link detectNumberFormat} to choose. */
  numberFormat?: NumberFormat;
  /**
   * The day/month order of the file's dates, used only to *suggest* an ISO date for an
   * ambiguous one like `03/04/2026`; default `null` (suggest only when the order is evident).
   */
  dateOrder?: DateOrder | null;
  /**
   * The decimal separator of some fields (field key → format), overriding `numberFormat` for
   * them: a file's columns need not agree (docs/importer.md, "Number and date formats"). Detect
   * each column's with {@link detectColumnFormats}.
   */
  numberFormats?: Readonly<Record<string, NumberFormat>>;
  /**
   * The day/month order the user confirmed for some date fields (field key → order). Unlike
   * `dateOrder`, which only suggests, a numeric date written in a confirmed order (`03/04/2026`
   * under `'dmy'`) is read as that day; dates in other forms are still refused with a suggestion.
   */
  dateOrders?: Readonly<Record<string, DateOrder>>;
}

/** Options of a row or table: the value options plus where each field's cell is. */
export interface RowOptions extends ValidationOptions {
  /** Field key → column index. Without one, cells are in the order of the fields. */
  mapping?: ColumnIndexMapping;
  /**
   * How many rows a {@link TableValidator} will likely get (an estimate from the file's size is
   * fine): its `unique` and `duplicateKey` indexes are sized for them once instead of growing.
   */
  expectedRows?: number;
}

/**
 * Rows sharing the value of the config's `duplicateKey` field, so the UI can offer keep-first or
 * keep-last. `key` is the normalised value they share; `rows` are ascending.
 */
export interface DuplicateGroup {
  key: string | number | boolean;
  rows: number[];
}

/**
 * Records of delimited UTF-8 text as byte ranges, the importer engine's fast path: a million rows
 * are read and validated without making a string of each cell (docs/importer.md). Made by the
 * widget's byte CSV reader, read by {@link TableValidator.addByteRecords}; every array is reused
 * by the reader for its next piece, so read them before asking for more.
 * @internal
 */
export interface ByteRecords {
  /** The bytes the ranges point into. */
  readonly bytes: Uint8Array;
  /** How many records there are. */
  readonly count: number;
  /** Record r's cells are cells `first[r]` to `first[r + 1] - 1` (`count + 1` entries are set). */
  readonly first: Int32Array;
  /** Cell c is the bytes `starts[c]` to `ends[c] - 1`, without its quotes. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** 1 where the cell was quoted and holds `""` (read as one `"`), else 0. */
  readonly escaped: Uint8Array;
}
