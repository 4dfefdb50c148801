import type { FieldDefinition } from '../schemas/importer.js';
import { CELL_INVALID, cellErrorOf, cellOf, compileFields, readCell } from './compile-fields.js';
import type { CellError, ImportValue, RowCells, RowOptions } from './types.js';
import { newCellReading } from './values.js';

/** One row's values, aligned with the fields (`values[i]` is `fields[i]`'s), and its errors. */
export interface RowValidation {
  values: ImportValue[];
  errors: CellError[];
}

/**
 * Validates one row on its own: types and `required`, not `unique` or `duplicateKey`, which need
 * the whole table ({@link validateTable}, {@link TableValidator}). Cells are read through
 * `options.mapping` (field key → column), or in the order of the fields without one.
 *
 * @example
 * const fields = [
 *   { key: 'email', label: 'Email', type: 'email', required: true },
 *   { key: 'age', label: 'Age', type: 'number' },
 * ];
 * validateRow(fields, ['', 'Bob', '1,5'], 7, { mapping: { email: 0, age: 2 } });
 * // { values: [null, null], errors: [
 * //   { row: 7, field: 'email', code: 'required', message: 'Email is required' },
 * //   { row: 7, field: 'age', code: 'invalid_number', message: '…', suggestion: 1.5 } ] }
 */
export function validateRow(fields: readonly FieldDefinition[], cells: RowCells, rowIndex: number, options: RowOptions = {}): RowValidation {
  const compiled = compileFields(fields, options);
  const out = newCellReading();
  const values: ImportValue[] = [];
  const errors: CellError[] = [];
  for (const field of compiled) {
    if (readCell(field, cellOf(field, cells), out) === CELL_INVALID) errors.push(cellErrorOf(rowIndex, field, out));
    values.push(out.value);
  }
  return { values, errors };
}

