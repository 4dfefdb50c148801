import type { MatchMethod } from '@inlay/core';
import type { EditKind } from './engine/protocol.js';

/**
 * Every text `<inlay-importer>` shows or announces that does not come from the importer's config
 * or the user's file, with the wordings of a cell's problems ({@link ProblemStrings}). Set
 * `importer.strings = { … }` with any subset to translate or reword them; functions receive the
 * values they interpolate.
 *
 * @example
 * ```ts
 * importer.strings = {
 *   chooseFile: 'Datei auswählen',
 *   importRows: (count) => `${count} Zeilen importieren`,
 * };
 * ```
 */
export interface ImporterStrings extends Partial<ProblemStrings> {
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
  /** In place of `emptyFile` when the user can choose another sheet of the workbook: `sheet` is the chosen one's name. */
  emptySheet: (sheet: string) => string;

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
  /** Mapping suggestions of the page's `suggestMapping` hook: while it is asked, the badge, its Keep button (described by the badge), what Continue waits for, and what is announced when they arrive (column header, field label). */
  suggesting: string;
  suggestedBadge: string;
  keep: string;
  confirmSuggestions: string;
  announceSuggestions: (pairs: [string, string][]) => string;
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

  /** The number and date formats step (docs/importer.md, "Number and date formats"). */
  formatsTitle: string;
  formatsIntro: string;
  formatsQuestionIntro: string;
  formatsButton: string;
  /** `example` is a value of the user's own column. */
  numberQuestion: (column: string, example: string) => string;
  numberFormatLabel: (column: string) => string;
  /** One reading of a number column: `value` is the example read that way. */
  numberReading: (format: 'dot' | 'comma', value: number | null) => string;
  dateQuestion: (column: string, example: string) => string;
  dateOrderLabel: (column: string) => string;
  /** One reading of a date column: `day` is the example read that way, formatted for the reader, or null when it names no day. */
  dateReading: (order: 'dmy' | 'mdy' | 'ymd', day: string | null) => string;
  applyFormats: string;
  announceFormats: string;
  /** Shown while files are read on the main thread because the worker could not start (docs/widgets.md). */
  engineFallback: string;
  /** The name of a kept unmapped column's header in review (`unmappedColumns: "keep"`): delivered as it is, not edited. */
  extraColumnName: (header: string) => string;
  /** Above the message of a file that was refused (`name` is the file's name). */
  refusedTitle: (name: string) => string;
  /**
   * Why a file was refused and what to upload instead, by `code`: `pdf`, `image`, `old_excel`
   * (.xls, .xlsb), `gzip`, `zip_archive`, `word_document`, `presentation`, `opendocument`,
   * `damaged_zip`, `binary`, `invalid_json`, `not_json` or `no_sheets` (docs/importer.md, "Files the importer reads").
   */
  refusedFile: (code: string) => string;
  /** Undo and redo buttons; `kind` is what the next undo or redo changes, null when nothing. */
  undo: (kind: EditKind | null) => string;
  redo: (kind: EditKind | null) => string;
  editKinds: Record<EditKind, string>;
  editTools: string;
  removeSelectedRows: (rows: number) => string;
  downloadProblems: string;
  problemsHeader: string;
  problemsFileName: string;
  selectionSummary: (rows: number, cells: number) => string;
  shortcutsHint: string;
  sortFilter: string;
  columnMenu: (field: string) => string;
  sortAscending: string;
  sortDescending: string;
  onlyProblemsIn: (field: string) => string;
  containsLabel: string;
  applyFilter: string;
  clearSortFilter: string;
  close: string;
  sortedBy: (field: string, ascending: boolean) => string;
  filteredBy: (field: string, text: string) => string;
  announceUndone: (cells: number, problems: number) => string;
  announceRedone: (cells: number, problems: number) => string;
  announceCopied: (cells: number) => string;
  announceSelected: (rows: number, cells: number) => string;

