import { CsvReader } from './csv-reader.js';

/**
 * Choosing how to read CSV and TSV (docs/importer.md): the line break and the delimiter, from a
 * sample at the start of the file. The records themselves are read by {@link CsvReader}.
 * @internal
 */

/** Rows looked at to choose a delimiter. */
const SAMPLE_ROWS = 50;

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
  // The sample may end inside a record: only complete ones count.
  return new CsvReader(delimiter, newline).push(sample, false).filter((row) => !isBlank(row)).slice(0, SAMPLE_ROWS);
}

/** Whether a record has nothing but empty or blank cells (skipped everywhere). */
export function isBlank(row: readonly string[]): boolean {
  // Fast path: a first cell that starts with a visible ASCII character (beyond ASCII, spaces such
  // as U+00A0 or U+3000 are for `trim` to decide).
  const first = row[0];
  const code = first === undefined ? 0 : first.charCodeAt(0);
  if (code > 32 && code < 127) return false;
  for (const cell of row) if (cell.trim() !== '') return false;
  return true;
}
