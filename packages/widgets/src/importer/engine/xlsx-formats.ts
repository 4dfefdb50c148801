import { isoDateOfDays } from '@inlay/core';

/**
 * How a number cell of a workbook becomes the text the user sees in the sheet (docs/importer.md):
 * its number format decides whether it is a date, a date-time, a time, a percentage or a plain
 * number. Formats that only round or group (`0.00`, `#,##0`, currencies) are not applied: the
 * cell's value is kept whole, rounded to Excel's 15 significant digits.
 * @internal
 */

export const KIND_NUMBER = 0;
export const KIND_PERCENT = 1;
export const KIND_DATE = 2;
export const KIND_DATE_TIME = 3;
export const KIND_TIME = 4;
/** Elapsed time, `[h]:mm:ss`: hours past 24. */
export const KIND_DURATION = 5;

/** Excel's built-in formats that are not plain numbers (ids absent from a workbook's `numFmts`). */
function builtInKind(id: number): number {
  if (id === 9 || id === 10) return KIND_PERCENT;
  if ((id >= 14 && id <= 17) || (id >= 27 && id <= 31) || id === 36 || (id >= 50 && id <= 58)) return KIND_DATE;
  if (id === 22) return KIND_DATE_TIME;
  if ((id >= 18 && id <= 21) || id === 45 || id === 47 || (id >= 32 && id <= 35)) return KIND_TIME;
  if (id === 46) return KIND_DURATION;
  return KIND_NUMBER;
}

/** The kind of a format: a custom format's code when the workbook defines one, else the built-in id. */
export function formatKind(id: number, code: string | undefined): number {
  return code === undefined ? builtInKind(id) : codeKind(code);
}

/**
 * A format code's kind, read from its first section with quoted text, escaped characters,
 * padding, fills and bracketed colours, locales and conditions removed. `d` or `y` make a date,
 * `h` or `s` a time; `m` is minutes next to `h` or `s` and months otherwise.
 */
export function codeKind(code: string): number {
  let section = '';
  let elapsed = false;
  for (let i = 0; i < code.length; i++) {
    const char = code[i] as string;
    if (char === '"') {
      const close = code.indexOf('"', i + 1);
      i = close < 0 ? code.length : close;
    } else if (char === '\\' || char === '_' || char === '*') {
      i++;
    } else if (char === '[') {
      const close = code.indexOf(']', i + 1);
      const inside = code.slice(i + 1, close < 0 ? code.length : close).toLowerCase();
      if (/^(h+|m+|s+)$/.test(inside)) {
        elapsed = true;
        section += inside;
      }
      i = close < 0 ? code.length : close;
    } else if (char === ';') {
      break;
    } else {
      section += char.toLowerCase();
    }
  }
  if (section === 'general') return KIND_NUMBER;
  if (section.includes('%')) return KIND_PERCENT;
  section = section.replace(/am\/pm|a\/p/g, '');
  const date = /[dy]/.test(section);
  const time = /[hs]/.test(section);
  const month = section.includes('m') && !time;
  if (time) return date ? KIND_DATE_TIME : elapsed ? KIND_DURATION : KIND_TIME;
  if (date || month) return KIND_DATE;
  return KIND_NUMBER;
}

/**
 * A number as the sheet holds it, to Excel's 15 significant digits: `0.1+0.2` is `0.3`, not
 * `0.30000000000000004`; `1234.5` stays `1234.5`.
 */
export function numberText(raw: string): string {
  // Up to 15 characters cannot hold more than 15 digits: written as `String` writes it, it is already the text.
  if (raw.length <= 15 && isShortestDecimal(raw)) return raw;
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw.trim();
  return roundedText(value);
}

function roundedText(value: number): string {
  return String(Number(value.toPrecision(15)));
}

/**
 * `-?(0|[1-9][0-9]*)(.[0-9]*[1-9])?`: digits without a leading zero, and a fraction without a
 * trailing one — how `String` writes a number below 1e21 and from 1e-6 (Excel writes values so).
 */
function isShortestDecimal(raw: string): boolean {
  const length = raw.length;
  let at = raw.charCodeAt(0) === 45 ? 1 : 0;
  if (at === length) return false;
  const lead = at;
  while (at < length) {
    const code = raw.charCodeAt(at);
    if (code < 48 || code > 57) break;
    at++;
  }
  const digits = at - lead;
  if (digits === 0 || (digits > 1 && raw.charCodeAt(lead) === 48)) return false;
  if (at === length) return !(digits === 1 && raw.charCodeAt(lead) === 48 && lead === 1);
  if (raw.charCodeAt(at) !== 46 || at === length - 1 || raw.charCodeAt(length - 1) === 48) return false;
  for (let i = at + 1; i < length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  // `0.000001` and smaller are written with an exponent by `String`.
  return !(raw.charCodeAt(lead) === 48 && raw.startsWith('0.00000', lead));
}

/** The text of a number cell of the given kind; `date1904` for workbooks counting days from 1904. */
export function formattedText(raw: string, kind: number, date1904: boolean): string {
  if (kind === KIND_NUMBER) return numberText(raw);
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw.trim();
  if (kind === KIND_PERCENT) return `${roundedText(value * 100)}%`;
  return serialText(value, kind, date1904) ?? numberText(raw);
}

/** Serial 2958465 is 9999-12-31, the last day Excel shows. */
const LAST_SERIAL = 2958465;
/** Days from 1970-01-01 back to each system's day 0 (1899-12-30 after 1900's phantom 29 February; 1904-01-01). */
const EPOCH_1900 = 25569;
const EPOCH_1904 = 24107;

/**
 * A date, date-time or time serial as the wall-clock text it shows, with no time zone: spreadsheet
 * times have none, and reading them as UTC or local time would move them. `undefined` for
 * values Excel shows as `####` (negative, past 9999).
 */
function serialText(serial: number, kind: number, date1904: boolean): string | undefined {
  if (serial < 0 || serial >= LAST_SERIAL + 1) return undefined;
  let whole = Math.floor(serial);
  let seconds = Math.round((serial - whole) * 86400);
  if (seconds === 86400) {
    whole += 1;
    seconds = 0;
  }
  if (kind === KIND_DURATION) {
    const total = Math.round(serial * 86400);
    return `${Math.floor(total / 3600)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
  }
  const time = `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  if (kind === KIND_TIME) return time;
  const date = dateOfSerial(whole, date1904);
  return kind === KIND_DATE ? date : `${date}T${time}`;
}

/**
 * The ISO date of a whole serial. The 1900 system copies Lotus 1-2-3's 1900-02-29 (serial 60)
 * and its 1900-01-00 (serial 0); both are shown as Excel shows them, which a date field refuses.
 */
function dateOfSerial(whole: number, date1904: boolean): string {
  if (date1904) return isoDateOfDays(whole - EPOCH_1904);
  if (whole === 0) return '1900-01-00';
  if (whole === 60) return '1900-02-29';
  return isoDateOfDays(whole < 60 ? whole - EPOCH_1900 + 1 : whole - EPOCH_1900);
}

function two(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * An ISO 8601 cell (`t="d"`, written by some tools) as the wall-clock text it names: a midnight
 * is a date, and a `Z` the writer added is dropped, as for serial date-times.
 */
export function isoCellText(raw: string): string {
  const text = raw.trim().replace(/(?:\.0+)?Z$/, '');
  return text.endsWith('T00:00:00') ? text.slice(0, 10) : text;
}