  /** The value-mapping step's heading, focused when the step opens (as `stepTitles` are). */
  valuesTitle: string;
  valuesIntro: string;
  valuesOf: (field: string) => string;
  valueHeader: string;
  countHeader: string;
  optionHeader: string;
  keepValue: string;
  optionFor: (value: string, field: string) => string;
  moreValues: (count: number) => string;
  skipValues: string;
  applyValues: string;
  /** Delivery to the server (docs/importer.md#server-delivery): rows sent so far of all. */
  sendingRows: (sent: number, total: number) => string;
  sendFailed: string;
  tryAgain: string;
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
  /**
   * Text cells that a spreadsheet would run as formulas (`= + - @`, TAB, CR), in `fields`
   * (labels); `neutralized` when they will be imported behind a `'` (docs/importer.md, "Formula cells").
   */
  formulaCells: (count: number, fields: string[], neutralized: boolean) => string;
}

/**
 * How the review words a cell's problem (its tooltip, and beside the selected cell), by the
 * problem's code (docs/importer.md, "Fixing rows in the widget"); `field` is the field's label. These
 * are in the shipped translations and can be set through `strings`; unset, as in English, a problem
 * shows `@inlay/core`'s English message (`CellError.message`, which the API keeps). A message of the
 * page's own (a `validateRow` hook's, a field's `patternMessage`) is always shown as given.
 */
export interface ProblemStrings {
  /** `required`: the cell is empty. */
  problemRequired: (field: string) => string;
  /** `invalid_number`: `format` is the decimal separator the column is read with; null when the number has too many digits to keep exactly. */
  problemInvalidNumber: (format: 'dot' | 'comma' | null) => string;
  /** `invalid_date`, by why ({@link DateProblem}). */
  problemInvalidDate: (reason: DateProblem) => string;
  problemInvalidEmail: string;
  /** `invalid_enum`: the field's first five options, and how many more it has. */
  problemInvalidEnum: (options: string[], more: number) => string;
  problemInvalidBoolean: string;
  problemInvalidUrl: string;
  /** `spreadsheet_error`: the cell shows a formula's error (`shown`, such as `#DIV/0!`). */
  problemSpreadsheetError: (shown: string) => string;
  /** `duplicate_value`: a `unique` field repeats an earlier row's value. */
  problemDuplicateValue: (field: string) => string;
  /** `duplicate_key`: the `duplicateKey` field repeats an earlier row's value. */
  problemDuplicateKey: (field: string) => string;
  /** `below_min` and `above_max`: the bound is a number, or an ISO date (`YYYY-MM-DD`) for a date field. */
  problemBelowMin: (field: string, min: number | string) => string;
  problemAboveMax: (field: string, max: number | string) => string;
  /** `too_short` and `too_long`: the bound in characters. */
  problemTooShort: (field: string, length: number) => string;
  problemTooLong: (field: string, length: number) => string;
  /** `pattern_mismatch`, for a field without a `patternMessage`. */
  problemPatternMismatch: (field: string) => string;
  /** `invalid_character`: bytes the file's text encoding could not read. */
  problemInvalidCharacter: string;
  /** `nested_value` (JSON): a list of objects or lists in one cell. */
  problemNestedValue: string;
  /** `imprecise_number` (JSON): a number with more digits than can be read exactly. */
  problemImpreciseNumber: string;
  /** The warnings `formula` (text a spreadsheet would run) and `replacement_character` (U+FFFD written in the file). */
  problemFormula: string;
  problemReplacementCharacter: string;
}

/**
 * Why a date cell was refused (`invalid_date`): `not_iso` (not written YYYY-MM-DD), `not_real`
 * (no such day), `ambiguous` (day and month could be either way round), `two_digit_year`.
 */
export type DateProblem = 'not_iso' | 'not_real' | 'ambiguous' | 'two_digit_year';

/**
 * A problem's wording as the engine names it (engine/problem-wording.ts): the key of the
 * {@link ProblemStrings} string and what that string is called with.
 */
export type ProblemWording = { [K in keyof ProblemStrings]: ProblemStrings[K] extends (...args: infer A) => string ? [K, ...A] : [K] }[keyof ProblemStrings];

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

