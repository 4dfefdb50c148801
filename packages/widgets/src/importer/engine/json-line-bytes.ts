import { type ByteRecords, markUnreadable } from '@inlay/core';
import { JsonItems, MAX_ITEM_CHARS, parseItem, unendedItem } from './json-items.js';
import type { JsonRows } from './json-rows.js';
import type { EachByteRecords } from './source.js';

/**
 * NDJSON read from its UTF-8 bytes (docs/decisions.md, "Importer: JSON read as a stream"): once
 * the columns are settled, a line that is a flat object — keys in column order, each value a
 * string without escapes, a number `String` writes as it is written (less a fraction's trailing
 * zeros), `true`, `false` or `null` — becomes a record of byte ranges, one cell per column, which
 * the validator reads as it reads a UTF-8 CSV's: no string per cell, no object per line. Every
 * other line (the first items, nested objects, lists, escapes, keys out of order or unknown, other
 * number forms, anything malformed) is decoded and read by `JSON.parse` and the flattening of
 * json-cells.ts, so it reads as the text path reads it. The cells of a byte record hold exactly
 * the text the text path gives them.
 * @internal
 */

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_1 = 0x31;
const DIGIT_9 = 0x39;
const COLON = 0x3a;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** What {@link JsonLineBytes} made of a line. */
const LINE_RECORD = 0;
const LINE_BLANK = 1;
const LINE_PARSED = 2;

/** Digits a number may have for `String(Number(text))` to be `text` (see {@link shownNumberEnd}). */
const MAX_DIGITS = 15;
/** Zeros after `0.` a number may have before `String` writes it with an exponent (1e-7). */
const MAX_LEADING_ZEROS = 5;

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/** Reads NDJSON pieces of bytes, giving rows to `rows` and byte records to `eachBytes`, in file order. @internal */
export class JsonLineBytes {
  readonly #rows: JsonRows;
  readonly #eachBytes: EachByteRecords;
  /** The columns' names as UTF-8 ({@link nameBytes}), once the columns are settled. */
  #names: (Uint8Array | null)[] | null = null;

  // Reused across pushes, grown by doubling: the records of a push point into them.
  #bytes = new Uint8Array(1 << 16);
  #first = new Int32Array(1 << 10);
  #starts = new Int32Array(1 << 14);
  #ends = new Int32Array(1 << 14);
  /** Where {@link valueAt} puts a value's cell: its start and end. */
  readonly #cell = new Int32Array(2);
  /** Always 0: a JSON string's escapes send its line to `JSON.parse`. */
  #escaped = new Uint8Array(1 << 14);
  /** Records read and not yet given, and their cells. */
  #count = 0;
  #cells = 0;
  /** Lines to parse as text and not yet given: bytes `#parseFrom`…`#parseTo`, or none when `#parseFrom` < 0. */
  #parseFrom = -1;
  #parseTo = 0;
  /** The line left open by the last push. */
  #keepFrom = 0;
  #keepTo = 0;
  #atStart = true;

  constructor(rows: JsonRows, eachBytes: EachByteRecords) {
    this.#rows = rows;
    this.#eachBytes = eachBytes;
  }

