import type { MatchMethod } from '@inlay/core';

/**
 * Every text `<inlay-importer>` shows or announces that does not come from the importer's config
 * or the user's file. Set `importer.strings = { … }` with any subset to translate or reword them;
 * functions receive the values they interpolate.
 *
 * @example
 * ```ts
 * importer.strings = {
 *   chooseFile: 'Datei auswählen',
 *   importRows: (count) => `${count} Zeilen importieren`,
 * };
 * ```
 */
export interface ImporterStrings {
  loading: string;
  errorTitle: string;
  /** `code` is the error's code when known (`plan_required`, `not_published`, …). */
  errorMessage: (code: string | undefined) => string;
  retry: string;
  cancel: string;
  back: string;
  continue: string;
  /** Steps, as listed at the top. */
  steps: [upload: string, setup: string, mapping: string, review: string];
  stepProgress: (step: number, total: number) => string;

  dropPrompt: string;
  chooseFile: string;
  fileHint: string;
  pasteLabel: string;
  pasteButton: string;
  reading: (name: string) => string;
  pastedName: string;

  sheetLabel: string;
  encodingLabel: string;
  encodingAuto: (detected: string) => string;
  delimiterLabel: string;
  delimiterAuto: (detected: string) => string;
  delimiterNames: Record<string, string>;
  headerRowLegend: string;
  noHeaderRow: string;
  rowLabel: (row: number) => string;
  emptyFile: string;

  mappingIntro: string;
  columnHeader: string;
  sampleHeader: string;
  fieldHeader: string;
  ignoreColumn: string;
  fieldFor: (header: string) => string;
  untitledColumn: (column: number) => string;
  confidence: (method: MatchMethod | null, confidence: number) => string;
  required: string;
  missingRequired: (labels: string[]) => string;
  rememberedNotice: string;
  validating: (rows: number, percent: number | null) => string;
  stop: string;

  gridLabel: string;
  rowHeader: string;
  summary: (rows: number, problems: number) => string;
  showAll: (rows: number) => string;
  showProblems: (rows: number) => string;
  filterLabel: string;
  noRows: string;
  noProblems: string;
  columnProblems: (count: number) => string;
  yes: string;
  no: string;
  cellLabel: (field: string, row: number) => string;
  editHint: string;
  selectCellHint: string;
  useSuggestion: (value: string) => string;
  acceptColumnSuggestions: (field: string) => string;
  applyToSimilar: (count: number, raw: string) => string;
  edit: string;
  removeRow: (row: number) => string;
  restoreRemoved: (count: number) => string;
  findReplace: string;
  findLabel: string;
  replaceLabel: string;
  columnLabel: string;
  matchCase: string;
  wholeCell: string;
  replaceAll: string;
  duplicates: (rows: number, field: string) => string;
  keepFirst: string;
  keepLast: string;
  unreadable: (count: number) => string;
  skipInvalid: (rows: number) => string;
  importRows: (rows: number) => string;
  importing: string;

  doneTitle: string;
  doneMessage: (rows: number) => string;
  importAnother: string;

  announceLoaded: (rows: number, problems: number) => string;
  announceChanged: (cells: number, problems: number) => string;
  announceRemoved: (rows: number) => string;
  announceRestored: (rows: number) => string;

