import { isoDate, isoTime, isRealDate } from './calendar.js';
import { excelSerialToIso } from './excel-serial.js';
import type { DateOrder } from './types.js';

/*
 * Date reading rules (docs/importer.md). A date field's value is an ISO string:
 * - `YYYY-MM-DD` is accepted as written when the day exists (`2026-02-30` is refused, with no
 *   suggestion: there is nothing safe to offer).
 * - An ISO date-time (`2026-11-22T10:00:00Z`, `2026-11-22 10:00`, offsets, fractions) is kept
 *   exactly as written: converting it to a date or to UTC would lose information.
 * - Every other form is refused with an ISO *suggestion* when one reading is safe: `31/12/2026`
 *   (only one order gives a real day), `03/04/2026` only when the table's `dateOrder` says which
 *   is the month, `2026/3/4`, `15 Mar 2026`, `March 15, 2026`, `3/15/2026 2:30 PM` and Excel
 *   serial numbers (`45000` → `2023-03-15`). Two-digit years get no suggestion: no pivot year is
 *   right for birth dates and contract ends alike.
 * Suggestions are never applied silently; the UI offers them (one cell or a whole column).
 */

const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}[Tt ](?:[01]\d|2[0-3]):[0-5]\d(?::(?:[0-5]\d|60)(?:[.,]\d{1,9})?)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;
const NUMERIC_DATE = /^(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})$/;
const DAY_MONTH_YEAR = /^(\d{1,2})(?:st|nd|rd|th)?[\s.-]*([A-Za-z]{3,9})\.?[\s,.-]*(\d{4})$/;
const MONTH_DAY_YEAR = /^([A-Za-z]{3,9})\.?[\s-]*(\d{1,2})(?:st|nd|rd|th)?,?[\s-]+(\d{4})$/;
const WITH_TIME = /^(.+?)[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/;
const MONTHS: ReadonlyMap<string, number> = new Map(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].flatMap((short, i) => {
    const full = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'][i] as string;
    return [[short, i + 1], [full, i + 1], ...(short === 'sep' ? [['sept', 9] as [string, number]] : [])] as [string, number][];
  }),
);

/** @internal */
export const DATE_MESSAGES = {
  expected: 'Expected a date as YYYY-MM-DD',
  notReal: 'This date does not exist; expected a date as YYYY-MM-DD',
  ambiguous: 'Day and month could be either way round; write the date as YYYY-MM-DD',
  twoDigitYear: 'Write the year with four digits, as YYYY-MM-DD',
} as const;

function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -100_000;
}

/**
 * The value of an ISO date or date-time: the text itself when valid, `null` when it has the ISO
 * shape but names no real day or time, `undefined` when it is not ISO. Parsed by hand because
 * this runs on every cell of every date column.
 * @internal
 */
export function isoDateValue(text: string): string | null | undefined {
  if (text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const year = digitAt(text, 0) * 1000 + digitAt(text, 1) * 100 + digitAt(text, 2) * 10 + digitAt(text, 3);
  const month = digitAt(text, 5) * 10 + digitAt(text, 6);
  const day = digitAt(text, 8) * 10 + digitAt(text, 9);
  if (year < 0 || month < 0 || day < 0) return undefined;
  if (text.length > 10 && !ISO_DATE_TIME.test(text)) {
    return /^\d{4}-\d{2}-\d{2}[Tt ]\d/.test(text) ? null : undefined;
  }
  return isRealDate(year, month, day) ? text : null;
}

/** A refused date's suggestion (if one is safe) and the message saying why. @internal */
export interface DateSuggestion {
  suggestion: string | undefined;
  message: string;
}

/** What to offer for a date cell that is not ISO. @internal */
export function suggestDate(text: string, order: DateOrder | null): DateSuggestion {
  const withTime = WITH_TIME.exec(text);
  if (withTime) {
    const date = suggestDay(withTime[1] as string, order);
    const time = timeOf(withTime);
    if (date.suggestion === undefined || time === undefined) return { suggestion: undefined, message: date.message };
    return { suggestion: `${date.suggestion}T${time}`, message: date.message };
  }
  const day = suggestDay(text, order);
  if (day.suggestion !== undefined || day.message !== DATE_MESSAGES.expected) return day;
  const serial = excelSerialToIso(text);
  return { suggestion: serial, message: DATE_MESSAGES.expected };
}

function timeOf(match: RegExpExecArray): string | undefined {
  let hour = Number(match[2]);
  const minute = Number(match[3]);
  const second = match[4] === undefined ? 0 : Number(match[4]);
  const meridiem = match[5]?.toLowerCase();
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return isoTime(hour, minute, second);
}

const EXPECTED: DateSuggestion = { suggestion: undefined, message: DATE_MESSAGES.expected };

function suggestDay(text: string, order: DateOrder | null): DateSuggestion {
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) return suggestNumericDay(numeric[1] as string, numeric[3] as string, numeric[4] as string, order);
  const dayFirst = DAY_MONTH_YEAR.exec(text);
  if (dayFirst) return named(Number(dayFirst[3]), dayFirst[2] as string, Number(dayFirst[1]));
  const monthFirst = MONTH_DAY_YEAR.exec(text);
  if (monthFirst) return named(Number(monthFirst[3]), monthFirst[1] as string, Number(monthFirst[2]));
  return EXPECTED;
}