  /** Reads the complete lines of `input` (with the line left open by the last push); all of them when `last`. */
  push(input: Uint8Array, last: boolean): void {
    const length = this.#takeBack(input);
    const bytes = this.#bytes;
    const data = bytes.subarray(0, length);
    let lineStart = 0;
    if (this.#atStart) {
      // A byte-order mark, which the text path's decoder drops; a start that may still become one waits.
      const mark = byteOrderMark(data);
      if (mark < 0 && !last) {
        this.#keepTo = length;
        return;
      }
      this.#atStart = false;
      if (mark > 0) lineStart = mark;
    }
    while (lineStart < length) {
      let lineEnd = data.indexOf(LINE_FEED, lineStart);
      if (lineEnd < 0) {
        if (!last) break;
        lineEnd = length;
      }
      this.#line(bytes, lineStart, lineEnd);
      lineStart = lineEnd + 1;
    }
    this.#giveRecords();
    this.#giveParsed();
    if (last) {
      this.#rows.flush();
      return;
    }
    if (length - lineStart > MAX_ITEM_CHARS) throw unendedItem(this.#rows.count + 1);
    this.#keepFrom = Math.min(lineStart, length);
    this.#keepTo = length;
  }

  /** Stops reading bytes: a copy of the line left open by the last push. */
  release(): Uint8Array {
    return this.#bytes.slice(this.#keepFrom, this.#keepTo);
  }

  /** The reader of the rest of the file as text (after {@link release}). */
  text(): (text: string, last: boolean) => void {
    const items = new JsonItems('lines', this.#rows.count);
    return (text, last) => this.#rows.add(items.push(text, last), last);
  }

  /** Moves the open line to the front and appends `input`; answers the length of the bytes to read. */
  #takeBack(input: Uint8Array): number {
    const kept = this.#keepTo - this.#keepFrom;
    const length = kept + input.length;
    if (length > this.#bytes.length) {
      let size = this.#bytes.length * 2;
      while (size < length) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.#bytes.subarray(this.#keepFrom, this.#keepTo));
      this.#bytes = grown;
    } else if (this.#keepFrom > 0 && kept > 0) {
      this.#bytes.copyWithin(0, this.#keepFrom, this.#keepTo);
    }
    this.#bytes.set(input, kept);
    this.#keepFrom = 0;
    this.#keepTo = 0;
    return length;
  }

  /** One line, bytes `start`…`end` (without its line feed): a record, or a line to parse as text. */
  #line(bytes: Uint8Array, start: number, end: number): void {
    this.#names ??= this.#rows.columns.settled ? this.#rows.columns.names.map(nameBytes) : null;
    const names = this.#names;
    if (names !== null) {
      this.#room(names.length);
      const read = this.#record(bytes, start, end, names);
      if (read === LINE_BLANK) return;
      if (read === LINE_RECORD) {
        this.#giveParsed();
        this.#cells += names.length;
        this.#count += 1;
        this.#first[this.#count] = this.#cells;
        return;
      }
    }
    this.#giveRecords();
    if (this.#parseFrom < 0) this.#parseFrom = start;
    this.#parseTo = end;
  }

  /**
   * Reads a line as a flat object into the cells from `#cells`, one per column: a value's cell is
   * its bytes (a string's without its quotes), `null`'s and a missing key's an empty range where
   * it would be, so that every cell starts where the one before it ended or later, as in a CSV.
   * Answers {@link LINE_PARSED} for any line it does not read so (nothing it wrote counts then).
   */
  #record(bytes: Uint8Array, start: number, end: number, names: readonly (Uint8Array | null)[]): number {
    const starts = this.#starts;
    const ends = this.#ends;
    const cells = this.#cells;
    const cell = this.#cell;
    let at = skipSpaces(bytes, start, end);
    if (at === end) return LINE_BLANK;
    if (bytes[at] !== OPEN_BRACE) return LINE_PARSED;
    at = skipSpaces(bytes, at + 1, end);
    if (at === end) return LINE_PARSED;
    /** The first column the next key may name: keys come in column order. */
    let next = 0;
    if (bytes[at] !== CLOSE_BRACE) {
      for (;;) {
        if (at >= end || bytes[at] !== QUOTE) return LINE_PARSED;
        // Nearly always the key is the next column's: its name's bytes and the closing quote.
        let column = next;
        let keyEnd = nameEnd(names[next], bytes, at + 1, end);
        if (keyEnd < 0) {
          keyEnd = stringEnd(bytes, at + 1, end);
          if (keyEnd < 0) return LINE_PARSED;
          column = columnOf(names, next, bytes, at + 1, keyEnd);
          if (column < 0) return LINE_PARSED;
        }
        for (; next < column; next++) starts[cells + next] = ends[cells + next] = at;
        at = skipSpaces(bytes, keyEnd + 1, end);
        if (at >= end || bytes[at] !== COLON) return LINE_PARSED;
        at = skipSpaces(bytes, at + 1, end);
        if (at >= end) return LINE_PARSED;
        const valueEnd = valueAt(bytes, at, end, cell);
        if (valueEnd < 0) return LINE_PARSED;
        starts[cells + column] = cell[0] as number;
        ends[cells + column] = cell[1] as number;
        next = column + 1;
        at = skipSpaces(bytes, valueEnd, end);
        if (at >= end) return LINE_PARSED;
        if (bytes[at] === COMMA) {
          at = skipSpaces(bytes, at + 1, end);
          continue;
        }
        if (bytes[at] !== CLOSE_BRACE) return LINE_PARSED;
        break;
      }
    }
    const close = at;
    if (skipSpaces(bytes, close + 1, end) !== end) return LINE_PARSED;
    for (; next < names.length; next++) starts[cells + next] = ends[cells + next] = close;
    return LINE_RECORD;
  }