  /** Headings of the steps, each focused when its step opens. */
  stepTitles: [upload: string, setup: string, mapping: string, review: string];
  /** Announced when a step opens. */
  announceStep: (step: number, total: number, title: string) => string;
  /** A column header's accessible name when the column has problems. */
  columnHeaderName: (label: string, problems: number) => string;
  /** Shown while the session is completed and the host page saves the rows. */
  saving: string;
  completeFailedTitle: string;
  /** Completing the session failed; `code` is the error's code when known. The user's work is kept. */
  completeFailed: (code: string | undefined) => string;
  /** The host page refused the rows without a message of its own. */
  hostFailed: string;
  retryImport: string;
  announceDone: (rows: number) => string;
  /** The confirmation before Back or Cancel throws away the user's changes. */
  discardTitle: string;
  discardMessage: (changes: number) => string;
  discardConfirm: string;
  discardKeep: string;
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** The default (English) strings. */
export const defaultImporterStrings: ImporterStrings = {
  loading: 'Loading importer',
  errorTitle: 'The importer could not be used',
  errorMessage: (code) => (code ? `Something went wrong (${code}).` : 'Check your connection and try again.'),
  retry: 'Try again',
  cancel: 'Cancel',
  back: 'Back',
  continue: 'Continue',
  steps: ['Upload', 'Check file', 'Match columns', 'Review'],
  stepProgress: (step, total) => `Step ${step} of ${total}`,

  dropPrompt: 'Drop a file here',
  chooseFile: 'Choose a file',
  fileHint: 'CSV, TSV or Excel (.xlsx)',
  pasteLabel: 'Or paste rows copied from a spreadsheet',
  pasteButton: 'Use pasted rows',
  reading: (name) => `Reading ${name}…`,
  pastedName: 'pasted rows',

  sheetLabel: 'Sheet',
  encodingLabel: 'Text encoding',
  encodingAuto: (detected) => `Automatic (${detected})`,
  delimiterLabel: 'Separator',
  delimiterAuto: (detected) => `Automatic (${detected})`,
  delimiterNames: { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' },
  headerRowLegend: 'Which row holds the column names?',
  noHeaderRow: 'None: every row is data',
  rowLabel: (row) => `Row ${row}`,
  emptyFile: 'This file has no rows.',

  mappingIntro: 'Choose the field each column of your file fills. Columns set to “Don’t import” are left out.',
  columnHeader: 'Column in your file',
  sampleHeader: 'Sample values',
  fieldHeader: 'Imported as',
  ignoreColumn: 'Don’t import',
  fieldFor: (header) => `Field for column “${header}”`,
  untitledColumn: (column) => `Column ${column}`,
  confidence: (method, confidence) =>
    method === null
      ? 'No match'
      : method === 'remembered'
        ? 'Remembered'
        : method === 'exact'
          ? 'Exact match'
          : `${Math.round(confidence * 100)}% match`,
  required: 'required',
  missingRequired: (labels) => `Choose a column for ${labels.map((label) => `“${label}”`).join(', ')} (required).`,
  rememberedNotice: 'Columns are matched as you confirmed them last time.',
  validating: (rows, percent) => `Checking ${plural(rows, 'row', 'rows')}${percent === null ? '' : ` (${percent}%)`}…`,
  stop: 'Stop',

  gridLabel: 'Rows to import',
  rowHeader: 'Row',
  summary: (rows, problems) => `${plural(rows, 'row', 'rows')}, ${problems === 0 ? 'no problems' : plural(problems, 'problem', 'problems')}`,
  showAll: (rows) => `All rows (${rows.toLocaleString()})`,
  showProblems: (rows) => `Rows with problems (${rows.toLocaleString()})`,
  filterLabel: 'Show',
  noRows: 'No rows to show.',
  noProblems: 'No problems left.',
  columnProblems: (count) => plural(count, 'problem', 'problems'),
  yes: 'Yes',
  no: 'No',
  cellLabel: (field, row) => `${field}, row ${row}`,
  editHint: 'Arrow keys move, Enter edits, Escape cancels.',
  selectCellHint: 'Select a cell to see its problem and fix it.',
  useSuggestion: (value) => `Use “${value}”`,
  acceptColumnSuggestions: (field) => `Accept all suggestions for ${field}`,
  applyToSimilar: (count, raw) => `Apply to ${plural(count, 'other cell', 'other cells')} with “${raw}”`,
  edit: 'Edit',
  removeRow: (row) => `Remove row ${row}`,
  restoreRemoved: (count) => `Restore ${plural(count, 'removed row', 'removed rows')}`,
  findReplace: 'Find and replace',
  findLabel: 'Find',
  replaceLabel: 'Replace with',
  columnLabel: 'In column',
  matchCase: 'Match case',
  wholeCell: 'Whole cell',
  replaceAll: 'Replace all',
  duplicates: (rows, field) => `${plural(rows, 'row repeats', 'rows repeat')} the ${field} of an earlier row.`,
  keepFirst: 'Keep the first of each',
  keepLast: 'Keep the last of each',
  unreadable: (count) => `${plural(count, 'character', 'characters')} could not be read. Try another text encoding.`,
  skipInvalid: (rows) => `Leave out the ${plural(rows, 'row', 'rows')} that still have problems`,
  importRows: (rows) => `Import ${plural(rows, 'row', 'rows')}`,
  importing: 'Importing…',

  doneTitle: 'Import complete',
  doneMessage: (rows) => `${plural(rows, 'row was', 'rows were')} imported.`,
  importAnother: 'Import another file',

  announceLoaded: (rows, problems) => `${plural(rows, 'row', 'rows')} read, ${plural(problems, 'problem', 'problems')} found.`,
  announceChanged: (cells, problems) => `${plural(cells, 'cell', 'cells')} changed. ${plural(problems, 'problem', 'problems')} left.`,
  announceRemoved: (rows) => `${plural(rows, 'row', 'rows')} removed.`,
  announceRestored: (rows) => `${plural(rows, 'row', 'rows')} restored.`,

  stepTitles: ['Upload a file', 'Check how the file was read', 'Match columns to fields', 'Review and fix rows'],
  announceStep: (step, total, title) => `Step ${step} of ${total}: ${title}`,
  columnHeaderName: (label, problems) => `${label}, ${plural(problems, 'problem', 'problems')}`,
  saving: 'Saving…',
  completeFailedTitle: 'The rows were not imported',
  completeFailed: (code) => `${code ? `Something went wrong (${code}).` : 'Check your connection.'} Your changes are kept: try again.`,
  hostFailed: 'The rows could not be saved. Your changes are kept: try again.',
  retryImport: 'Try again',
  announceDone: (rows) => `Import complete. ${plural(rows, 'row was', 'rows were')} imported.`,
  discardTitle: 'Discard your changes?',
  discardMessage: (changes) => `The ${plural(changes, 'change', 'changes')} you made to the rows will be lost.`,
  discardConfirm: 'Discard changes',
  discardKeep: 'Keep editing',
};
