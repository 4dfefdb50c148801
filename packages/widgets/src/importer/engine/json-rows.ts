import { HEADER_ITEMS, JsonColumns } from './json-cells.js';
import type { EachRecords } from './source.js';

/**
 * The rows of a JSON source (docs/importer.md, "JSON and NDJSON files"): the header row — the
 * columns of the first {@link HEADER_ITEMS} items — then one row per item. Rows read before the
 * columns are settled wait, and go with the header row once they are.
 * @internal
 */
export class JsonRows {
  readonly columns = new JsonColumns();
  readonly #each: EachRecords;
  #waiting: string[][] | null = [];
  /** Items of the file so far, for messages. */
  #count = 0;

  constructor(each: EachRecords) {
    this.#each = each;
  }

  get count(): number {
    return this.#count;
  }

  /** Gives the rows of the next `items` (all rows read so far when `last`). */
  add(items: readonly unknown[], last: boolean): void {
    const rows: string[][] = [];
    for (const item of items) {
      this.#count += 1;
      const cells = this.columns.cells(item, this.#count);
      if (this.#waiting !== null) this.#waiting.push(cells);
      else rows.push(this.columns.pad(cells));
    }
    if (this.#waiting !== null && (this.#waiting.length >= HEADER_ITEMS || last)) this.flush();
    else if (rows.length > 0) this.#each(rows);
  }

  /** Counts items whose rows went as byte records (json-line-bytes.ts). */
  counted(items: number): void {
    this.#count += items;
  }

  /** Settles the columns and gives the header row with the rows read so far (a preview that stopped early shows what was read). */
  flush(): void {
    const waiting = this.#waiting;
    if (waiting === null) return;
    this.columns.settle();
    this.#waiting = null;
    this.#each([this.columns.names.slice(), ...waiting.map((cells) => this.columns.pad(cells))]);
  }
}
