import { isRealDate } from './calendar.js';
import { FORBIDDEN } from './emails.js';
import { isAlphanumeric, isLetter } from './urls.js';
import type { NumberFormat } from './types.js';

/*
 * Cell validation straight from UTF-8 bytes (docs/importer.md), for the importer's byte path: a
 * million rows are read without making a string of each cell. Each function reads one cell, the
 * bytes `bytes[start…end)` (0 ≤ start ≤ end ≤ bytes.length), allocates nothing, and either
 * accepts the cell — returning what the string path would store for it — or declines it, and then
 * the cell is decoded and `readCell` decides. Declining is always safe; accepting promises that
 * `readCell` on the decoded text gives CELL_VALID with exactly that value, so each function only
 * accepts the forms it can be sure of and leaves the rest (grouping, exponents, upper-case
 * domains, anything non-ASCII at either end) to the string path.
 *
 * Every function declines a cell whose first or last byte is not printable ASCII (0x21–0x7E):
 * `readCell` trims such a cell first (spaces, no-break spaces, a byte-order mark, which the
 * decoder would also drop), so its value is not its bytes.
 *
 * Cells starting with `#` never reach these checks: byte-fields.ts reads them as strings, since
 * `readCell` refuses a spreadsheet error value (`#N/A`) in every field type.
 *
 * The scans mirror the string fast paths they stand in for (number-format.ts `simpleNumber`,
 * emails.ts `plainAscii`, urls.ts `isPlainUrl`); byte-cells.test.ts checks every function against
 * `readCell` on many generated cells, so a change on either side that breaks the promise fails.
 * @internal
 */

const PLUS = 0x2b;
const COMMA = 0x2c;
const HYPHEN = 0x2d;
const DOT = 0x2e;
const SLASH = 0x2f;
const DIGIT_0 = 0x30;
const COLON = 0x3a;
const QUESTION = 0x3f;
const AT = 0x40;
const HASH = 0x23;

/** Whether a byte is printable ASCII, which `readCell` never trims from either end. */
function isPrintable(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}

/**
 * Whether a cell is non-empty and has printable ASCII at both ends, so that `readCell` reads it
 * as it is, untrimmed (and the decoder drops no byte-order mark).
 *
 * @example
 * const row = new TextEncoder().encode('Zürich, Zürich');
 * isTrimmedBytes(row, 0, 7)   // true
 * isTrimmedBytes(row, 8, 16)  // false: ' Zürich', which readCell would trim
 * @internal
 */
export function isTrimmedBytes(bytes: Uint8Array, start: number, end: number): boolean {
  return end > start && isPrintable(bytes[start] as number) && isPrintable(bytes[end - 1] as number);
}

/** 10^0 … 10^15: each is exact as a double, so dividing by one rounds only once. */
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15] as const;
/** A sign, fifteen digits and a separator. */
const MAX_NUMBER_BYTES = 17;
const MAX_DIGITS = 15;

/**
 * The number a cell holds when it is `[+-]?digits` or `[+-]?digits<separator>digits` with at
 * most 15 digits in all (the separator is `.` for 'dot', `,` for 'comma'); `NaN` to decline.
 *
 * Exact without `Number`: the digits as one integer (below 10^15, so exact) divided by
 * 10^(fraction digits) (exact too) is one correctly rounded division of the decimal's exact
 * value — the double `Number(text)`, and `parseNumber`, give. `-0` and `-0.0` are -0, as there.
 *
 * @example
 * const row = new TextEncoder().encode('-12,5;1e3');
 * numberFromBytes(row, 0, 5, 'comma')  // -12.5
 * numberFromBytes(row, 6, 9, 'dot')    // NaN: declined, and parseNumber reads it as 1000
 * @internal
 */
export function numberFromBytes(bytes: Uint8Array, start: number, end: number, format: NumberFormat): number {
  if (end - start > MAX_NUMBER_BYTES || end <= start) return Number.NaN;
  const separator = format === 'dot' ? DOT : COMMA;
  const first = bytes[start] as number;
  const negative = first === HYPHEN;
  let at = negative || first === PLUS ? start + 1 : start;
  let integer = 0;
  let digits = 0;
  let fractionStart = -1;
  for (; at < end; at++) {
    const code = bytes[at] as number;
    const digit = code - DIGIT_0;
    if (digit >= 0 && digit <= 9) {
      integer = integer * 10 + digit;
      digits += 1;
    } else if (code === separator && fractionStart < 0 && digits > 0) {
      fractionStart = at + 1;
    } else {
      return Number.NaN;
    }
  }
  // No digits at all (a bare sign), a trailing separator (`5.`) or more digits than are exact.
  if (digits === 0 || fractionStart === end || digits > MAX_DIGITS) return Number.NaN;
  const value = fractionStart < 0 ? integer : integer / (POWERS_OF_TEN[end - fractionStart] as number);
  return negative ? -value : value;
}

