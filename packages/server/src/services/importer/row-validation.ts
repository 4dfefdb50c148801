import { validateTable, type ImporterConfig, type TableValidation } from '@inlay/core';
import type { UploadedRow } from '../../repositories/import-sessions.js';

/**
 * Validates uploaded rows with the same core engine as the widget: rows arrive as objects keyed
 * by field key, and are read as the raw strings a spreadsheet cell would hold.
 */
export function validateUploadedRows(config: ImporterConfig, rows: readonly UploadedRow[]): TableValidation {
  const keys = config.fields.map((field) => field.key);
  const cells = rows.map((row) => keys.map((key) => {
    const value = Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined;
    return value === undefined || value === null ? undefined : String(value);
  }));
  return validateTable({ fields: config.fields, ...(config.duplicateKey !== undefined ? { duplicateKey: config.duplicateKey } : {}) }, cells);
}