function named(year: number, monthName: string, day: number): DateSuggestion {
  const month = MONTHS.get(monthName.toLowerCase());
  if (month === undefined) return EXPECTED;
  return real(year, month, day);
}

function real(year: number, month: number, day: number): DateSuggestion {
  return isRealDate(year, month, day)
    ? { suggestion: isoDate(year, month, day), message: DATE_MESSAGES.expected }
    : { suggestion: undefined, message: DATE_MESSAGES.notReal };
}

function suggestNumericDay(first: string, middle: string, last: string, order: DateOrder | null): DateSuggestion {
  if (first.length === 4) return last.length <= 2 ? real(Number(first), Number(middle), Number(last)) : EXPECTED;
  if (last.length !== 4) return first.length <= 2 ? { suggestion: undefined, message: DATE_MESSAGES.twoDigitYear } : EXPECTED;
  const year = Number(last);
  const a = Number(first);
  const b = Number(middle);
  const asDmy = isRealDate(year, b, a);
  const asMdy = isRealDate(year, a, b);
  if (asDmy && asMdy && a !== b) {
    if (order === 'dmy') return real(year, b, a);
    if (order === 'mdy') return real(year, a, b);
    return { suggestion: undefined, message: DATE_MESSAGES.ambiguous };
  }
  if (asDmy) return real(year, b, a);
  if (asMdy) return real(year, a, b);
  return { suggestion: undefined, message: DATE_MESSAGES.notReal };
}

/**
 * A numeric date written in a confirmed order, as ISO: `03/04/2026` is `2026-04-03` under `'dmy'`
 * and `2026-03-04` under `'mdy'`; with a time (`03/04/2026 14:30`) the ISO date-time. `undefined`
 * when the text is not a numeric date in that order (other orders, two-digit years, names of
 * months) or names no real day: such cells stay refused, with their suggestion.
 * @internal
 */
export function dateInOrder(text: string, order: DateOrder): string | undefined {
  const withTime = WITH_TIME.exec(text);
  if (withTime) {
    const day = numericDayInOrder(withTime[1] as string, order);
    const time = timeOf(withTime);
    return day === undefined || time === undefined ? undefined : `${day}T${time}`;
  }
  return numericDayInOrder(text, order);
}

function numericDayInOrder(text: string, order: DateOrder): string | undefined {
  const numeric = NUMERIC_DATE.exec(text);
  if (!numeric) return undefined;
  const first = numeric[1] as string;
  const middle = numeric[3] as string;
  const last = numeric[4] as string;
  let year: number;
  let month: number;
  let day: number;
  if (order === 'ymd') {
    if (first.length !== 4 || last.length > 2) return undefined;
    [year, month, day] = [Number(first), Number(middle), Number(last)];
  } else {
    if (last.length !== 4 || first.length > 2) return undefined;
    year = Number(last);
    month = Number(order === 'dmy' ? middle : first);
    day = Number(order === 'dmy' ? first : middle);
  }
  return isRealDate(year, month, day) ? isoDate(year, month, day) : undefined;
}

const DATE_PART = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:$|[\sT])/;

/**
 * The day/month order of a column's dates, from the samples that settle it: a first part over 12
 * votes for day-first, a middle part over 12 for month-first, a four-digit first part for
 * year-first. The larger of day-first and month-first wins (a tie is `null`); year-first only when
 * neither has a vote; `null` when no sample settles it (`03/04/2026` alone).
 *
 * @example
 * detectDateOrder(['03/04/2026', '25/12/2026'])  // 'dmy'
 * detectDateOrder(['12/25/2026'])                // 'mdy'
 * detectDateOrder(['2026/12/25', '2026-01-02'])  // 'ymd'
 * detectDateOrder(['03/04/2026'])                // null
 */
export function detectDateOrder(samples: Iterable<string | undefined>): DateOrder | null {
  let dmy = 0;
  let mdy = 0;
  let ymd = 0;
  for (const sample of samples) {
    if (sample === undefined) continue;
    const match = DATE_PART.exec(sample.trim());
    if (!match) continue;
    const first = match[1] as string;
    const a = Number(first);
    const b = Number(match[2]);
    if (first.length === 4) ymd += 1;
    else if (a > 12 && a <= 31 && b <= 12) dmy += 1;
    else if (b > 12 && b <= 31 && a <= 12) mdy += 1;
  }
  if (dmy > 0 || mdy > 0) return dmy === mdy ? null : dmy > mdy ? 'dmy' : 'mdy';
  return ymd > 0 ? 'ymd' : null;
}
