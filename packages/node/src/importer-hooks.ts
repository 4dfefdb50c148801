import { detectTableFormats, cellWarnings, runRowHooks, type RowHooks, type RowOptions, type TableConfig, TableValidator, validatorHookTarget } from '@inlay/core';
import { type ImportRow, prepareRows, type ValidatedRows } from './importer.js';

/**
 * {@link validateRows} with the host hooks of the importer widget, in the same signature
 * (docs/importer.md, "Hooks"): `transformRow` changes values and `validateRow` adds messages,
 * each called with batches of `{row, values}` (sync or async). Transforms run over every batch
 * first; their values are validated again, then `validateRow` sees them. Messages are errors with
 * code `custom`, after any error of the cell's type or rules.
 *
 * @example
 * ```ts
 * const result = await validateRowsWithHooks(published.config, req.body.rows, {
 *   transformRow: (rows) => rows.map((r) => ({ row: r.row, values: { country: String(r.values.country ?? '').toUpperCase() } })),
 *   validateRow: async (rows) => {
 *     const taken = await db.contacts.existingEmails(rows.map((r) => r.values.email));
 *     return rows.filter((r) => taken.has(r.values.email)).map((r) => ({ row: r.row, field: 'email', message: 'Already a contact' }));
 *   },
 * });
 * ```
 */
export async function validateRowsWithHooks(config: TableConfig, rows: readonly ImportRow[], hooks: RowHooks, options: RowOptions = {}): Promise<ValidatedRows> {
  const prepared = prepareRows(config, rows, options);
  let resolved = prepared.options;
  if (resolved.numberFormat === undefined || resolved.dateOrder === undefined) {
    const detected = detectTableFormats(config.fields, prepared.cells, resolved.mapping);
    resolved = { ...resolved, numberFormat: resolved.numberFormat ?? detected.numberFormat, dateOrder: resolved.dateOrder === undefined ? detected.dateOrder : resolved.dateOrder };
  }
  const validator = new TableValidator(config, resolved);
  validator.addRows(prepared.cells);
  const keys = config.fields.map((field) => field.key);
  await runRowHooks(validatorHookTarget(validator, keys, resolved.numberFormat ?? 'dot'), hooks, keys);
  const result = validator.finish();
  return { ...result, warnings: cellWarnings(config, result) };
}