  /** Room for one more record of `width` cells. */
  #room(width: number): void {
    if (this.#count + 2 > this.#first.length) {
      const first = new Int32Array(this.#first.length * 2);
      first.set(this.#first);
      this.#first = first;
    }
    const needed = this.#cells + width;
    if (needed <= this.#starts.length) return;
    let size = this.#starts.length * 2;
    while (size < needed) size *= 2;
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    starts.set(this.#starts);
    ends.set(this.#ends);
    this.#starts = starts;
    this.#ends = ends;
    this.#escaped = new Uint8Array(size);
  }

  /** Gives the records read since the last lines parsed as text. */
  #giveRecords(): void {
    const count = this.#count;
    if (count === 0) return;
    const records: ByteRecords = { bytes: this.#bytes, count, first: this.#first, starts: this.#starts, ends: this.#ends, escaped: this.#escaped };
    this.#count = 0;
    this.#cells = 0;
    this.#rows.counted(count);
    this.#eachBytes(records);
  }

  /** Parses the lines left to the text path since the last records, and gives their rows. */
  #giveParsed(): void {
    const from = this.#parseFrom;
    if (from < 0) return;
    this.#parseFrom = -1;
    const bytes = this.#bytes.subarray(from, this.#parseTo);
    const items: unknown[] = [];
    let number = this.#rows.count;
    for (const line of markUnreadable(utf8.decode(bytes), bytes).split('\n')) if (line.trim() !== '') items.push(parseItem(line, ++number));
    this.#rows.add(items, false);
  }
}

/** 3 for a UTF-8 byte-order mark at the start of `bytes`, -1 for bytes that may still become one, else 0. */
function byteOrderMark(bytes: Uint8Array): number {
  const mark = [0xef, 0xbb, 0xbf];
  for (let at = 0; at < 3; at++) {
    if (at === bytes.length) return -1;
    if (bytes[at] !== mark[at]) return 0;
  }
  return 3;
}

/** The first byte from `at` that is not JSON whitespace within a line (space, tab, carriage return), or `end`. */
function skipSpaces(bytes: Uint8Array, at: number, end: number): number {
  while (at < end) {
    const byte = bytes[at] as number;
    if (byte !== SPACE && byte !== TAB && byte !== CARRIAGE_RETURN) return at;
    at++;
  }
  return end;
}

/** The closing quote of a string whose text starts at `at`; -1 when it has an escape or a control character (or no end in the line). */
function stringEnd(bytes: Uint8Array, at: number, end: number): number {
  while (at < end) {
    const byte = bytes[at] as number;
    if (byte === QUOTE) return at;
    if (byte === BACKSLASH || byte < SPACE) return -1;
    at++;
  }
  return -1;
}

/**
 * The end of the value at `at` (-1 to leave the line to `JSON.parse`), with its cell's bytes in
 * `cell`: a string's text without its quotes (none with an escape or a control character), `true`
 * and `false` as written, `null` empty, a number as `String` writes it ({@link shownNumberEnd}).
 */
function valueAt(bytes: Uint8Array, at: number, end: number, cell: Int32Array): number {
  const first = bytes[at];
  let valueEnd: number;
  cell[0] = at;
  if (first === QUOTE) {
    const close = stringEnd(bytes, at + 1, end);
    if (close < 0) return -1;
    cell[0] = at + 1;
    cell[1] = close;
    return close + 1;
  }
  if (first === 0x74 /* t */) valueEnd = wordEnd(bytes, at, end, TRUE);
  else if (first === 0x66 /* f */) valueEnd = wordEnd(bytes, at, end, FALSE);
  else if (first === 0x6e /* n */) {
    // `null` is an empty cell, as the text path's.
    cell[1] = at;
    return wordEnd(bytes, at, end, NULL);
  } else {
    valueEnd = numberEnd(bytes, at, end);
    if (valueEnd < 0) return -1;
    cell[1] = shownNumberEnd(bytes, at, valueEnd);
    return cell[1] < 0 ? -1 : valueEnd;
  }
  cell[1] = valueEnd;
  return valueEnd;
}

const TRUE = encoder.encode('true');
const FALSE = encoder.encode('false');
const NULL = encoder.encode('null');

function wordEnd(bytes: Uint8Array, at: number, end: number, word: Uint8Array): number {
  if (at + word.length > end) return -1;
  for (let i = 1; i < word.length; i++) if (bytes[at + i] !== word[i]) return -1;
  return at + word.length;
}

/** The end of a JSON number at `at`, or -1 when there is none. */
function numberEnd(bytes: Uint8Array, at: number, end: number): number {
  let i = bytes[at] === MINUS ? at + 1 : at;
  if (i >= end) return -1;
  const first = bytes[i] as number;
  if (first === DIGIT_0) i++;
  else if (first >= DIGIT_1 && first <= DIGIT_9) i = digitsEnd(bytes, i + 1, end);
  else return -1;
  if (i < end && bytes[i] === DOT) {
    const fraction = i + 1;
    i = digitsEnd(bytes, fraction, end);
    if (i === fraction) return -1;
  }
  if (i < end && (bytes[i] === 0x65 /* e */ || bytes[i] === 0x45) /* E */) {
    i++;
    if (i < end && (bytes[i] === 0x2b /* + */ || bytes[i] === MINUS)) i++;
    const exponent = i;
    i = digitsEnd(bytes, exponent, end);
    if (i === exponent) return -1;
  }
  return i;
}

/**
 * The end of the text `String(Number(text))` writes for the number `at`…`numberEnd`, when that
 * text is the number's own without the fraction's trailing zeros (`1.50` is `1.5`, `10.0` is
 * `10`); -1 for any other (an exponent, `-0`, more than 15 digits, a magnitude below 1e-6),
 * whose line is then read as text. With at most 15 significant digits a decimal is the shortest
 * text of its double, which `String` writes without an exponent from 1e-6 up to 1e21.
 */
function shownNumberEnd(bytes: Uint8Array, at: number, numberEnd: number): number {
  const digitsFrom = bytes[at] === MINUS ? at + 1 : at;
  let point = -1;
  for (let i = digitsFrom; i < numberEnd; i++) {
    const byte = bytes[i] as number;
    if (byte === DOT) point = i;
    else if (byte < DIGIT_0 || byte > DIGIT_9) return -1;
  }
  let shownEnd = numberEnd;
  if (point >= 0) {
    while (shownEnd > point + 1 && bytes[shownEnd - 1] === DIGIT_0) shownEnd--;
    if (shownEnd === point + 1) shownEnd = point;
  }
  const fraction = point >= 0 && shownEnd > point;
  if (bytes[digitsFrom] === DIGIT_0) {
    if (!fraction && digitsFrom > at) return -1;
    if (fraction) {
      let zeros = point + 1;
      while (bytes[zeros] === DIGIT_0) zeros++;
      if (zeros - point - 1 > MAX_LEADING_ZEROS) return -1;
    }
  }
  const digits = shownEnd - digitsFrom - (fraction ? 1 : 0);
  return digits > MAX_DIGITS ? -1 : shownEnd;
}

function digitsEnd(bytes: Uint8Array, at: number, end: number): number {
  while (at < end) {
    const byte = bytes[at] as number;
    if (byte < DIGIT_0 || byte > DIGIT_9) return at;
    at++;
  }
  return end;
}

/**
 * A column's name as the UTF-8 a key of the file holds when it names that column, or null when no
 * key without escapes can (a name holding a quote, a backslash or a control character, which a key
 * writes escaped): a line with such a key is read as text.
 */
function nameBytes(name: string): Uint8Array | null {
  const bytes = encoder.encode(name);
  for (const byte of bytes) if (byte === QUOTE || byte === BACKSLASH || byte < SPACE) return null;
  return bytes;
}

/** The index of the quote closing a key that is `name` at `at`, or -1. */
function nameEnd(name: Uint8Array | null | undefined, bytes: Uint8Array, at: number, end: number): number {
  if (name === null || name === undefined) return -1;
  const keyEnd = at + name.length;
  if (keyEnd >= end || bytes[keyEnd] !== QUOTE) return -1;
  for (let i = 0; i < name.length; i++) if (bytes[at + i] !== name[i]) return -1;
  return keyEnd;
}

/** The column from `next` on whose name is the bytes `start`…`end`, or -1. */
function columnOf(names: readonly (Uint8Array | null)[], next: number, bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  for (let column = next; column < names.length; column++) {
    const name = names[column];
    if (name === null || name === undefined || name.length !== length) continue;
    let i = 0;
    while (i < length && name[i] === bytes[start + i]) i++;
    if (i === length) return column;
  }
  return -1;
}
