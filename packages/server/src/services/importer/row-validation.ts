import { validateTable, type ImporterConfig, type RowCells, type TableValidation, type ValidationOptions } from '@inlay/core';
import type { UploadedRow } from '../../repositories/importer/upload-chunks.js';

/**
 * How uploaded cells are read. Uploads carry values the user already fixed in the widget (numbers
 * as JSON numbers, dates as ISO text), not a spreadsheet's locale-formatted text, so the formats
 * are fixed rather than guessed from the rows: a guess would differ from chunk to chunk and make
 * a chunk's validation depend on the others (docs/decisions.md, "Importer uploads").
 */
export const UPLOAD_FORMATS: ValidationOptions = { numberFormat: 'dot', dateOrder: null };

/** An uploaded row as the cells of the config's fields, in field order: the raw strings a spreadsheet cell would hold. */
export function cellsOfRow(keys: readonly string[], row: UploadedRow): RowCells {
  return keys.map((key) => {
    // Own properties only: a field keyed `constructor` must not read the object's prototype.
    const value = Object.hasOwn(row, key) ? row[key] : undefined;
    return value === undefined || value === null ? undefined : String(value);
  });
}

/**
 * Validates uploaded rows all at once with the same core engine as the widget. The upload route
 * validates chunk by chunk instead (./chunk-validation.ts); this whole-table form is the
 * reference the tests hold the chunked counts to.
 */
export function validateUploadedRows(config: ImporterConfig, rows: readonly UploadedRow[]): TableValidation {
  const keys = config.fields.map((field) => field.key);
  const cells = rows.map((row) => cellsOfRow(keys, row));
  return validateTable({ fields: config.fields, ...(config.duplicateKey !== undefined ? { duplicateKey: config.duplicateKey } : {}) }, cells, UPLOAD_FORMATS);
}
