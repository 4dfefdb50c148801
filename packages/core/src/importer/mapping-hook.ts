/**
 * The host's own column matching (docs/importer.md, "Mapping suggestions from your app"): after
 * Inlay's matcher, the importer asks the page's `suggestMapping` hook about the columns it left
 * unmatched. Nothing leaves the browser unless the hook sends it.
 */
import type { FieldDefinition } from '../schemas/importer.js';

/** What the hook is asked about: the columns Inlay left unmatched and the fields still open. */
export interface SuggestMappingInput {
  /** The unmatched columns' headers, in file order. */
  headers: string[];
  /** Up to five data rows, each the unmatched columns' cells in the order of `headers`. */
  sampleRows: string[][];
  /** The fields no column fills yet. */
  fields: FieldDefinition[];
}

/** Header → field key (or `null`: no suggestion). Headers and keys not asked about are ignored. */
export type SuggestedMapping = Record<string, string | null>;

/**
 * Proposes fields for the columns Inlay's matcher left unmatched, synchronously or not. The user
 * confirms each suggestion; a hook that throws or does not answer in time leaves Inlay's matching.
 *
 * @example
 * importer.suggestMapping = async ({ headers, sampleRows, fields }) => {
 *   const response = await fetch('/api/import-mapping', { method: 'POST', body: JSON.stringify({ headers, sampleRows, fields: fields.map((f) => f.key) }) });
 *   return response.json(); // {"Tel.": "phone"}
 * };
 */
export type SuggestMappingHook = (input: SuggestMappingInput) => SuggestedMapping | Promise<SuggestedMapping>;
