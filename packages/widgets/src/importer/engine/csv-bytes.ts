import type { ByteRecords } from '@inlay/core';
import { byteOrderMark, skipSpaces } from './utf8-spaces.js';

/**
 * The importer's fast path for UTF-8 CSV/TSV (docs/importer.md): records read straight from the
 * bytes as cell ranges, so that a million-row file is never a string per cell. It reads exactly
 * what {@link CsvReader} (Papa Parse) reads from the same text, blank records dropped as
 * `isBlank` drops them: every structural character (quote, delimiter, line breaks) is ASCII, and
 * UTF-8 never uses an ASCII byte inside another character, so cutting the bytes is cutting the
 * text.
 *
 * Papa Parse's answers to malformed quoting — text other than whitespace after a closing quote —
 * follow its search for a later quote (`"a"b,c` can swallow the rest of the file) and are not
 * worth copying: the reader stops at such a record and hands its bytes over, and the caller reads
 * the rest of the file as text with {@link CsvReader}, which then reads what it would have read
 * from the whole file (each record starts parsing afresh).
 * @internal
 */

/** A record still open after this many bytes is refused, as {@link CsvReader} refuses it. */
const MAX_OPEN_RECORD = 32 * 1024 * 1024;

const QUOTE = 0x22;
const CARRIAGE_RETURN = 0x0d;

/** Where a push stopped inside a record: between cells, in an unquoted cell, in a quoted one. */
const AT_CELL = 0;
const IN_UNQUOTED = 1;
const IN_QUOTED = 2;

/** What ended a cell. */
const BY_DELIMITER = 0;
const BY_LINE_BREAK = 1;
const BY_END = 2;

/** What one {@link CsvByteReader.push} read. @internal */
export interface ByteBatch {
  /** Non-blank complete records of this push (valid until the next push: arrays and bytes are reused). */
  records: ByteRecords;
  /** Whether any byte >= 0x80 was in the `bytes` given to this push (the caller then counts unreadable characters). */
  high: boolean;
  /**
   * Set once the reader met quoting it does not handle: a copy of the bytes from the start of
   * that record to the end of everything given so far. The caller reads the rest of the file as
   * text from there; pushing again throws.
   */
  handover: Uint8Array | null;
}

/**
 * Reads UTF-8 delimited text pushed in pieces of any size, cut anywhere (inside a character
 * too). A byte-order mark at the start of the stream is skipped, as the text path's decoder
 * drops it. Decode a cell with `new TextDecoder('utf-8', { ignoreBOM: true })`: a cell may
 * start with U+FEFF, which the text path keeps.
 *
 * @example
 * const reader = new CsvByteReader(',', '\n');
 * const { records } = reader.push(new TextEncoder().encode('a,"b ""c"""\n'), true);
 * // records.count === 1, record 0 is cells first[0] = 0 to first[1] - 1 = 1;
 * // cell 1 is bytes starts[1] = 3 to ends[1] = 10 (exclusive), escaped[1] = 1: `b "c"`
 * @internal
 */
export class CsvByteReader {
  readonly #delimiter: number;
  readonly #newline: number;
  /** `'\n'` files may be CRLF: a record's last cell loses one trailing `\r`, as in {@link CsvReader}. */
  readonly #stripCarriageReturn: boolean;
  readonly #decoder = new TextDecoder();

  // Reused across pushes, grown by doubling: the records of a push point into them.
  #bytes = new Uint8Array(1 << 16);
  #words = new Uint32Array(this.#bytes.buffer);
  #first = new Int32Array(1 << 12);
  #starts = new Int32Array(1 << 14);
  #ends = new Int32Array(1 << 14);
  #escaped = new Uint8Array(1 << 14);

  // The record left open by the last push, still where that push read it (moved at the next
  // push, so that the last push's records stay readable until then): its bytes, its cells so far
  // and where reading resumes.
  #keepFrom = 0;
  #keepTo = 0;
  #cellsFrom = 0;
  #cellsTo = 0;
  #state = AT_CELL;
  #at = 0;
  #cellStart = 0;
  #cellEscaped = 0;

  #atStart = true;
  #handedOver = false;