/**
 * The date column's code of a cell that is exactly a real `YYYY-MM-DD` day — `(year << 9) |
 * (month << 5) | day`, as value-columns.ts `plainDateCode` encodes the text the date parser keeps
 * — or 0 to decline (date-times, other forms and days that do not exist, like `2023-02-29`).
 *
 * @example
 * const row = new TextEncoder().encode('2024-02-29,2023-02-29');
 * plainDateFromBytes(row, 0, 10)   // (2024 << 9) | (2 << 5) | 29
 * plainDateFromBytes(row, 11, 21)  // 0: no such day, and readCell refuses it
 * @internal
 */
export function plainDateFromBytes(bytes: Uint8Array, start: number, end: number): number {
  if (end - start !== 10 || bytes[start + 4] !== HYPHEN || bytes[start + 7] !== HYPHEN) return 0;
  const year = digitAt(bytes, start) * 1000 + digitAt(bytes, start + 1) * 100 + digitAt(bytes, start + 2) * 10 + digitAt(bytes, start + 3);
  const month = digitAt(bytes, start + 5) * 10 + digitAt(bytes, start + 6);
  const day = digitAt(bytes, start + 8) * 10 + digitAt(bytes, start + 9);
  // A non-digit makes its part negative, which isRealDate refuses.
  return isRealDate(year, month, day) ? (year << 9) | (month << 5) | day : 0;
}

/** The digit at `index`, or a number negative enough to make any part it is in negative. */
function digitAt(bytes: Uint8Array, index: number): number {
  const digit = (bytes[index] as number) - DIGIT_0;
  return digit >= 0 && digit <= 9 ? digit : -100_000;
}

/** {@link booleanFromBytes}: declined. @internal */
export const BOOLEAN_DECLINED = 0;
/** {@link booleanFromBytes}: false, the boolean column's code of it. @internal */
export const BOOLEAN_FALSE = 1;
/** {@link booleanFromBytes}: true, the boolean column's code of it. @internal */
export const BOOLEAN_TRUE = 2;

/**
 * The boolean column's code of a cell that is one of the words `parseBoolean` accepts, in any
 * ASCII case — true/false, t/f, yes/no, y/n, 1/0, on/off: {@link BOOLEAN_TRUE} or
 * {@link BOOLEAN_FALSE}; {@link BOOLEAN_DECLINED} for anything else.
 *
 * @example
 * const row = new TextEncoder().encode('Yes,ja');
 * booleanFromBytes(row, 0, 3)  // BOOLEAN_TRUE
 * booleanFromBytes(row, 4, 6)  // BOOLEAN_DECLINED (readCell refuses it, suggesting true)
 * @internal
 */
export function booleanFromBytes(bytes: Uint8Array, start: number, end: number): number {
  switch (end - start) {
    case 1: {
      const code = bytes[start] as number;
      if (code === 0x31) return BOOLEAN_TRUE;
      if (code === 0x30) return BOOLEAN_FALSE;
      const lower = code | 0x20;
      if (lower === 0x74 || lower === 0x79) return BOOLEAN_TRUE; // t, y
      if (lower === 0x66 || lower === 0x6e) return BOOLEAN_FALSE; // f, n
      return BOOLEAN_DECLINED;
    }
    case 2:
      if (isWord(bytes, start, 'on')) return BOOLEAN_TRUE;
      return isWord(bytes, start, 'no') ? BOOLEAN_FALSE : BOOLEAN_DECLINED;
    case 3:
      if (isWord(bytes, start, 'yes')) return BOOLEAN_TRUE;
      return isWord(bytes, start, 'off') ? BOOLEAN_FALSE : BOOLEAN_DECLINED;
    case 4:
      return isWord(bytes, start, 'true') ? BOOLEAN_TRUE : BOOLEAN_DECLINED;
    case 5:
      return isWord(bytes, start, 'false') ? BOOLEAN_FALSE : BOOLEAN_DECLINED;
    default:
      return BOOLEAN_DECLINED;
  }
}

