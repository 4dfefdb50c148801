/**
 * The error values a spreadsheet shows in a cell whose formula failed (`#DIV/0!`, `#N/A`, …).
 * Such a cell holds no value the user meant to import, whatever the field's type, so it is
 * refused as `spreadsheet_error` (docs/importer.md) — from an XLSX, where the cell is typed as an
 * error, and from a CSV, where Excel writes the same text.
 */
const SPREADSHEET_ERRORS: ReadonlySet<string> = new Set([
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CALC!',
  '#FIELD!',
  '#BLOCKED!',
  '#CONNECT!',
  '#UNKNOWN!',
  '#BUSY!',
  '#PYTHON!',
]);

/** Whether a trimmed cell is a spreadsheet's error value, exactly as the sheet shows it. @internal */
export function isSpreadsheetError(text: string): boolean {
  return text.charCodeAt(0) === 35 /* # */ && SPREADSHEET_ERRORS.has(text);
}

/** The message of a `spreadsheet_error`. @internal */
export function spreadsheetErrorMessage(text: string): string {
  return `The sheet shows ${text} here`;
}