  constructor(delimiter: string, newline: '\n' | '\r') {
    const code = delimiter.charCodeAt(0);
    if (delimiter.length !== 1 || code >= 0x80 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
      throw new RangeError(`delimiter must be one ASCII character, got ${JSON.stringify(delimiter)}`);
    }
    if (newline !== '\n' && newline !== '\r') throw new RangeError(`newline must be "\\n" or "\\r", got ${JSON.stringify(newline)}`);
    this.#delimiter = code;
    this.#newline = newline.charCodeAt(0);
    this.#stripCarriageReturn = newline === '\n';
  }

  /**
   * The complete non-blank records of `bytes` (with what was left open by the last push); all
   * of them when `last`. `bytes` is copied: the caller may reuse it once this returns.
   */
  push(bytes: Uint8Array, last: boolean): ByteBatch {
    if (this.#handedOver) throw new Error('CsvByteReader handed the file over to the text reader: push to that instead');
    const kept = this.#takeBack(bytes);
    const length = kept + bytes.length;
    const high = this.#hasHighByte(kept, length);
    let start = 0;
    if (this.#atStart) {
      const mark = byteOrderMark(this.#bytes, length);
      if (mark < 0 && !last) return this.#keepAll(length, high);
      this.#atStart = false;
      if (mark > 0) start = this.#at = mark;
    }
    return this.#read(start, length, last, high);
  }

  /**
   * Stops reading bytes, as a handover does: answers a copy of the bytes of the record left open
   * by the last push, from its start, for the caller to read with the rest of the file as text
   * (a file found to be Windows-1252 after all: decode.ts `untilNotUtf8`). Pushing again throws.
   */
  release(): Uint8Array {
    this.#handedOver = true;
    return this.#bytes.slice(this.#keepFrom, this.#keepTo);
  }

  /** Moves the open record to the front and appends `bytes`; answers how many bytes were kept. */
  #takeBack(bytes: Uint8Array): number {
    const from = this.#keepFrom;
    const kept = this.#keepTo - from;
    const length = kept + bytes.length;
    if (length > this.#bytes.length) {
      let size = this.#bytes.length * 2;
      while (size < length) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.#bytes.subarray(from, this.#keepTo));
      this.#bytes = grown;
      this.#words = new Uint32Array(grown.buffer);
    } else if (from > 0 && kept > 0) {
      this.#bytes.copyWithin(0, from, this.#keepTo);
    }
    this.#bytes.set(bytes, kept);
    const cellsFrom = this.#cellsFrom;
    const cells = this.#cellsTo - cellsFrom;
    const starts = this.#starts;
    const ends = this.#ends;
    const escaped = this.#escaped;
    for (let cell = 0; cell < cells; cell++) {
      starts[cell] = (starts[cellsFrom + cell] as number) - from;
      ends[cell] = (ends[cellsFrom + cell] as number) - from;
      escaped[cell] = escaped[cellsFrom + cell] as number;
    }
    this.#keepFrom = 0;
    this.#keepTo = kept;
    this.#cellsFrom = 0;
    this.#cellsTo = cells;
    this.#at -= from;
    this.#cellStart -= from;
    return kept;
  }

  /** Whether bytes `from`..`to` hold a byte >= 0x80, four at a time: this runs over every byte. */
  #hasHighByte(from: number, to: number): boolean {
    const bytes = this.#bytes;
    let any = 0;
    let at = from;
    for (; at < to && (at & 3) !== 0; at++) any |= bytes[at] as number;
    const words = this.#words;
    const wordEnd = to >> 2;
    let word = at >> 2;
    for (; word + 4 <= wordEnd; word += 4) {
      any |= (words[word] as number) | (words[word + 1] as number) | (words[word + 2] as number) | (words[word + 3] as number);
      if ((any & 0x80808080) !== 0) return true;
    }
    for (; word < wordEnd; word++) any |= words[word] as number;
    for (at = Math.max(at, wordEnd << 2); at < to; at++) any |= bytes[at] as number;
    return (any & 0x80808080) !== 0;
  }

  /** The start of the stream may be a cut byte-order mark: wait for the rest of it. */
  #keepAll(length: number, high: boolean): ByteBatch {
    this.#keepTo = length;
    this.#first[0] = 0;
    return { records: this.#records(length, 0), high, handover: null };
  }

