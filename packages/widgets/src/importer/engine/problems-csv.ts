import type { ProblemOfColumn, ProblemRows } from './protocol.js';
import type { ReviewTable } from './review-table.js';
import type { Slicer } from './slicer.js';

/*
 * The rows that still have problems, as CSV for fixing elsewhere (docs/importer.md): the engine
 * lists them, the element words their problems in its language and writes the file. Cells are
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

/** The included rows with at least one problem, in file order: see {@link ProblemRows}. */
export async function problemRows(table: ReviewTable, headers: readonly string[], problemsHeader: string, slicer: Slicer): Promise<ProblemRows> {
  const lines: string[] = [[...headers, problemsHeader].map((header) => csvField(header)).join(',')];
  const problems: number[][] = [];
  const issues: ProblemOfColumn[] = [];
  // A problem is worded once however many rows have it (the same message in the same column).
  const seen = new Map<string, number>();
  const { errors } = table.validation();
  const keys = table.fieldKeys;
  for (let i = 0; i < errors.length; ) {
    const row = (errors[i] as (typeof errors)[number]).row;
    const ofRow: number[] = [];
    for (; i < errors.length && (errors[i] as (typeof errors)[number]).row === row; i++) {
      const error = errors[i] as (typeof errors)[number];
      // Without its suggested fix, which the file does not carry.
      const { code, message, wording } = table.issueOf(row, error);
      const problem: ProblemOfColumn = { header: headers[table.fieldOf(error.field)] ?? error.field, code, message, ...(wording === undefined ? {} : { wording }) };
      const key = JSON.stringify(problem);
      let at = seen.get(key);
      if (at === undefined) {
        at = issues.push(problem) - 1;
        seen.set(key, at);
      }
      ofRow.push(at);
    }
    const cells = keys.map((key) => {
      const raw = table.rawOf(row, key);
      const value = table.validator.valueAt(row, key);
      return raw !== null ? csvField(raw) : csvField(value === null ? '' : String(value), typeof value === 'number');
    });
    lines.push(cells.join(','));
    problems.push(ofRow);
    if ((problems.length & 1023) === 0) await slicer.maybePause();
  }
  return { lines, problems, issues };
}

/**
 * The CSV file of {@link ProblemRows}: each row with its problems as `word` words them, joined
 * by `; `, in the last column. A byte-order mark first, so spreadsheet programs read it as UTF-8.
 */
export function problemsCsv({ lines, problems, issues }: ProblemRows, word: (issue: ProblemOfColumn) => string): string {
  const texts = issues.map((issue) => `${issue.header}: ${word(issue)}`);
  const out = [lines[0] ?? ''];
  problems.forEach((ofRow, i) => out.push(`${lines[i + 1] ?? ''},${csvField(ofRow.map((at) => texts[at]).join('; '))}`));
  return `\ufeff${out.join('\r\n')}\r\n`;
}
