import type { DuplicateStrategy, HookCellMessage, HookRow, ImportErrorCode, ImportValue, TableConfig } from '@inlay/core';
import type { ProblemWording } from '../importer.strings.js';

/*
 * The messages between `<inlay-importer>` (main thread) and its engine, which runs in a Web
 * Worker, or — when the page forbids workers — on the main thread in slices (docs/importer.md). The
 * rows live only in the engine; the element asks for the few it shows. Everything here survives
 * `postMessage` (plain data, Blobs).
 */

/** What to read: a file the user chose or dropped, or pasted text. */
export type SourceInput = { kind: 'file'; file: Blob; name: string } | { kind: 'text'; text: string };

/** Text encodings the user can choose; `null` means "detect". @internal */
export const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-2', 'macintosh', 'shift_jis'] as const;

/** Delimiters that are detected; any single character may be forced. @internal */
export const DELIMITERS = [',', ';', '\t', '|'] as const;

export interface OpenParams {
  source: SourceInput;
  /** Force an encoding (CSV files only); detected when absent. */
  encoding?: string | undefined;
  /** Force a delimiter; detected when absent. */
  delimiter?: string | undefined;
  /** The sheet of a workbook (0-based); the first when absent. */
  sheet?: number | undefined;
}

export interface OpenResult {
  format: 'csv' | 'xlsx' | 'json';
  /** The encoding read with, and the one detected (CSV files; null for pasted text and workbooks). */
  encoding: string | null;
  detectedEncoding: string | null;
  delimiter: string | null;
  sheets: string[];
  sheet: number;
  /** The first non-blank records, as strings, for choosing the header row. */
  preview: string[][];
  /** The record that most looks like a header row (index into `preview`). */
  headerRow: number;
}

export interface LoadParams {
  /** Index of the header record among non-blank records, or -1 when the file has none. */
  headerRow: number;
  /** Field key → 0-based column index. */
  mapping: Record<string, number>;
  config: TableConfig;
  /** Number formats the user chose, by field key: read so, never detected (docs/importer.md). */
  numberFormats?: Record<string, 'dot' | 'comma'> | undefined;
  /** Day/month orders the user confirmed, by field key: numeric dates in them are read as days. */
  dateOrders?: Record<string, 'dmy' | 'mdy' | 'ymd'> | undefined;
  /**
   * With `unmappedColumns: "keep"`: the file's headers (one per column), so that the columns no
   * field is mapped to are kept and delivered under each row's `extra`.
   */
  keepUnmapped?: string[] | undefined;
}

/**
 * How one number or date column is read, from all its values: the format used, whether nothing
 * settled it (the element then asks), an example of a value the choice changes, and whether the
 * user chose it.
 */
export type ColumnFormat =
  | { kind: 'number'; field: string; format: 'dot' | 'comma'; ambiguous: boolean; example: string | undefined; chosen: boolean }
  | { kind: 'date'; field: string; order: 'dmy' | 'mdy' | 'ymd' | null; ambiguous: boolean; example: string | undefined; chosen: boolean };

/** Text cells that start like a spreadsheet formula (`= + - @`, TAB, CR), in the rows to import. */
export interface FormulaCells {
  count: number;
  /** Keys of the fields that hold them, in field order. */
  fields: string[];
}

/** Counts the element shows; sent after every change. */
export interface Stats {
  rowCount: number;
  errorCount: number;
  invalidRowCount: number;
  removedCount: number;
  duplicateGroups: number;
  /** Rows in `duplicateKey` groups beyond the first of each. */
  duplicateRows: number;
  /** Errors per field key. */
  fieldErrors: Record<string, number>;
  /** Characters the chosen encoding could not read (U+FFFD), a hint to choose another. */
  unreadable: number;
}

export interface LoadResult {
  stats: Stats;
  numberFormat: 'dot' | 'comma';
  dateOrder: 'dmy' | 'mdy' | 'ymd' | null;
  /** Each mapped number and date field's format, in field order. */
  columnFormats: ColumnFormat[];
  /** The kept unmapped columns' headers, as delivered (`keepUnmapped`). */
  extraHeaders: string[];
  /** Where the time went, in ms: reading and decoding the file, and parsing and validating its rows. */
  timings: { readMs: number; validateMs: number };
}

export type ViewFilter = ({ errors: false } | { errors: true; field?: string | undefined }) & ViewQuery;

/**
 * Sorting and filtering by column (engine/views.ts): they change the order the grid shows rows in,
 * never the order the rows are imported in.
 */
export interface ViewQuery {
  sort?: { field: string; direction: 'asc' | 'desc' } | undefined;
  /** Rows whose `field` shows `text` (ignoring case). */
  contains?: { field: string; text: string } | undefined;
}

/** A block of cells by view position: rows `start`…`end` (inclusive) of the view, columns `fromCol`…`toCol`. */
export interface CellRange {
  start: number;
  end: number;
  fromCol: number;
  toCol: number;
}

/** How many edits can be undone and redone, and what the next would undo or redo. */
export interface HistoryState {
  undo: number;
  redo: number;
  undoLabel: EditKind | null;
  redoLabel: EditKind | null;
}

/** What an undoable change was, for the toolbar's labels. */
export type EditKind = 'edit' | 'replace' | 'suggestion' | 'find-replace' | 'remove' | 'restore' | 'duplicates' | 'fill-down' | 'paste' | 'map-values';

/** An enum column's file values that are not options, for the value-mapping step. */
export interface EnumColumnValues {
  field: string;
  /** Most frequent first, at most `ENUM_VALUES_LIMIT`. */
  values: { text: string; count: number; suggestion: string | null }[];
  /** Distinct values beyond those listed. */
  more: number;
}

