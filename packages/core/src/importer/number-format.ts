import type { NumberFormat } from './types.js';

/*
 * Number reading rules (docs/importer.md), chosen so that no file silently changes a value:
 *
 * - The file has one decimal separator (`numberFormat`): `'dot'` or `'comma'`. The other mark is
 *   a thousands separator, accepted only in well-formed groups (`1,234,567.5`, `1.234,5`): one to
 *   three leading digits not starting with 0, then groups of exactly three, and no exponent.
 *   Spaces, no-break spaces and apostrophes (`1 234,5`, `1'234.5`) group in either format.
 * - So `1,234` is 1234 in a dot file and 1.234 in a comma file. Such a value is ambiguous only
 *   when the format is unknown, which is why the table detects the format from a sample of the
 *   column first ({@link detectNumberFormat}) instead of guessing cell by cell.
 * - Scientific notation (`1e3`, `1,5E-7`) is accepted: spreadsheets write large and small numbers
 *   that way when they export CSV.
 * - A sign (`+`/`-`), a leading separator (`.5`) and leading zeros (`007`, the field is a number)
 *   are accepted; `Infinity`, `NaN`, hex and a trailing separator (`5.`) are not.
 */

const PLAIN = {
  dot: /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/,
  comma: /^[+-]?(?:\d+(?:,\d+)?|,\d+)(?:[eE][+-]?\d+)?$/,
} as const;
const GROUPED = {
  dot: /^[+-]?[1-9]\d{0,2}([, '\u00a0\u202f])\d{3}(?:\1\d{3})*(?:\.\d+)?$/,
  comma: /^[+-]?[1-9]\d{0,2}([. '\u00a0\u202f])\d{3}(?:\1\d{3})*(?:,\d+)?$/,
} as const;

/**
 * Reads a trimmed number in one format; `NaN` when the text is not a number in that format.
 * Returning `NaN` rather than `undefined | number` keeps the worker's hot path allocation-free.
 *
 * @example
 * parseNumber('1,234.5', 'dot')   // 1234.5
 * parseNumber('1.234,5', 'comma') // 1234.5
 * parseNumber('1,5', 'dot')       // NaN
 */
export function parseNumber(text: string, format: NumberFormat): number {
  const simple = simpleNumber(text, format === 'dot' ? 46 : 44);
  if (simple !== undefined) return simple;
  let value = Number.NaN;
  if (PLAIN[format].test(text)) {
    value = Number(format === 'dot' ? text : text.replace(',', '.'));
  } else {
    const grouped = GROUPED[format].exec(text);
    if (grouped) {
      const digits = text.replaceAll(grouped[1] as string, '');
      value = Number(format === 'dot' ? digits : digits.replace(',', '.'));
    }
  }
  return Number.isFinite(value) ? value : Number.NaN;
}

const DIGIT_0 = 48;
const PLUS = 43;
const MINUS = 45;

/**
 * The common case without a regular expression: `[+-]?digits` or `[+-]?digits<separator>digits`
 * (what PLAIN matches without an exponent or a leading separator). `undefined` for anything else,
 * which the patterns then read. Integers of up to 15 digits are added up exactly; others go
 * through `Number`, which rounds as the patterns' path does.
 */
function simpleNumber(text: string, separator: number): number | undefined {
  const length = text.length;
  const first = text.charCodeAt(0);
  let at = first === PLUS || first === MINUS ? 1 : 0;
  const digitsFrom = at;
  let integer = 0;
  while (at < length) {
    const digit = text.charCodeAt(at) - DIGIT_0;
    if (digit < 0 || digit > 9) break;
    integer = integer * 10 + digit;
    at += 1;
  }
  const digits = at - digitsFrom;
  if (digits === 0) return undefined;
  if (at === length) {
    if (digits > 15) return undefined;
    return first === MINUS ? -integer : integer;
  }
  if (text.charCodeAt(at) !== separator || at === length - 1) return undefined;
  for (let i = at + 1; i < length; i++) {
    const digit = text.charCodeAt(i) - DIGIT_0;
    if (digit < 0 || digit > 9) return undefined;
  }
  const value = Number(separator === 46 ? text : `${text.slice(0, at)}.${text.slice(at + 1)}`);
  // Hundreds of digits overflow to Infinity, which is not a number here.
  return Number.isFinite(value) ? value : Number.NaN;
}

const OTHER: Readonly<Record<NumberFormat, NumberFormat>> = { dot: 'comma', comma: 'dot' };
const CURRENCY = /^([+-]?)\s*(?:[$€£¥₹]|USD|EUR|GBP|CHF)\s*|\s*(?:[$€£¥₹]|USD|EUR|GBP|CHF)$/g;
const ACCOUNTING_NEGATIVE = /^\((.+)\)$/;
const TRAILING_SEPARATOR = /^([+-]?\d+)[.,]$/;
const PERCENT = /^([^%]*\d)\s*%$/;

/**
 * A number the UI can offer for a cell that is not one, or `undefined` when no reading is safe:
 * the other format's reading (`1,5` in a dot file → 1.5), a currency symbol dropped (`$1,200` →
 * 1200), an accounting negative (`(12.5)` → -12.5), a trailing separator dropped (`5.` → 5), or
 * a percentage's value (`15%` → 0.15; docs/importer.md).
 * @internal
 */
export function suggestNumber(text: string, format: NumberFormat): number | undefined {
  const other = parseNumber(text, OTHER[format]);
  if (!Number.isNaN(other)) return other;
  const accounting = ACCOUNTING_NEGATIVE.exec(text);
  if (accounting) {
    const inner = suggestNumberOrParse((accounting[1] as string).trim(), format);
    return inner !== undefined && inner > 0 ? -inner : undefined;
  }
  const withoutCurrency = text.replace(CURRENCY, '$1');
  if (withoutCurrency !== text && withoutCurrency !== '') return suggestNumberOrParse(withoutCurrency, format);
  const trailing = TRAILING_SEPARATOR.exec(text);
  if (trailing) return Number(trailing[1]);
  // `15%` (a percentage as a spreadsheet shows it) suggests the value it stands for, 0.15.
  const percent = PERCENT.exec(text);
  if (percent) {
    const value = suggestNumberOrParse(percent[1] as string, format);
    return value === undefined ? undefined : Number((value / 100).toPrecision(15));
  }
  return undefined;
}

function suggestNumberOrParse(text: string, format: NumberFormat): number | undefined {
  const value = parseNumber(text, format);
  return Number.isNaN(value) ? suggestNumber(text, format) : value;
}

/**
 * The decimal separator a column's values most likely use. Each sample that reads as a number in
 * only one format is a vote for it (`1,5` and `1.234,5` for comma; `1.5` and `1,234.5` for
 * dot); samples that read in both (`1,234`, `42`) do not vote. Ties and no votes give `'dot'`.
 *
 * @example
 * detectNumberFormat(['1.234,50', '12', '7,5'])  // 'comma'
 * detectNumberFormat(['1,234', '2,500'])          // 'dot' (no evidence either way)
 */
export function detectNumberFormat(samples: Iterable<string | undefined>): NumberFormat {
  let dot = 0;
  let comma = 0;
  for (const sample of samples) {
    if (sample === undefined) continue;
    const text = sample.trim();
    if (text === '') continue;
    const asDot = !Number.isNaN(parseNumber(text, 'dot'));
    const asComma = !Number.isNaN(parseNumber(text, 'comma'));
    if (asDot && !asComma) dot += 1;
    else if (asComma && !asDot) comma += 1;
  }
  return comma > dot ? 'comma' : 'dot';
}
