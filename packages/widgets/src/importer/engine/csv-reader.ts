import Papa from 'papaparse';

/**
 * The importer's CSV/TSV record reader (docs/importer.md), on Papa Parse's core parser (CSP-safe: no
 * eval, no blob workers — those are Papa's optional extras, unused here), fed piece by piece so
 * that a file never has to be one string and a slice never runs long. Cells stay strings: `00123`
 * is `00123`.
 *
 * It reads what the byte path does not: text in other encodings, pastes, and the rest of a UTF-8
 * file after quoting only Papa Parse reads as it does. UTF-8 files go through CsvByteReader
 * (csv-bytes.ts), held by its tests to give exactly this reader's records: a string reader of our
 * own was not faster than Papa Parse, but a byte reader that never makes a string per cell is
 * (scripts/importer-bench.mjs; docs/decisions.md, "Importer parsing").
 *
 * - with `'\n'` line breaks a `\r` before them (CRLF) is dropped from each record's last cell;
 *   `'\r'` is for old Mac files.
 * - a record cut at the end of a piece (or a quoted field still open) waits for the next piece;
 *   the line break that ends the file ends its last record, it does not start an empty one.
 * @internal
 */

/** An unterminated quote is given this much text to close before the file is refused. */
const MAX_OPEN_FIELD = 32 * 1024 * 1024;

/** @internal */
export class CsvReader {
  readonly #parser: Papa.Parser;
  readonly #stripCarriageReturn: boolean;
  #rest = '';

  constructor(delimiter: string, newline: '\n' | '\r') {
    if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
      throw new RangeError(`delimiter must be one character, got ${JSON.stringify(delimiter)}`);
    }
    this.#parser = new Papa.Parser({ delimiter, newline, quoteChar: '"' });
    this.#stripCarriageReturn = newline === '\n';
  }

  /** The complete records of `text` (with what was left of the previous piece); all of them when `last`. */
  push(text: string, last: boolean): string[][] {
    const input = this.#rest === '' ? text : this.#rest + text;
    const result = this.#parser.parse(input, 0, !last) as { data: string[][]; meta: { cursor: number } };
    this.#rest = last ? '' : input.slice(result.meta.cursor);
    if (this.#rest.length > MAX_OPEN_FIELD) throw new SyntaxError('A quoted field is never closed: check the quotes in the file.');
    const rows = result.data;
    // The line break that ends a file does not start one more (empty) record.
    const final = rows[rows.length - 1];
    if (last && final !== undefined && final.length === 1 && final[0] === '') rows.pop();
    if (this.#stripCarriageReturn) {
      for (const row of rows) {
        const end = row.length - 1;
        const cell = row[end] as string;
        if (cell.charCodeAt(cell.length - 1) === 13) row[end] = cell.slice(0, -1);
      }
    }
    return rows;
  }
}