  #records(length: number, count: number): ByteRecords {
    return { bytes: this.#bytes.subarray(0, length), count, first: this.#first, starts: this.#starts, ends: this.#ends, escaped: this.#escaped };
  }

  /**
   * The tokenizer: one pass over the bytes in plain loops, Papa Parse's rules (see the tests
   * for each): a quote opens a cell only as its first byte; `""` inside is one quote; a closing
   * quote may be followed by whitespace (String.prototype.trim's) before the delimiter or line
   * break; anything else there is handed over.
   */
  #read(start: number, length: number, last: boolean, high: boolean): ByteBatch {
    const bytes = this.#bytes;
    const delimiter = this.#delimiter;
    const newline = this.#newline;
    const strip = this.#stripCarriageReturn;
    let first = this.#first;
    let starts = this.#starts;
    let ends = this.#ends;
    let escaped = this.#escaped;
    let room = starts.length;
    let count = 0;
    let cells = this.#cellsTo;
    let recordFirst = 0;
    let recordStart = start;
    let state = this.#state;
    let at = this.#at;
    let cellStart = this.#cellStart;
    let cellEscaped = this.#cellEscaped;
    let handover = -1;
    first[0] = 0;
    for (;;) {
      if (state === AT_CELL) {
        if (at < length && bytes[at] === QUOTE) {
          state = IN_QUOTED;
          cellStart = at + 1;
          at = cellStart;
          cellEscaped = 0;
        } else if (at < length || (last && cells > recordFirst)) {
          // At the end of the file a record after a delimiter ends with an empty cell; after
          // a line break there is no record (Papa's final [''] that CsvReader drops).
          state = IN_UNQUOTED;
          cellStart = at;
          cellEscaped = 0;
        } else {
          break;
        }
      }
      let end = 0;
      let by = -1;
      if (state === IN_UNQUOTED) {
        let byte = -1;
        while (at < length) {
          byte = bytes[at] as number;
          if (byte === delimiter || byte === newline) break;
          at++;
        }
        if (at < length) {
          if (byte === delimiter) {
            // The most common cell of all, written here rather than below: ~10% faster.
            state = AT_CELL;
            if (cells === room) {
              room = this.#growCells(cells);
              starts = this.#starts;
              ends = this.#ends;
              escaped = this.#escaped;
            }
            starts[cells] = cellStart;
            ends[cells] = at++;
            escaped[cells] = 0;
            cells++;
            continue;
          }
          by = BY_LINE_BREAK;
        } else if (last) by = BY_END;
        else break;
        end = at++;
      } else {
        for (;;) {
          while (at < length && bytes[at] !== QUOTE) at++;
          if (at + 1 >= length) {
            // Cut here, or the end of the file: a quote as its last byte closes the cell; a
            // quote never closed reads to the end, its `""` left as they are (Papa does).
            if (!last) break;
            if (at < length) end = at;
            else {
              end = length;
              cellEscaped = 0;
            }
            by = BY_END;
            break;
          }
          const next = bytes[at + 1];
          if (next === QUOTE) {
            cellEscaped = 1;
            at += 2;
            continue;
          }
          end = at;
          if (next === delimiter || next === newline) {
            by = next === delimiter ? BY_DELIMITER : BY_LINE_BREAK;
            at += 2;
            break;
          }
          const after = skipSpaces(bytes, at + 1, length, delimiter, newline);
          if (after < length) {
            const byte = bytes[after];
            if (byte !== delimiter && byte !== newline) {
              handover = recordStart;
              break;
            }
            by = byte === delimiter ? BY_DELIMITER : BY_LINE_BREAK;
            at = after + 1;
            break;
          }
          // Spaces to the end: more bytes decide; at the end of the file Papa reads the cell
          // from its opening quote to the end, the closing quote and spaces included.
          if (!last) break;
          end = length;
          cellEscaped = 0;
          by = BY_END;
          break;
        }
        // Cut inside the cell (it resumes at the quote that was last looked at), or handed over.
        if (by < 0) break;
      }
      state = AT_CELL;
      if (by !== BY_DELIMITER && strip && end > cellStart && bytes[end - 1] === CARRIAGE_RETURN) end--;
      if (cells === room) {
        room = this.#growCells(cells);
        starts = this.#starts;
        ends = this.#ends;
        escaped = this.#escaped;
      }
      starts[cells] = cellStart;
      ends[cells] = end;
      escaped[cells] = cellEscaped;
      cells++;
      if (by === BY_DELIMITER) continue;
      // The record is complete: keep it unless it is blank. As in `isBlank`, a first cell that
      // starts with a visible ASCII byte decides almost every record at once; any other start
      // (a space, a character beyond ASCII such as U+00A0) is left to trim, in #isBlank.
      const firstStart = starts[recordFirst] as number;
      if (((ends[recordFirst] as number) > firstStart && isVisibleAscii(bytes[firstStart] as number)) || !this.#isBlank(recordFirst, cells)) {
        count++;
        if (count === first.length) first = this.#growFirst();
        first[count] = cells;
        recordFirst = cells;
      } else {
        cells = recordFirst;
      }
      if (by === BY_END) {
        at = length;
        recordStart = length;
        break;
      }
      recordStart = at;
    }
    return this.#finish({ length, last, high, count, cells, recordFirst, recordStart, state, at, cellStart, cellEscaped, handover });
  }

  #finish(end: ReadEnd): ByteBatch {
    const records = this.#records(end.length, end.count);
    if (end.handover >= 0) {
      this.#handedOver = true;
      return { records, high: end.high, handover: this.#bytes.slice(end.handover, end.length) };
    }
    if (end.last) {
      this.#keepFrom = this.#keepTo = this.#cellsFrom = this.#cellsTo = 0;
      this.#state = AT_CELL;
      this.#at = this.#cellStart = this.#cellEscaped = 0;
      this.#atStart = true;
      return { records, high: end.high, handover: null };
    }
    if (end.length - end.recordStart > MAX_OPEN_RECORD) throw new SyntaxError('A quoted field is never closed: check the quotes in the file.');
    this.#keepFrom = end.recordStart;
    this.#keepTo = end.length;
    this.#cellsFrom = end.recordFirst;
    this.#cellsTo = end.cells;
    this.#state = end.state;
    this.#at = end.at;
    this.#cellStart = end.cellStart;
    this.#cellEscaped = end.cellEscaped;
    return { records, high: end.high, handover: null };
  }

  /** Whether cells `from`..`to` are all empty after `trim()`: `isBlank` (csv.ts) once its first look (a visible ASCII byte first) has not decided. */
  #isBlank(from: number, to: number): boolean {
    const bytes = this.#bytes;
    for (let cell = from; cell < to; cell++) {
      const start = this.#starts[cell] as number;
      const end = this.#ends[cell] as number;
      for (let at = start; at < end; at++) {
        const byte = bytes[at] as number;
        if (byte === 32 || (byte >= 9 && byte <= 13)) continue;
        if (byte < 0x80) return false;
        // Unicode has more whitespace (U+00A0, U+3000, U+FEFF…): the rare blank-looking cell
        // with a non-ASCII character is decoded and decided by trim itself.
        if (this.#decoder.decode(bytes.subarray(start, end)).trim() !== '') return false;
        break;
      }
    }
    return true;
  }

  #growCells(cells: number): number {
    const size = cells * 2;
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    const escaped = new Uint8Array(size);
    starts.set(this.#starts);
    ends.set(this.#ends);
    escaped.set(this.#escaped);
    this.#starts = starts;
    this.#ends = ends;
    this.#escaped = escaped;
    return size;
  }

  #growFirst(): Int32Array<ArrayBuffer> {
    const first = new Int32Array(this.#first.length * 2);
    first.set(this.#first);
    this.#first = first;
    return first;
  }
}

/** Where {@link CsvByteReader} stopped reading a push. */
interface ReadEnd {
  length: number;
  last: boolean;
  high: boolean;
  count: number;
  cells: number;
  recordFirst: number;
  recordStart: number;
  state: number;
  at: number;
  cellStart: number;
  cellEscaped: number;
  handover: number;
}

/** A visible ASCII character's byte: a record starting with one is not blank. */
function isVisibleAscii(byte: number): boolean {
  return byte > 32 && byte < 127;
}
