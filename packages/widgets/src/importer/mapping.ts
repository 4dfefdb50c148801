import type { ColumnMatch, FieldDefinition } from '@inlay/core';

/** One column of the file on the mapping step: its match, and a few values to recognise it by. @internal */
export interface ColumnChoice extends ColumnMatch {
  samples: string[];
  /** The user picked the field (no confidence to show). */
  chosen?: boolean;
  /** The page's `suggestMapping` proposed the field, and the user has not confirmed it yet. */
  suggested?: boolean;
}

/** The header texts of a file: the header row's cells, or none when the file has no header row. @internal */
export function headersOf(preview: readonly string[][], headerRow: number): string[] {
  const width = Math.max(0, ...preview.map((row) => row.length));
  const header = headerRow >= 0 ? (preview[headerRow] ?? []) : [];
  return Array.from({ length: width }, (_, i) => (header[i] ?? '').trim());
}

/**
 * Gives `column` the field `fieldKey` (or none). A field fills one column: the column that had it
 * gives it up. Both are then the user's choice, shown without a confidence.
 * @internal
 */
export function chooseField(columns: readonly ColumnChoice[], column: number, fieldKey: string | null): ColumnChoice[] {
  return columns.map((choice) => {
    if (choice.column === column) return { ...choice, fieldKey, chosen: true, suggested: false };
    if (fieldKey !== null && choice.fieldKey === fieldKey) return { ...choice, fieldKey: null, chosen: true, suggested: false };
    return choice;
  });
}

/** Columns whose suggested field the user has yet to confirm or change: the import waits for them. @internal */
export function unconfirmed(columns: readonly ColumnChoice[]): ColumnChoice[] {
  return columns.filter((choice) => choice.suggested === true);
}

/** Required fields no column fills. @internal */
export function missingRequired(columns: readonly ColumnChoice[], fields: readonly FieldDefinition[]): FieldDefinition[] {
  const mapped = new Set(columns.map((choice) => choice.fieldKey));
  return fields.filter((field) => field.required && !mapped.has(field.key));
}

/**
 * The fields in review order: those a column fills first, in the importer's order, then those no
 * column fills (empty unless the user types into them), so the grid opens on the file's data
 * (docs/importer.md, "Review"). @internal
 */
export function reviewOrder(columns: readonly ColumnChoice[], fields: readonly FieldDefinition[]): FieldDefinition[] {
  const mapped = new Set(columns.map((choice) => choice.fieldKey));
  return [...fields.filter((field) => mapped.has(field.key)), ...fields.filter((field) => !mapped.has(field.key))];
}
