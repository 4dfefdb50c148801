import type { FieldDefinition } from '../schemas/importer.js';
import { detectDateOrder } from './dates.js';
import { detectNumberFormat } from './number-format.js';
import { setOwn } from './own-property.js';
import { type TableConfig, type TableValidation, TableValidator } from './table-validator.js';
import type { ColumnIndexMapping, DateOrder, ImportValue, NumberFormat, RowCells, RowOptions } from './types.js';

/** Rows {@link detectTableFormats} looks at by default: enough to settle a format, cheap to scan. */
const DEFAULT_SAMPLE_ROWS = 10_000;

/** The formats of a file, as {@link detectTableFormats} finds them. */
export interface TableFormats {
  numberFormat: NumberFormat;
  dateOrder: DateOrder | null;
}

/**
 * The decimal separator of a table's number columns and the day/month order of its date columns,
 * from the first `sampleRows` rows (all number columns vote together, as do all date columns: a
 * file has one locale).
 *
 * @example
 * detectTableFormats(config.fields, rows.slice(0, 1000), mapping)
 * // { numberFormat: 'comma', dateOrder: 'dmy' }
 */
export function detectTableFormats(
  fields: readonly FieldDefinition[],
  rows: Iterable<RowCells>,
  mapping?: ColumnIndexMapping,
  sampleRows: number = DEFAULT_SAMPLE_ROWS,
): TableFormats {
  const columnsOf = (type: FieldDefinition['type']): number[] =>
    fields.flatMap((field, i) => {
      if (field.type !== type) return [];
      const column = mapping === undefined ? i : Object.hasOwn(mapping, field.key) ? mapping[field.key] : undefined;
      return column === undefined ? [] : [column];
    });
  const numberColumns = columnsOf('number');
  const dateColumns = columnsOf('date');
  return {
    numberFormat: numberColumns.length === 0 ? 'dot' : detectNumberFormat(cellsOf(rows, numberColumns, sampleRows)),
    dateOrder: dateColumns.length === 0 ? null : detectDateOrder(cellsOf(rows, dateColumns, sampleRows)),
  };
}

function* cellsOf(rows: Iterable<RowCells>, columns: readonly number[], limit: number): Generator<string | undefined> {
  let seen = 0;
  for (const cells of rows) {
    if (seen++ >= limit) return;
    for (const column of columns) yield cells[column];
  }
}

/**
 * Validates a whole table at once: types, `required`, `unique` and `duplicateKey`. When
 * `numberFormat` or `dateOrder` is not given it is detected from the rows first
 * ({@link detectTableFormats}); pass both to validate exactly as a {@link TableValidator} would.
 *
 * @example
 * const result = validateTable(config, rows, { mapping: { email: 0, name: 1 } });
 * result.errors;          // [{ row: 2, field: 'email', code: 'duplicate_value', message: '…' }]
 * result.columns[0][2];   // 'ann@example.com'
 */
export function validateTable(config: TableConfig, rows: readonly RowCells[], options: RowOptions = {}): TableValidation {
  let resolved = options;
  if (options.numberFormat === undefined || options.dateOrder === undefined) {
    const detected = detectTableFormats(config.fields, rows, options.mapping);
    resolved = { ...options, numberFormat: options.numberFormat ?? detected.numberFormat, dateOrder: options.dateOrder === undefined ? detected.dateOrder : options.dateOrder };
  }
  const validator = new TableValidator(config, resolved);
  validator.addRows(rows);
  return validator.finish();
}

/**
 * A validation's rows as objects keyed by field key, leaving out excluded rows and, with
 * `onlyValid`, rows with errors. For delivery (the `inlay-import-complete` event), not for display.
 *
 * @example
 * toRecords(result, { onlyValid: true })  // [{ email: 'ann@example.com', age: 31 }, …]
 */
export function toRecords(validation: TableValidation, options: { onlyValid?: boolean } = {}): Record<string, ImportValue>[] {
  const skipped = new Set(validation.excludedRows);
  if (options.onlyValid) for (const error of validation.errors) skipped.add(error.row);
  const records: Record<string, ImportValue>[] = [];
  for (let row = 0; row < validation.rowCount; row++) {
    if (skipped.has(row)) continue;
    const record: Record<string, ImportValue> = {};
    validation.fieldKeys.forEach((key, i) => {
      setOwn(record, key, (validation.columns[i] as readonly ImportValue[])[row] as ImportValue);
    });
    records.push(record);
  }
  return records;
}
