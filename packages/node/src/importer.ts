/**
 * Server-side row validation (docs/importer.md): the same `@inlay/core` engine the importer widget
 * runs in its worker, so a backend receiving rows from the browser can check them again instead
 * of trusting them. Pure and local: no request is sent.
 */
import { type CellError, cellWarnings, type ImportValue, type RowCells, type RowOptions, type TableConfig, type TableValidation, toRecords, validateTable } from '@inlay/core';

/**
 * One row: an object keyed by field key (what the widget's `inlay-import-complete` event hands
 * the page, and what your backend receives from it), or the cells of a parsed file in column
 * order.
 */
export type ImportRow = RowCells | Readonly<Record<string, ImportValue | undefined>>;

/**
 * Validates rows against an importer config — types, `required`, `unique` and `duplicateKey` —
 * exactly as the widget does. Rows given as objects are read by field key, as values already
 * normalised by the widget (numbers with a dot, ISO dates); rows given as arrays of cells are read
 * through `options.mapping` (field key → column) or in field order, and their number format and
 * date order are detected unless given.
 *
 * The result is `@inlay/core`'s `TableValidation`: `errors` (`{row, field, code, message,
 * suggestion?}`), `invalidRowCount`, `duplicateGroups`, and the parsed values by column; pass it
 * to {@link toRecords} for objects.
 *
 * @example
 * ```ts
 * const { published } = await inlay.importer.importers.retrieve('imp_123');
 * const result = inlay.importer.validateRows(published!.config, req.body.rows);
 * if (result.errors.length > 0) return res.status(422).json({ errors: result.errors });
 * await db.contacts.insertMany(toRecords(result));
 * ```
 */
export function validateRows(config: TableConfig, rows: readonly ImportRow[], options: RowOptions = {}): ValidatedRows {
  const prepared = prepareRows(config, rows, options);
  const result = validateTable(config, prepared.cells, prepared.options);
  return { ...result, warnings: cellWarnings(config, result) };
}

/**
 * {@link validateRows}' result: `@inlay/core`'s `TableValidation` plus `warnings`, the cells that
 * are accepted but worth a look (code `formula`: text a spreadsheet would run as a formula;
 * docs/importer.md "Formula cells"). Warnings do not count in `invalidRowCount`.
 */
export type ValidatedRows = TableValidation & { warnings: CellError[] };

/** Rows as cells in field order (or the caller's mapping), and the options to read them with. @internal */
export function prepareRows(config: TableConfig, rows: readonly ImportRow[], options: RowOptions): { cells: readonly RowCells[]; options: RowOptions } {
  if (!Array.isArray(rows)) throw new TypeError('Inlay: validateRows takes an array of rows.');
  const records = rows.length > 0 && !Array.isArray(rows[0]);
  if (!records) {
    if (rows.some((row) => !Array.isArray(row))) throw new TypeError('Inlay: rows must all be arrays of cells, or all objects keyed by field key.');
    return { cells: rows as readonly RowCells[], options };
  }
  if (options.mapping !== undefined) {
    throw new TypeError('Inlay: mapping applies to rows given as arrays of cells; objects are read by field key.');
  }
  const cells = rows.map((row) => {
    if (Array.isArray(row) || typeof row !== 'object' || row === null) {
      throw new TypeError('Inlay: rows must all be arrays of cells, or all objects keyed by field key.');
    }
    const record = row as Readonly<Record<string, ImportValue | undefined>>;
    // Own properties only: a field keyed `constructor` must not read Object.prototype's.
    return config.fields.map((field) => cellText(Object.hasOwn(record, field.key) ? record[field.key] : undefined));
  });
  // Values from records are already canonical: nothing to detect.
  return { cells, options: { numberFormat: 'dot', dateOrder: null, ...options } };
}

/** A normalised value as the cell text the engine reads; absent and null are empty cells. */
function cellText(value: ImportValue | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return String(value);
}

export { toRecords };