/** One cell's error as the grid shows it. */
export interface CellIssue {
  code: ImportErrorCode;
  /** Core's English, or the page's own message. */
  message: string;
  /** Which of the element's problem strings words it, with what (engine/problem-wording.ts); none for a message shown as it is. */
  wording?: ProblemWording;
  suggestion?: ImportValue;
}

/** The rows with problems, but for the problems column, which the element words in its language (problems-csv.ts). */
export interface ProblemRows {
  /** The header line, then each row's cells, as CSV; the problems column is not yet there. */
  lines: string[];
  /** Each row's problems (after the header line), as indexes into `issues`. */
  problems: number[][];
  /** Each distinct problem once, with the header of its column. */
  issues: ProblemOfColumn[];
}

/** A problem of a cell, with the header of its column, for the problems column. */
export interface ProblemOfColumn extends CellIssue {
  header: string;
}

/** One row of the grid, cells in field order. */
export interface GridRow {
  /** The row's index in the file's data (0-based, stable across edits and removals). */
  row: number;
  values: ImportValue[];
  /** What the user wrote where it could not be read (the value is then null). */
  raw: (string | null)[];
  issues: (CellIssue | null)[];
  /** The unmapped cells kept for the row (`unmappedColumns: "keep"`), read-only, in column order. */
  extra?: string[];
}

export interface ChangeResult {
  /** Rows whose cells or errors changed: re-read them if shown. */
  changedRows: number[];
  /** How many cells changed. */
  changed: number;
  stats: Stats;
  /** Set when rows left or entered the view: its new length. */
  viewSize?: number;
  /** After a change that can be undone, or an undo or redo. */
  history?: HistoryState;
  /** `edit` only: the edited cell's problem after the edit, null when it is now valid. */
  issue?: CellIssue | null;
}

/** The requests, by method: parameters and answer. */
export interface Methods {
  open: [OpenParams, OpenResult];
  load: [LoadParams, LoadResult];
  view: [ViewFilter, { size: number }];
  rows: [{ start: number; count: number }, GridRow[]];
  edit: [{ row: number; field: string; raw: string }, ChangeResult];
  /** Error cells of `field` whose text is `from` get `to` (from: the text before an edit). */
  replaceSimilar: [{ field: string; from: string; to: string }, ChangeResult];
  /** Accepts the suggestion of error cells of `field` (only those showing `raw`, when given). */
  acceptSuggestions: [{ field: string; raw?: string | undefined; row?: number | undefined }, ChangeResult];
  /** How many error cells of `field` show `raw`. */
  countSimilar: [{ field: string; raw: string }, number];
  findReplace: [{ field: string; find: string; replace: string; matchCase: boolean; wholeCell: boolean }, ChangeResult];
  remove: [{ rows: number[]; removed: boolean }, ChangeResult];
  restoreRemoved: [Record<string, never>, ChangeResult];
  resolveDuplicates: [{ strategy: DuplicateStrategy }, ChangeResult];
  /** Streams `records` progress messages, then answers the counts (`errorCount`: rows with a problem). */
  records: [{ onlyValid: boolean; chunkSize?: number }, { rowCount: number; errorCount: number }];
  /** Rows `start`… (removed ones left out) for the host's row hooks (docs/importer.md, "Hooks"). */
  hookRows: [{ start: number; count: number }, HookRow[]];
  /** Cells a `transformRow` hook changed, as text in the file's formats. */
  hookTransform: [{ cells: { row: number; field: string; raw: string }[] }, ChangeResult];
  /** A `validateRow` hook's messages for a batch of rows (replacing its earlier ones for them). */
  hookValidate: [{ rows: number[]; messages: HookCellMessage[] }, ChangeResult];
  /** Text cells of the rows to import that a spreadsheet would run as formulas (engine/formula-cells.ts). */
  formulaCells: [Record<string, never>, FormulaCells];
  /** Undoes or redoes the last change (engine/history.ts). */
  undo: [Record<string, never>, ChangeResult];
  redo: [Record<string, never>, ChangeResult];
  /** Each column of `range` gets its top cell's content. */
  fillDown: [CellRange, ChangeResult];
  /** Rows of tab-separated cells written from `start`'s row and column; one cell fills all of `range`. */
  paste: [{ range: CellRange; cells: string[][] }, ChangeResult];
  /** Removes the rows of view positions `start`…`end`. */
  removeView: [{ start: number; end: number }, ChangeResult];
  /** Cells of `range` as tab-separated text (what the grid copies). */
  copy: [CellRange, string];
  /** Values of enum columns that are not options. */
  enumValues: [Record<string, never>, EnumColumnValues[]];
  /** Every refused cell of `field` showing a `from` gets its `to`. */
  mapValues: [{ field: string; map: [from: string, to: string][] }, ChangeResult];
  /** The rows with problems as CSV lines under `headers`, their problems for the element to word (problems-csv.ts). */
  problemRows: [{ headers: string[]; problemsHeader: string }, ProblemRows];
}

export type Method = keyof Methods;
export type ParamsOf<M extends Method> = Methods[M][0];
export type ResultOf<M extends Method> = Methods[M][1];

export type Request = { [M in Method]: { id: number; method: M; params: ParamsOf<M> } }[Method];

/** Progress of a long request. */
export interface Progress {
  phase: 'read' | 'validate' | 'records' | 'change';
  /** Bytes or rows done, out of `total` (0 when unknown). */
  done: number;
  total: number;
  rows: number;
  /** A chunk of records (`records` requests). */
  records?: Record<string, ImportValue | Record<string, string>>[];
}

export type Message =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: { name: string; message: string; code?: string } }
  | { type: 'progress'; id: number; progress: Progress };

/** To the engine: a request, or the cancellation of one. */
export type Command = ({ type: 'call' } & Request) | { type: 'cancel'; id: number };
