import { type FieldDefinition, matchColumns, type RememberedMapping } from '@inlay/core';
import { type ColumnChoice, headersOf } from './mapping.js';

/**
 * The columns' proposed fields for the mapping step: core's matcher (field names, aliases,
 * synonyms in six languages, near spellings) and a page's remembered mapping. Not needed before a
 * file is chosen, so the script-tag bundle loads it beside itself (`inlay-importer.matcher.js`)
 * while the file is read (file-intake.ts; docs/widgets.md, "Files of the script-tag bundles").
 * @internal
 */

/** Proposes a field for each column with core's matcher, a remembered mapping first. @internal */
export function proposeColumns(
  preview: readonly string[][],
  headerRow: number,
  fields: readonly FieldDefinition[],
  remembered: RememberedMapping | undefined,
): ColumnChoice[] {
  const headers = headersOf(preview, headerRow);
  const data = preview.slice(headerRow + 1);
  return matchColumns(headers, fields, remembered).map((match) => ({
    ...match,
    samples: data
      .map((row) => (row[match.column] ?? '').trim())
      .filter((value) => value !== '')
      .slice(0, 3),
  }));
}
