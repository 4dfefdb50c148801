import Papa from 'papaparse';

/**
 * CSV and TSV reading (DESIGN.md §8) on Papa Parse's core parser (CSP-safe: no eval, no blob
 * workers — those are Papa's optional extras, unused here), fed piece by piece so a file never
 * has to be one string and a slice never runs long. Cells stay strings: `00123` is `00123`.
 * @internal
 */

/** Rows looked at to choose a delimiter. */
const SAMPLE_ROWS = 50;
/** An unterminated quote is given this much text to close before the file is refused. */
const MAX_OPEN_FIELD = 32 * 1024 * 1024;

/** `'\n'` (also for `\r\n`, whose `\r` is dropped from each row's last cell) or `'\r'` (old Mac files). */
export function detectNewline(sample: string): '\n' | '\r' {
  return sample.includes('\n') || !sample.includes('\r') ? '\n' : '\r';
}

/**
 * The delimiter that splits the sample's rows most consistently into more than one column.
 * Commas inside numbers (`1,5` in a `;` file) split rows as well, but not the header row, and
 * never as consistently; on a tie tab, semicolon and pipe win over comma, which is the one that
 * also appears inside values.
 *
 * @example
 * detectDelimiter('name;amount\nAnn;1,5\nBob;2,25\n')  // ';'
 */
export function detectDelimiter(sample: string, newline: '\n' | '\r' = detectNewline(sample)): string {
  let best: string = ',';
  let bestScore = 0;
  for (const delimiter of ['\t', ';', '|', ',']) {
    const rows = parseSample(sample, delimiter, newline);
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    let mode = 1;
    let modeRows = 0;
    for (const [columns, rowCount] of counts) {
      if (rowCount > modeRows || (rowCount === modeRows && columns > mode)) {
        mode = columns;
        modeRows = rowCount;
      }
    }
    if (mode < 2 || rows.length === 0) continue;
    const score = modeRows / rows.length;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function parseSample(sample: string, delimiter: string, newline: '\n' | '\r'): string[][] {
  const parser = new Papa.Parser({ delimiter, newline, quoteChar: '"' });
  const result = parser.parse(sample, 0, true) as { data: string[][] };
  return result.data.filter((row) => !isBlank(row)).slice(0, SAMPLE_ROWS);
}

/** Whether a record has nothing but empty or blank cells (skipped everywhere). */
export function isBlank(row: readonly string[]): boolean {
  // Fast path: a first cell that starts with a visible character.
  const first = row[0];
  if (first !== undefined && first.charCodeAt(0) > 32) return false;
  for (const cell of row) if (cell.trim() !== '') return false;
  return true;
}

/**
 * Parses text given in pieces into records. A record cut at the end of a piece (or a quoted field
 * with line breaks still open) is kept and completed by the next piece.
 */
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