const SAVE_AS = 'save it as .xlsx or .csv, and upload that file';
/** Why a file was refused, by code (`refusedFile`). */
const REFUSED: Record<string, string> = {
  pdf: 'This is a PDF document, not a spreadsheet. Export the data as CSV or Excel (.xlsx) from where it came from, and upload that file.',
  image: 'This is an image, not a spreadsheet. Upload the data as a CSV or Excel (.xlsx) file.',
  old_excel: `This is an older Excel file (.xls or .xlsb). Open it in Excel, ${SAVE_AS}.`,
  gzip: 'This is a compressed (gzip) file. Unpack it, then upload the CSV or Excel file inside.',
  zip_archive: 'This is a ZIP archive, not an Excel workbook. Unzip it, then upload the CSV or Excel file inside.',
  word_document: `This is a Word document, not an Excel workbook. Copy its table into a spreadsheet, ${SAVE_AS}.`,
  presentation: `This is a PowerPoint presentation, not an Excel workbook. Copy its table into a spreadsheet, ${SAVE_AS}.`,
  opendocument: `This is an OpenDocument file (LibreOffice, OpenOffice). Open it there, ${SAVE_AS}.`,
  damaged_zip: `This workbook is damaged or was not copied completely. Open it in your spreadsheet program, ${SAVE_AS}.`,
  binary: 'This file is not text or an Excel workbook. Upload a CSV, TSV, JSON or Excel (.xlsx) file.',
  invalid_json: 'This JSON cannot be read: a bracket, quote or comma is missing, or it is not a list of objects. Export it again.',
  not_json: 'This file is named .json but holds no JSON. Upload the export itself.',
  no_sheets: 'This workbook has no sheet to import: its sheets are hidden or hold only charts. Unhide the sheet with the data, save, and upload it again.',
};

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
  fileHint: 'CSV, TSV, JSON or Excel (.xlsx)',
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
  emptySheet: (sheet) => `The sheet “${sheet}” has no rows.`,

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
  suggesting: 'Finding matches…',
  suggestedBadge: 'Suggested: confirm or change',
  keep: 'Keep',
  confirmSuggestions: 'Keep or change each suggested field first.',
  announceSuggestions: (pairs) => `Suggested: ${pairs.map(([header, field]) => `${header} to ${field}`).join(', ')}. Keep or change each.`,
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
  skipInvalid: (rows) => `Leave out the ${plural(rows, 'row that still has', 'rows that still have')} problems`,
  importRows: (rows) => `Import ${plural(rows, 'row', 'rows')}`,
  importing: 'Importing…',

  doneTitle: 'Import complete',
  doneMessage: (rows) => `${plural(rows, 'row was', 'rows were')} imported.`,
  importAnother: 'Import another file',

  announceLoaded: (rows, problems) => `${plural(rows, 'row', 'rows')} read, ${plural(problems, 'problem', 'problems')} found.`,
  announceChanged: (cells, problems) => `${plural(cells, 'cell', 'cells')} changed. ${plural(problems, 'problem', 'problems')} left.`,
  announceRemoved: (rows) => `${plural(rows, 'row', 'rows')} removed.`,
  announceRestored: (rows) => `${plural(rows, 'row', 'rows')} restored.`,

  formatsTitle: 'Numbers and dates',
  formatsIntro: 'How the numbers and dates of each column are read. Changing one reads the file again, so edits made in review are undone.',
  formatsQuestionIntro: 'Some values could be read two ways. Choose how, so that no number or date changes without you knowing.',
  formatsButton: 'Numbers and dates',
  numberQuestion: (column, example) => `In column ${column}, what is ${example}?`,
  numberFormatLabel: (column) => `Number format of ${column}`,
  numberReading: (format, value) =>
    `${value === null ? '' : `${value.toLocaleString('en-US', { maximumFractionDigits: 20 })} — `}${format === 'comma' ? 'decimal comma, “.” between thousands (1.234,5)' : 'decimal point, “,” between thousands (1,234.5)'}`,
  dateQuestion: (column, example) => `In column ${column}, which day is ${example}?`,
  dateOrderLabel: (column) => `Date order of ${column}`,
  dateReading: (order, day) =>
    `${day === null ? '' : `${day} — `}${order === 'dmy' ? 'day first (DD/MM/YYYY)' : order === 'mdy' ? 'month first (MM/DD/YYYY)' : 'year first (YYYY/MM/DD)'}`,
  applyFormats: 'Use these formats',
  announceFormats: 'Rows checked again with the chosen formats.',
  engineFallback: 'Files are being read without a background worker here, so the page may respond more slowly while a large file loads.',
  refusedTitle: (name) => `“${name}” can’t be imported`,
  extraColumnName: (header) => `${header} (unmatched, imported as is)`,
  refusedFile: (code) => REFUSED[code] ?? REFUSED['binary'] ?? '',
  undo: (kind) => (kind === null ? 'Undo' : `Undo ${defaultImporterStrings.editKinds[kind]}`),
  redo: (kind) => (kind === null ? 'Redo' : `Redo ${defaultImporterStrings.editKinds[kind]}`),
  editKinds: {
    edit: 'edit',
    replace: 'replace',
    suggestion: 'suggestions',
    'find-replace': 'find and replace',
    remove: 'removal',
    restore: 'restore',
    duplicates: 'duplicate removal',
    'fill-down': 'fill down',
    paste: 'paste',
    'map-values': 'value matching',
  },
  editTools: 'Editing',
  removeSelectedRows: (rows) => `Remove ${plural(rows, 'row', 'rows')}`,
  downloadProblems: 'Download rows with problems',
  problemsHeader: 'Problems',
  problemsFileName: 'rows-with-problems.csv',
  selectionSummary: (rows, cells) => `${plural(cells, 'cell', 'cells')} in ${plural(rows, 'row', 'rows')} selected`,
  shortcutsHint: 'Shift+arrows select, Ctrl+C copies, Ctrl+V pastes, Ctrl+D fills down, Ctrl+Z undoes, Ctrl+Y redoes, Ctrl+Delete removes rows, Alt+Down sorts and filters.',
  sortFilter: 'Sort and filter',
  columnMenu: (field) => `Sort and filter ${field}`,
  sortAscending: 'Sort ascending',
  sortDescending: 'Sort descending',
  onlyProblemsIn: (field) => `Only rows with problems in ${field}`,
  containsLabel: 'Contains',
  applyFilter: 'Filter',
  clearSortFilter: 'Clear sort and filter',
  close: 'Close',
  sortedBy: (field, ascending) => `Sorted by ${field}, ${ascending ? 'ascending' : 'descending'}`,
  filteredBy: (field, text) => `${field} contains “${text}”`,
  announceUndone: (cells, problems) => `Undone: ${plural(cells, 'change', 'changes')}. ${plural(problems, 'problem', 'problems')} left.`,
  announceRedone: (cells, problems) => `Redone: ${plural(cells, 'change', 'changes')}. ${plural(problems, 'problem', 'problems')} left.`,
  announceCopied: (cells) => `${plural(cells, 'cell', 'cells')} copied.`,
  announceSelected: (rows, cells) => `${plural(cells, 'cell', 'cells')} in ${plural(rows, 'row', 'rows')} selected.`,

  valuesTitle: 'Match values to options',
  valuesIntro: 'Some values in your file are not options of these fields. Choose the option each one means: every cell with that value changes.',
  valuesOf: (field) => `Values of ${field}`,
  valueHeader: 'In your file',
  countHeader: 'Cells',
  optionHeader: 'Becomes',
  keepValue: 'Leave as is',
  optionFor: (value, field) => `Option for “${value}” in ${field}`,
  moreValues: (count) => `${plural(count, 'more value is', 'more values are')} not listed: fix them in the review.`,
  skipValues: 'Skip',
  applyValues: 'Apply and continue',
  sendingRows: (sent, total) => `Sending rows: ${sent.toLocaleString('en')} of ${total.toLocaleString('en')}`,
  sendFailed: 'The connection was lost while sending rows. Your changes are kept; the rows already sent will not be sent again.',
  tryAgain: 'Try again',
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
  formulaCells: (count, fields, neutralized) =>
    `${plural(count, 'cell', 'cells')} in ${fields.join(', ')} ${count === 1 ? 'starts' : 'start'} like a spreadsheet formula (=, +, -, @). ` +
    (neutralized ? 'They will be imported as text, with a \' in front so no spreadsheet runs them.' : 'They will be imported as they are: check them if the data will be opened in a spreadsheet.'),
};
