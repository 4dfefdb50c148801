import type { FieldDefinition, FieldType } from '../schemas/importer.js';
import { readerRefusal } from './reader-marks.js';
import type { CellError, ColumnIndexMapping, ImportErrorCode, RowCells, RowOptions } from './types.js';
import { isSpreadsheetError, spreadsheetErrorMessage } from './spreadsheet-errors.js';
import { type CellParser, type CellReading, compileParser, requiredMessage } from './values.js';

/** How a field takes part in cross-row checks. @internal */
export type FieldIndexing = 'none' | 'unique' | 'duplicateKey';

/** One field prepared for the hot path: where its cell is and how to read it. @internal */
export interface CompiledField {
  readonly key: string;
  readonly label: string;
  readonly type: FieldType;
  /** Column of the field's cell in a row, or -1 when the field is not mapped. */
  readonly column: number;
  readonly required: boolean;
  readonly indexing: FieldIndexing;
  readonly parse: CellParser;
  readonly requiredMessage: string;
}

/**
 * Prepares every field once per table. The `duplicateKey` field is indexed for duplicate groups
 * even when it is also `unique`: its repeats are reported once, as `duplicate_key`, because the
 * UI resolves them by keeping one row of each group rather than by editing values.
 * @internal
 */
export function compileFields(fields: readonly FieldDefinition[], options: RowOptions = {}, duplicateKey?: string): CompiledField[] {
  return fields.map((field, index) => ({
    key: field.key,
    label: field.label,
    type: field.type,
    column: columnOf(field.key, index, options.mapping),
    required: field.required === true,
    indexing: field.key === duplicateKey ? 'duplicateKey' : field.unique ? 'unique' : 'none',
    parse: compileParser(field, options),
    requiredMessage: requiredMessage(field),
  }));
}

function columnOf(key: string, index: number, mapping: ColumnIndexMapping | undefined): number {
  if (mapping === undefined) return index;
  if (!Object.hasOwn(mapping, key)) return -1;
  const column = mapping[key];
  if (column === undefined || !Number.isInteger(column) || column < 0) {
    throw new RangeError(`mapping of field ${JSON.stringify(key)} must be a column index (an integer ≥ 0), got ${String(column)}`);
  }
  return column;
}

/** {@link readCell}: the cell is valid and `out.value` holds its value. @internal */
export const CELL_VALID = 0;
/** {@link readCell}: the cell is empty; `out.value` is null. @internal */
export const CELL_EMPTY = 1;
/** {@link readCell}: the cell is refused; `out` holds code, message and suggestion. @internal */
export const CELL_INVALID = 2;

/**
 * Reads one field's cell of a row into `out` and says which of the three outcomes it was. An empty
 * cell of a required field is `CELL_INVALID` with code `required`.
 * @internal
 */
export function readCell(field: CompiledField, raw: string | undefined, out: CellReading): number {
  if (raw === undefined) return empty(field, out);
  // Most cells have nothing to trim: when both ends are printable ASCII, skip the call. Anything
  // else (ASCII controls, no-break and other Unicode spaces) goes through `trim`.
  const first = raw.charCodeAt(0);
  const last = raw.charCodeAt(raw.length - 1);
  const text = first > 32 && first < 127 && last > 32 && last < 127 ? raw : raw.trim();
  if (text === '') return empty(field, out);
  // Bytes the decoder could not read, and JSON a cell cannot hold, are marked by the reader:
  // never imported silently (docs/importer.md, "Files the importer reads").
  const refusal = readerRefusal(text);
  if (refusal !== undefined) return readerRefused(refusal, out);
  if (text.charCodeAt(0) === 35 /* # */ && isSpreadsheetError(text)) return spreadsheetError(text, out);
  return field.parse(text, out) ? CELL_VALID : CELL_INVALID;
}

function readerRefused(refusal: { code: ImportErrorCode; message: string }, out: CellReading): number {
  out.value = null;
  out.code = refusal.code;
  out.message = refusal.message;
  out.suggestion = undefined;
  return CELL_INVALID;
}

/** A cell showing a formula's error (`#DIV/0!`): refused in every field type (spreadsheet-errors.ts). */
function spreadsheetError(text: string, out: CellReading): number {
  out.value = null;
  out.code = 'spreadsheet_error';
  out.message = spreadsheetErrorMessage(text);
  out.suggestion = undefined;
  return CELL_INVALID;
}

function empty(field: CompiledField, out: CellReading): number {
  out.value = null;
  if (!field.required) return CELL_EMPTY;
  out.code = 'required';
  out.message = field.requiredMessage;
  out.suggestion = undefined;
  return CELL_INVALID;
}

/** The cell of a field in a row. @internal */
export function cellOf(field: CompiledField, cells: RowCells): string | undefined {
  return field.column < 0 ? undefined : cells[field.column];
}

/** A refused cell's error, from what its parser wrote. @internal */
export function cellErrorOf(row: number, field: CompiledField, out: CellReading): CellError {
  return out.suggestion === undefined
    ? { row, field: field.key, code: out.code, message: out.message }
    : { row, field: field.key, code: out.code, message: out.message, suggestion: out.suggestion };
}

/** The error of a repeat in a `unique` or `duplicateKey` field. @internal */
export function repeatError(row: number, field: CompiledField): CellError {
  return field.indexing === 'duplicateKey'
    ? { row, field: field.key, code: 'duplicate_key', message: `An earlier row has the same ${field.label}; keep one of them` }
    : { row, field: field.key, code: 'duplicate_value', message: `${field.label} must be unique; an earlier row has this value` };
}
