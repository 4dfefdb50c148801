import type { ReviewTable } from './review-table.js';
import type { Slicer } from './slicer.js';

/*
 * The rows that still have problems, as CSV for fixing elsewhere (docs/importer.md). Cells are
 * what the grid shows (the user's text where it could not be read). A text cell that a spreadsheet
 * would run as a formula — starting with `=`, `+`, `-`, `@`, a tab or a carriage return — gets a
 * leading `'` (docs/security.md's rule for exports); numbers are written as numbers.
 * @internal
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: neutralised if it could run as a formula, quoted if it must be. */
export function csvField(text: string, isNumber = false): string {
  const safe = !isNumber && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The included rows with at least one problem, in file order, with a last column naming each problem. */
export async function problemsCsv(table: ReviewTable, headers: readonly string[], problemsHeader: string, slicer: Slicer): Promise<{ csv: string; rows: number }> {
  const lines: string[] = [[...headers, problemsHeader].map((header) => csvField(header)).join(',')];
  const { errors } = table.validation();
  const keys = table.fieldKeys;
  let rows = 0;
  for (let i = 0; i < errors.length; ) {
    const row = (errors[i] as (typeof errors)[number]).row;
    const problems: string[] = [];
    for (; i < errors.length && (errors[i] as (typeof errors)[number]).row === row; i++) {
      const error = errors[i] as (typeof errors)[number];
      problems.push(`${headers[table.fieldOf(error.field)] ?? error.field}: ${error.message}`);
    }
    const cells = keys.map((key) => {
      const raw = table.rawOf(row, key);
      const value = table.validator.valueAt(row, key);
      return raw !== null ? csvField(raw) : csvField(value === null ? '' : String(value), typeof value === 'number');
    });
    cells.push(csvField(problems.join('; ')));
    lines.push(cells.join(','));
    rows += 1;
    if ((rows & 1023) === 0) await slicer.maybePause();
  }
  // A byte-order mark, so spreadsheet programs read the file as UTF-8.
  return { csv: `\ufeff${lines.join('\r\n')}\r\n`, rows };
}
