import { isoDateOfDays, isoTime } from './calendar.js';

/** Serial 2958465 is 9999-12-31, the last day Excel can show. */
const LAST_SERIAL = 2958465;
/** Serial 25569 is 1970-01-01 for serials after Excel's phantom 1900-02-29. */
const UNIX_EPOCH_SERIAL = 25569;
const SERIAL = /^\d+(?:\.\d+)?$/;
const YEAR_LIKE = /^[12]\d{3}$/;

/**
 * The ISO date (or date-time, when the serial has a fraction of a day) of an Excel serial date,
 * or `undefined` when the text is not one. Excel's 1900 date system counts 1900-01-01 as 1 and,
 * copying Lotus 1-2-3, has a 1900-02-29 (serial 60) that never existed: serials from 61 on are
 * one day ahead of a plain count, and 60 itself names no date. Four-digit numbers from 1000 to
 * 2999 are read as years, not serials (`2024` is far likelier a year than 1905-07-16).
 *
 * @example
 * excelSerialToIso('45000')    // '2023-03-15'
 * excelSerialToIso('45000.5')  // '2023-03-15T12:00:00'
 * @internal
 */
export function excelSerialToIso(text: string): string | undefined {
  if (!SERIAL.test(text) || YEAR_LIKE.test(text)) return undefined;
  const serial = Number(text);
  const whole = Math.floor(serial);
  if (whole < 1 || whole > LAST_SERIAL || whole === 60) return undefined;
  const days = whole < 60 ? whole - UNIX_EPOCH_SERIAL + 1 : whole - UNIX_EPOCH_SERIAL;
  const seconds = Math.round((serial - whole) * 86400);
  // A fraction that rounds to a whole day (23:59:59.6 and later) is the next midnight.
  if (seconds === 0 || seconds === 86400) return isoDateOfDays(seconds === 0 ? days : days + 1);
  return `${isoDateOfDays(days)}T${isoTime(Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60)}`;
}
