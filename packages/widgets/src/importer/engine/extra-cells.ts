import { type ByteRecords, cellText, type ExtraColumn, shownText } from '@inlay/core';

/**
 * The cells of the file columns no field is mapped to, kept with the importer's
 * `unmappedColumns: "keep"` (docs/importer.md, "Columns nobody mapped"): read-only text, one block
 * per row in file order, delivered under each row's `extra` and shown after the fields in review.
 * They are not validated: a reader's marks become what the user sees (JSON of a nested list,
 * U+FFFD for a character that could not be read).
 * @internal
 */
export class ExtraCells {
  readonly headers: string[];
  readonly #columns: readonly ExtraColumn[];
  /** Every row's cells, `row * columns + i`. */
  readonly #cells: string[] = [];

  constructor(columns: readonly ExtraColumn[]) {
    this.#columns = columns;
    this.headers = columns.map((column) => column.header);
  }

  /** Keeps the unmapped cells of the next rows. */
  addRows(rows: readonly (readonly string[])[]): void {
    for (const cells of rows) for (const { column } of this.#columns) this.#cells.push(shownText(cells[column] ?? ''));
  }

  /** Keeps the unmapped cells of the next records given as byte ranges (records `from`…). */
  addByteRecords(records: ByteRecords, from: number): void {
    for (let record = from; record < records.count; record++) {
      for (const { column } of this.#columns) this.#cells.push(shownText(cellText(records, record, column) ?? ''));
    }
  }

  /** A row's cells, in column order. */
  of(row: number): string[] {
    const width = this.#columns.length;
    return this.#cells.slice(row * width, (row + 1) * width);
  }

  /** A row's cells as delivered: header to text. */
  record(row: number): Record<string, string> {
    const extra: Record<string, string> = {};
    const width = this.#columns.length;
    this.#columns.forEach(({ header }, i) => Object.defineProperty(extra, header, { value: this.#cells[row * width + i] ?? '', enumerable: true, writable: true, configurable: true }));
    return extra;
  }
}
