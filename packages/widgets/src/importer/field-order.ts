/**
 * The importer's fields in the review grid's order: those a column of the file fills first, then
 * the ones no column fills (empty in every row), each group in the config's order — so a phone's
 * narrow grid opens on the data (docs/importer.md). Rows go out keyed by field, so the order
 * changes only what is shown.
 * @internal
 */
export function filledFieldsFirst<F extends { key: string }>(fields: readonly F[], columns: readonly { fieldKey: string | null }[]): F[] {
  const filled = new Set(columns.map((column) => column.fieldKey));
  return [...fields.filter((field) => filled.has(field.key)), ...fields.filter((field) => !filled.has(field.key))];
}
