import type { CellError } from './types.js';

/**
 * The errors of a table's rows, at most one per cell, each row's in field order. Only rows with
 * errors take memory. Rows are listed in insertion order while that is ascending (always, for a
 * table that was only added to) and sorted only after an edit gave an earlier row its first error.
 * @internal
 */
export class RowErrors {
  private readonly byRow = new Map<number, CellError[]>();
  private lastRow = -1;
  private inOrder = true;

  /** @param fieldOrder field key → position, to keep a row's errors in field order */
  constructor(private readonly fieldOrder: ReadonlyMap<string, number>) {}

  /** Records the errors of a row that has none yet, already in field order. */
  addRow(row: number, errors: CellError[]): void {
    this.byRow.set(row, errors);
    this.noteRow(row);
  }

  /** A row's errors (the stored array: do not change it), or `undefined` when it has none. */
  of(row: number): readonly CellError[] | undefined {
    return this.byRow.get(row);
  }

  /** The error of one cell. */
  at(row: number, fieldKey: string): CellError | undefined {
    return this.byRow.get(row)?.find((error) => error.field === fieldKey);
  }

  /** Sets (or with `null` clears) the error of one cell. Returns the change in the error count: -1, 0 or 1. */
  set(row: number, fieldKey: string, error: CellError | null): number {
    let errors = this.byRow.get(row);
    const at = errors === undefined ? -1 : errors.findIndex((existing) => existing.field === fieldKey);
    if (errors !== undefined && at >= 0) {
      if (error !== null) {
        errors[at] = error;
        return 0;
      }
      errors.splice(at, 1);
      if (errors.length === 0) this.byRow.delete(row);
      return -1;
    }
    if (error === null) return 0;
    if (errors === undefined) {
      errors = [];
      this.byRow.set(row, errors);
      this.noteRow(row);
    }
    const position = this.fieldOrder.get(fieldKey) ?? 0;
    let insertAt = errors.length;
    while (insertAt > 0 && (this.fieldOrder.get((errors[insertAt - 1] as CellError).field) ?? 0) > position) insertAt -= 1;
    errors.splice(insertAt, 0, error);
    return 1;
  }

  /** Rows with errors, ascending. */
  rows(): Iterable<number> {
    return this.inOrder ? this.byRow.keys() : [...this.byRow.keys()].sort((a, b) => a - b);
  }

  private noteRow(row: number): void {
    if (row < this.lastRow) this.inOrder = false;
    else this.lastRow = row;
  }
}
