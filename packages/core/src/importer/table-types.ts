import type { FieldDefinition } from '../schemas/importer.js';
import type { CellError, DuplicateGroup, ImportValue } from './types.js';

/** The part of an importer config the validator reads; an `ImporterConfig` is one. */
export interface TableConfig {
  fields: readonly FieldDefinition[];
  duplicateKey?: string | undefined;
}

/**
 * A table's errors and duplicates, without its values: what a review screen needs after every
 * change (see {@link TableValidator.review}). Excluded rows are left out of `errors`, the counts
 * and `duplicateGroups`.
 */
export interface TableReview {
  fieldKeys: string[];
  rowCount: number;
  /** Sorted by row, then by field order. */
  errors: CellError[];
  /** Rows with at least one error. */
  invalidRowCount: number;
  duplicateGroups: DuplicateGroup[];
  /** Rows set aside by {@link TableValidator.setRowExcluded} or `resolveDuplicates`, ascending. */
  excludedRows: number[];
}

/**
 * A table's validation. Plain data — it survives `postMessage` from a worker. Values are given
 * by column (`columns[i][row]` is `fieldKeys[i]`'s value in `row`): ten arrays for a million rows
 * instead of a million objects. Excluded rows keep their values.
 */
export interface TableValidation extends TableReview {
  columns: readonly (readonly ImportValue[])[];
}

/** The outcome of editing one cell. */
export interface CellChange {
  value: ImportValue;
  error: CellError | null;
  /**
   * Rows whose errors changed, ascending: the edited row when it gained, lost or changed an error,
   * and any row whose repeat status moved. A change of value alone lists nothing (the importer
   * engine adds the edited row itself, since its grid re-reads changed cells too).
   */
  changedRows: number[];
}

/** Which row of each `duplicateKey` group to keep. */
export type DuplicateStrategy = 'keep-first' | 'keep-last';