/**
 * Whether the bytes at `start` are `word` (lower-case letters) in any case. `| 0x20` folds only
 * A–Z onto a–z here: a lower-case letter has that bit set, so just it and its capital reach it.
 */
function isWord(bytes: Uint8Array, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    if (((bytes[start + i] as number) | 0x20) !== word.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * An enum field's values as UTF-8, to find a cell's value without decoding it: an open-addressing
 * table from a hash of the bytes to the values with that hash, so one cell costs one pass over
 * its bytes and, nearly always, one comparison, however many values there are.
 *
 * Only values the byte path can match are in the table: printable ASCII at both ends (others
 * would be trimmed from a cell first) and well-formed UTF-16 (a lone surrogate encodes as the
 * bytes of U+FFFD, which decode to another text). Of equal values the first is kept, as the enum
 * column keeps it, so a code always reads back as the cell's text.
 *
 * @example
 * const plans = new EnumBytes(['Free', 'Pro']);
 * const row = new TextEncoder().encode('Pro,pro');
 * plans.codeOf(row, 0, 3)  // 2
 * plans.codeOf(row, 4, 7)  // 0: declined (readCell refuses it, suggesting Pro)
 * @internal
 */
export class EnumBytes {
  /** The kept values' bytes, back to back; entry e is `#bytes[#starts[e]…#starts[e + 1])`. */
  readonly #bytes: Uint8Array;
  readonly #starts: Int32Array;
  readonly #hashes: Int32Array;
  /** Entry e's answer: 1 + the value's position in the list. */
  readonly #codes: Int32Array;
  /** 1 + an entry, 0 for a free slot; a power of two long, at most half full. */
  readonly #slots: Int32Array;
  readonly #maxLength: number;

  constructor(values: readonly string[]) {
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const seen = new Set<string>();
    const kept: Uint8Array[] = [];
    const codes: number[] = [];
    values.forEach((value, i) => {
      if (seen.has(value)) return;
      seen.add(value);
      const encoded = encoder.encode(value);
      if (!isTrimmedBytes(encoded, 0, encoded.length) || decoder.decode(encoded) !== value) return;
      kept.push(encoded);
      codes.push(i + 1);
    });
    this.#starts = new Int32Array(kept.length + 1);
    let total = 0;
    let maxLength = 0;
    kept.forEach((encoded, entry) => {
      total += encoded.length;
      maxLength = Math.max(maxLength, encoded.length);
      this.#starts[entry + 1] = total;
    });
    this.#bytes = new Uint8Array(total);
    this.#hashes = new Int32Array(kept.length);
    this.#codes = Int32Array.from(codes);
    this.#maxLength = maxLength;
    let size = 8;
    while (size < kept.length * 2) size *= 2;
    this.#slots = new Int32Array(size);
    kept.forEach((encoded, entry) => {
      this.#bytes.set(encoded, this.#starts[entry] as number);
      const hash = hashOf(encoded, 0, encoded.length);
      this.#hashes[entry] = hash;
      let slot = hash & (size - 1);
      while (this.#slots[slot] !== 0) slot = (slot + 1) & (size - 1);
      this.#slots[slot] = entry + 1;
    });
  }

  /** 1 + the position of the first value whose UTF-8 is the cell's bytes, or 0 to decline. */
  codeOf(bytes: Uint8Array, start: number, end: number): number {
    if (end - start > this.#maxLength || !isTrimmedBytes(bytes, start, end)) return 0;
    const hash = hashOf(bytes, start, end);
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = (slots[slot] as number) - 1;
      if (entry < 0) return 0;
      if (this.#hashes[entry] === hash && this.#equals(entry, bytes, start, end)) return this.#codes[entry] as number;
    }
  }

  #equals(entry: number, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.#starts[entry] as number;
    if ((this.#starts[entry + 1] as number) - from !== end - start) return false;
    const own = this.#bytes;
    for (let i = start, j = from; i < end; i++, j++) if (bytes[i] !== own[j]) return false;
    return true;
  }
}

/** FNV-1a over the bytes, its high bits folded into the low ones that pick a slot. */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash ^ (hash >>> 15);
}

const MAX_EMAIL_BYTES = 254;

/**
 * Whether a cell is an email address that `parseEmail` keeps exactly as written: printable ASCII
 * of at most 254 bytes, one `@`, a local part without a dot at either end or two in a row, and a
 * lower-case domain of two or more non-empty labels, the last of two characters or more — the
 * cells emails.ts `plainAscii` passes. `false` declines (an upper-case domain is lower-cased in
 * the value, so it is not the bytes).
 *
 * @example
 * const row = new TextEncoder().encode('Ann@example.com,ann@Example.com');
 * isPlainEmailBytes(row, 0, 15)   // true
 * isPlainEmailBytes(row, 16, 31)  // false: its value is ann@example.com
 * @internal
 */
export function isPlainEmailBytes(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start > MAX_EMAIL_BYTES) return false;
  let at = -1;
  let labelStart = -1;
  let labels = 0;
  let previous = 0;
  for (let i = start; i < end; i++) {
    const code = bytes[i] as number;
    if (!isPrintable(code)) return false;
    if (FORBIDDEN[code] === 1) {
      // The one `@`, after a non-empty local part that does not start or end with a dot.
      if (code !== AT || at >= 0 || i === start || bytes[start] === DOT || previous === DOT) return false;
      at = i;
      labelStart = i + 1;
    } else if (code === DOT) {
      if (at < 0) {
        if (previous === DOT) return false;
      } else {
        if (i === labelStart) return false;
        labels += 1;
        labelStart = i + 1;
      }
    } else if (at >= 0 && code >= 0x41 && code <= 0x5a) {
      return false;
    }
    previous = code;
  }
  return at >= 0 && labels > 0 && end - labelStart >= 2;
}

/** `http://a.b`, the shortest URL {@link isPlainUrlBytes} can accept. */
const MIN_URL_BYTES = 10;

/**
 * Whether a cell is a URL urls.ts `isPlainUrl` accepts — `http(s)://` in any case, a plain DNS
 * host (labels of letters, digits and inner hyphens, the last starting with a letter), no user
 * info or port, then nothing or `/`, `?` or `#` and more printable ASCII — read byte by byte as
 * it reads characters. Such a URL is valid and kept as written; `false` declines.
 *
 * @example
 * const row = new TextEncoder().encode('https://example.com/a?b=1 https://example.com:8080');
 * isPlainUrlBytes(row, 0, 25)   // true
 * isPlainUrlBytes(row, 26, 50)  // false: declined, and isHttpUrl accepts it
 * @internal
 */
export function isPlainUrlBytes(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start < MIN_URL_BYTES) return false;
  const scheme = schemeLength(bytes, start);
  if (scheme === 0) return false;
  let at = start + scheme;
  let labelStart = at;
  let labels = 0;
  for (; at < end; at++) {
    const code = bytes[at] as number;
    if (code === SLASH || code === QUESTION || code === HASH) break;
    if (code === DOT) {
      if (!isLabel(bytes, labelStart, at)) return false;
      labels += 1;
      labelStart = at + 1;
    } else if (!isAlphanumeric(code) && code !== HYPHEN) {
      return false;
    }
  }
  const last = at - labelStart;
  if (labels === 0 || last < 1 || last > 63 || !isLetter(bytes[labelStart] as number)) return false;
  for (; at < end; at++) if (!isPrintable(bytes[at] as number)) return false;
  return true;
}

/** 8 for `https://`, 7 for `http://` (in any case), else 0; the cell has at least 8 bytes. */
function schemeLength(bytes: Uint8Array, start: number): number {
  if (
    ((bytes[start] as number) | 0x20) !== 0x68 ||
    ((bytes[start + 1] as number) | 0x20) !== 0x74 ||
    ((bytes[start + 2] as number) | 0x20) !== 0x74 ||
    ((bytes[start + 3] as number) | 0x20) !== 0x70
  ) {
    return 0;
  }
  const colon = ((bytes[start + 4] as number) | 0x20) === 0x73 ? 5 : 4;
  return bytes[start + colon] === COLON && bytes[start + colon + 1] === SLASH && bytes[start + colon + 2] === SLASH ? colon + 3 : 0;
}

/** A host label `bytes[start…end)`: 1–63 bytes, a letter or digit at both ends. */
function isLabel(bytes: Uint8Array, start: number, end: number): boolean {
  return end - start >= 1 && end - start <= 63 && isAlphanumeric(bytes[start] as number) && isAlphanumeric(bytes[end - 1] as number);
}
