/**
 * Formula cells (docs/importer.md, "Formula cells"): a text cell starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return is run as a formula when the imported rows are later opened in a
 * spreadsheet (CSV injection). Such cells are flagged as a warning, code `formula`; with the
 * config's `neutralizeFormulas` they are delivered with a leading `'`, which spreadsheets read as
 * "this is text".
 */
import type { FieldDefinition } from '../schemas/importer.js';
import { EXTRA_KEY } from './extra-columns.js';
import type { TableConfig, TableValidation } from './table-validator.js';
import type { CellError, ImportValue } from './types.js';

/** Field types whose values are free text a spreadsheet could run. Others are checked by type. */
const TEXT_TYPES: ReadonlySet<FieldDefinition['type']> = new Set(['string', 'email']);

// Signs, digits and the punctuation of numbers and phone numbers only (`-12.5`, `+44 20 7946 0958`,
// `-(1)`): without letters a formula can call no function, so these are not flagged.
const NUMBER_LIKE = /^[+-][\d\s().,/+-]*$/;

/** The message of a `formula` warning. */
export const FORMULA_MESSAGE = 'Starts like a spreadsheet formula; it will be imported as text';

/**
 * True when a spreadsheet would read `text` as a formula: it starts with `=`, `@`, a tab or a
 * carriage return, or with `+` or `-` followed by anything but a number.
 *
 * @example
 * isFormulaText('=HYPERLINK("http://evil")')  // true
 * isFormulaText('+44 20 7946 0958')          // false
 * isFormulaText('-2+3+cmd|\' /C calc\'!A0')    // true
 */
export function isFormulaText(text: string): boolean {
  const first = text.charCodeAt(0);
  // = @ TAB CR
  if (first === 61 || first === 64 || first === 9 || first === 13) return true;
  // + -
  if (first === 43 || first === 45) return !NUMBER_LIKE.test(text);
  return false;
}

/** `value` as delivered with `neutralizeFormulas`: formula text gets a leading `'`. */
export function neutralizeFormula(value: ImportValue): ImportValue {
  return typeof value === 'string' && isFormulaText(value) ? `'${value}` : value;
}

/** The keys of the fields whose cells can hold a formula. @internal */
export function formulaFieldKeys(config: TableConfig): string[] {
  return config.fields.filter((field) => TEXT_TYPES.has(field.type)).map((field) => field.key);
}

/**
 * The warnings of a validation, by row then field order: `formula`, one per text cell a
 * spreadsheet would run, and `replacement_character`, one per text cell holding U+FFFD written in
 * the file (delivered as written: docs/importer.md, "Files the importer reads"). Warnings are not
 * errors: they do not count in `errorCount` or `invalidRowCount`, and the rows are imported.
 */
export function cellWarnings(config: TableConfig, validation: TableValidation): CellError[] {
  const keys = new Set(formulaFieldKeys(config));
  const columns: [string, readonly ImportValue[]][] = [];
  validation.fieldKeys.forEach((key, i) => {
    if (keys.has(key)) columns.push([key, validation.columns[i] as readonly ImportValue[]]);
  });
  if (columns.length === 0) return [];
  const excluded = new Set(validation.excludedRows);
  const warnings: CellError[] = [];
  for (let row = 0; row < validation.rowCount; row++) {
    if (excluded.has(row)) continue;
    for (const [field, values] of columns) {
      const value = values[row];
      if (typeof value !== 'string') continue;
      if (isFormulaText(value)) warnings.push({ row, field, code: 'formula', message: FORMULA_MESSAGE });
      if (value.includes('\ufffd')) warnings.push({ row, field, code: 'replacement_character', message: REPLACEMENT_MESSAGE });
    }
  }
  return warnings;
}

/** The message of a `replacement_character` warning. */
export const REPLACEMENT_MESSAGE = 'Holds the character \ufffd as the file writes it; it will be imported as it is';

/** The `formula` warnings of {@link cellWarnings}. */
export function formulaWarnings(config: TableConfig, validation: TableValidation): CellError[] {
  return cellWarnings(config, validation).filter((warning) => warning.code === 'formula');
}

/**
 * Whether formula text is delivered behind a `'`: the config's `neutralizeFormulas`, and when it
 * is unset, on for server delivery (those rows reach a backend that may export them).
 */
export function neutralizesFormulas(config: { neutralizeFormulas?: boolean | undefined; delivery?: 'page' | 'server' | undefined }): boolean {
  return config.neutralizeFormulas ?? config.delivery === 'server';
}

/**
 * Records as delivered: with the config's `neutralizeFormulas` (unset: on for `delivery: "server"`), text cells a spreadsheet would
 * run get a leading `'` (the records are changed in place and returned); without it they are
 * returned as they are. The unmapped cells kept under `extra` (`unmappedColumns: "keep"`) are text
 * of any column, and are neutralized alike.
 */
export function neutralizeRecords<R extends Record<string, unknown>>(
  config: TableConfig & { neutralizeFormulas?: boolean | undefined; delivery?: 'page' | 'server' | undefined; unmappedColumns?: 'drop' | 'keep' | undefined },
  records: R[],
): R[] {
  if (!neutralizesFormulas(config)) return records;
  const keys = formulaFieldKeys(config);
  for (const record of records) {
    for (const key of keys) {
      if (!Object.hasOwn(record, key)) continue;
      const value = record[key] as ImportValue;
      if (typeof value === 'string' && isFormulaText(value)) (record as Record<string, ImportValue>)[key] = `'${value}`;
    }
    const extra = config.unmappedColumns === 'keep' ? record[EXTRA_KEY] : undefined;
    if (typeof extra === 'object' && extra !== null) {
      for (const [header, text] of Object.entries(extra as Record<string, string>)) if (isFormulaText(text)) (extra as Record<string, string>)[header] = `'${text}`;
    }
  }
  return records;
}
