import type { FieldDefinition } from '../schemas/importer.js';
import type { ImportValue } from './types.js';

/*
 * A field's values by row, stored so that a million rows cost a few typed arrays and a few
 * thousand strings rather than millions of heap objects (docs/importer.md: the worker holds the only
 * copy of the rows). Every garbage collection walks each live object; ten million values as JS
 * values made the collector most of a load's time and several times the file in memory.
 *
 * - numbers: a Float64Array, NaN for null (a valid cell is never NaN);
 * - booleans: a Uint8Array, 0 for null;
 * - enums: a Uint16Array of 1 + the value's position in `enumValues`, 0 for null;
 * - dates: an Int32Array holding a plain `YYYY-MM-DD` as one number, 0 for null; date-times go to
 *   a text column made when the first one comes;
 * - text (string, email, url, date): rows joined into one string per block of 256 with 16-bit
 *   end offsets, so a block is one object; the newest block is a plain array until full (small,
 *   so that the cells it holds die young, as the garbage collector expects).
 *
 * Typed storage grows a page of 65,536 rows at a time, never by copying: a doubled array leaves
 * the old one as garbage until a full collection, which for a million rows is as much again.
 *
 * A value of another type than the column's (none is ever written, but the columns do not rely on
 * it) and an edit of a sealed text block go to a small map that takes precedence.
 * @internal
 */

/** Read access to a column: what indexes and exports need. @internal */
export interface ColumnReader {
  readonly length: number;
  get(row: number): ImportValue;
}

/** @internal */
export interface ValueColumn extends ColumnReader {
  push(value: ImportValue): void;
  set(row: number, value: ImportValue): void;
  /** Every value as a plain array (allocates one per row: for small tables and exports). */
  toArray(): ImportValue[];
}

/**
 * A column whose values are codes in typed pages (numbers, booleans, enums, plain dates): the
 * importer's byte path writes a cell's code without making its value first. @internal
 */
export interface CodeColumn extends ValueColumn {
  /** Appends a row holding the value of `code` (a number's own value; booleans 1 false, 2 true; enums 1 + position; dates as {@link plainDateCode}). */
  pushCode(code: number): void;
}

/** A column of text that can take a cell's UTF-8 bytes (see {@link TextColumn}). @internal */
export interface BytesColumn extends ValueColumn {
  /** Appends a row holding the text of `bytes[start…end)`, which must not be empty. */
  pushBytes(bytes: Uint8Array, start: number, end: number): void;
}

/** The column for a field's values, by the field's type. @internal */
export function valueColumn(field: Pick<FieldDefinition, 'type' | 'enumValues'>): ValueColumn {
  if (field.type === 'number') return new NumberColumn();
  if (field.type === 'boolean') return new BooleanColumn();
  if (field.type === 'enum' && field.enumValues !== undefined && field.enumValues.length < 0xffff) return new EnumColumn(field.enumValues);
  if (field.type === 'date') return new DateColumn();
  return new TextColumn();
}

const PAGE_BITS = 16;
const PAGE_ROWS = 1 << PAGE_BITS;
const PAGE_MASK = PAGE_ROWS - 1;

abstract class BaseColumn implements ValueColumn {
  protected rows = 0;
  /** Values the typed storage cannot hold; consulted first, and only when not empty. */
  protected readonly others = new Map<number, ImportValue>();

  get length(): number {
    return this.rows;
  }

  abstract push(value: ImportValue): void;
  abstract set(row: number, value: ImportValue): void;
  protected abstract stored(row: number): ImportValue;

  get(row: number): ImportValue {
    if (row < 0 || row >= this.rows) return null;
    if (this.others.size > 0) {
      const other = this.others.get(row);
      if (other !== undefined) return other;
    }
    return this.stored(row);
  }

  toArray(): ImportValue[] {
    const values = new Array<ImportValue>(this.rows);
    for (let row = 0; row < this.rows; row++) values[row] = this.get(row);
    return values;
  }
}

type Page = Float64Array | Int32Array | Uint8Array | Uint16Array;

/** Values kept as one number per row in typed pages: each kind says how a value is encoded. */
abstract class PagedColumn<P extends Page> extends BaseColumn {
  readonly #pages: P[] = [];
  /** The code of null, also written for a value the pages cannot hold (kept in `others`). */
  protected abstract readonly nullCode: number;
  protected abstract newPage(size: number): P;
  /** The code of a non-null value, or undefined when the pages cannot hold it. */
  protected abstract encode(value: ImportValue): number | undefined;
  protected abstract decode(code: number): ImportValue;

  push(value: ImportValue): void {
    const row = this.rows++;
    if ((row & PAGE_MASK) === 0) this.#pages.push(this.newPage(PAGE_ROWS));
    this.#write(row, value);
  }

  pushCode(code: number): void {
    const row = this.rows++;
    if ((row & PAGE_MASK) === 0) this.#pages.push(this.newPage(PAGE_ROWS));
    (this.#pages[row >> PAGE_BITS] as P)[row & PAGE_MASK] = code;
  }

  set(row: number, value: ImportValue): void {
    if (row < 0 || row >= this.rows) throw new RangeError(`row ${row} is not in the column`);
    this.others.delete(row);
    this.#write(row, value);
  }

  protected stored(row: number): ImportValue {
    return this.decode((this.#pages[row >> PAGE_BITS] as P)[row & PAGE_MASK] as number);
  }

  #write(row: number, value: ImportValue): void {
    const code = value === null ? undefined : this.encode(value);
    (this.#pages[row >> PAGE_BITS] as P)[row & PAGE_MASK] = code ?? this.nullCode;
    if (code === undefined && value !== null) this.others.set(row, value);
  }
}

/** Numbers as Float64, NaN for null (a valid cell is never NaN). */
class NumberColumn extends PagedColumn<Float64Array> {
  protected readonly nullCode = Number.NaN;

  protected newPage(size: number): Float64Array {
    return new Float64Array(size);
  }

  protected encode(value: ImportValue): number | undefined {
    return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
  }

  protected decode(code: number): ImportValue {
    return Number.isNaN(code) ? null : code;
  }
}

const NULL = 0;
const FALSE = 1;
const TRUE = 2;

class BooleanColumn extends PagedColumn<Uint8Array> {
  protected readonly nullCode = NULL;

  protected newPage(size: number): Uint8Array {
    return new Uint8Array(size);
  }

  protected encode(value: ImportValue): number | undefined {
    return value === true ? TRUE : value === false ? FALSE : undefined;
  }

  protected decode(code: number): ImportValue {
    return code === NULL ? null : code === TRUE;
  }
}

/** Values of a fixed list, as 1 + their position in it. */
class EnumColumn extends PagedColumn<Uint16Array> {
  protected readonly nullCode = 0;
  readonly #codes = new Map<string, number>();

  constructor(private readonly values: readonly string[]) {
    super();
    // The first of two equal values wins, so a value always reads back as itself.
    values.forEach((value, i) => {
      if (!this.#codes.has(value)) this.#codes.set(value, i + 1);
    });
  }

  protected newPage(size: number): Uint16Array {
    return new Uint16Array(size);
  }

  protected encode(value: ImportValue): number | undefined {
    return typeof value === 'string' ? this.#codes.get(value) : undefined;
  }

  protected decode(code: number): ImportValue {
    return code === 0 ? null : (this.values[code - 1] as string);
  }
}

/**
 * Dates as 4 bytes a row rather than a 10-character text: a plain `YYYY-MM-DD` — most date cells —
 * is `(year << 9) | (month << 5) | day`, 0 for null, and reads back as the same text. Anything
 * else (a date-time keeps its text: it is lossless) goes to a text column made when the first one
 * comes, holding null for the plain rows.
 */
class DateColumn extends PagedColumn<Int32Array> {
  protected readonly nullCode = 0;
  #texts: TextColumn | undefined;

  override push(value: ImportValue): void {
    if (value === null || plainDateCode(value) !== undefined) {
      super.push(value);
      this.#texts?.push(null);
      return;
    }
    this.#textsForRows().push(value);
    super.push(null);
  }

  override pushCode(code: number): void {
    super.pushCode(code);
    this.#texts?.push(null);
  }

  override set(row: number, value: ImportValue): void {
    if (value === null || plainDateCode(value) !== undefined) {
      super.set(row, value);
      this.#texts?.set(row, null);
      return;
    }
    super.set(row, null);
    this.#textsForRows().set(row, value);
  }

  protected override stored(row: number): ImportValue {
    return super.stored(row) ?? this.#texts?.get(row) ?? null;
  }

  protected newPage(size: number): Int32Array {
    return new Int32Array(size);
  }

  protected encode(value: ImportValue): number | undefined {
    return plainDateCode(value);
  }

  protected decode(code: number): ImportValue {
    if (code === 0) return null;
    const year = code >>> 9;
    const month = (code >>> 5) & 15;
    const day = code & 31;
    return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
  }

  /** The text column, made with a null for every row so far. */
  #textsForRows(): TextColumn {
    if (this.#texts === undefined) {
      const texts = new TextColumn();
      for (let row = 0; row < this.rows; row++) texts.push(null);
      this.#texts = texts;
    }
    return this.#texts;
  }
}

/** The code of a plain `YYYY-MM-DD` with a month 1–12 and a day 1–31 (so that it reads back the same), else undefined. @internal */
export function plainDateCode(value: ImportValue): number | undefined {
  if (typeof value !== 'string' || value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return undefined;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return undefined;
    year = year * 10 + digit;
  }
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return (year << 9) | (month << 5) | day;
}

function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

const BLOCK_BITS = 8;
const BLOCK_ROWS = 1 << BLOCK_BITS;

/** Marks a row of the open block whose text is still bytes in `#openBytes`. */
const IN_BYTES = undefined;

// `ignoreBOM`: a U+FEFF at the start of a cell is text, as it is to the file's own decoder.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Text values. Row r's text is `blocks[r >> 8].slice(start, end)`, where `end` is `ends[r]` and
 * `start` the end of the row before it in the block (0 for the first). Ends are 16-bit — a block's
 * text is rarely 64K characters long; one that is keeps 32-bit ends of its own. An empty range is
 * null: text values are never empty (an empty cell is null), and an empty string that is pushed
 * all the same goes to `others` like any other odd value.
 *
 * The open block takes strings or, from the importer's byte path, UTF-8 bytes, copied into one
 * buffer: a block of ASCII cells (nearly all of them) becomes its string in one decode when it is
 * sealed, so a million cells never become a million strings.
 */
export class TextColumn extends BaseColumn implements BytesColumn {
  readonly #blocks: string[] = [];
  /** Pages of ends, by row. */
  readonly #ends: Uint16Array[] = [];
  /** The ends of blocks whose text does not fit 16 bits, by block. */
  readonly #wideEnds = new Map<number, Int32Array>();
  /** The rows of the block being filled, as given (`IN_BYTES` for bytes): its first `rows % BLOCK_ROWS` slots. */
  #open: (ImportValue | typeof IN_BYTES)[] = newBlock();
  /** The open block's end offsets, worked out as it is sealed. */
  readonly #openEnds = new Int32Array(BLOCK_ROWS);
  /** The bytes of the open block's rows given as bytes, in order, and where each row's start and end. */
  #openBytes = new Uint8Array(4096);
  #openBytesUsed = 0;
  readonly #byteStarts = new Int32Array(BLOCK_ROWS);
  readonly #byteEnds = new Int32Array(BLOCK_ROWS);
  /** The bits of every byte in `#openBytes`: below 0x80 when they are all ASCII. */
  #openByteBits = 0;

  push(value: ImportValue): void {
    this.#open[this.rows++ & (BLOCK_ROWS - 1)] = value;
    if ((this.rows & (BLOCK_ROWS - 1)) === 0) this.#seal();
  }

  pushBytes(bytes: Uint8Array, start: number, end: number): void {
    const length = end - start;
    let at = this.#openBytesUsed;
    if (at + length > this.#openBytes.length) this.#growBytes(at + length);
    const target = this.#openBytes;
    let bits = this.#openByteBits;
    const slot = this.rows & (BLOCK_ROWS - 1);
    this.#byteStarts[slot] = at;
    for (let i = start; i < end; i++) {
      const byte = bytes[i] as number;
      target[at++] = byte;
      bits |= byte;
    }
    this.#byteEnds[slot] = at;
    this.#openBytesUsed = at;
    this.#openByteBits = bits;
    this.#open[slot] = IN_BYTES;
    this.rows += 1;
    if ((this.rows & (BLOCK_ROWS - 1)) === 0) this.#seal();
  }

  set(row: number, value: ImportValue): void {
    if (row < 0 || row >= this.rows) throw new RangeError(`row ${row} is not in the column`);
    if (row >> BLOCK_BITS === this.#blocks.length) {
      this.#open[row & (BLOCK_ROWS - 1)] = value;
      return;
    }
    // A sealed block is never rewritten: edits are few, and each would copy the block.
    this.others.set(row, value);
  }

  protected stored(row: number): ImportValue {
    const block = row >> BLOCK_BITS;
    if (block === this.#blocks.length) return this.#openValue(row & (BLOCK_ROWS - 1));
    const inBlock = row & (BLOCK_ROWS - 1);
    const wide = this.#wideEnds.size > 0 ? this.#wideEnds.get(block) : undefined;
    let start: number;
    let end: number;
    if (wide !== undefined) {
      end = wide[inBlock] as number;
      start = inBlock === 0 ? 0 : (wide[inBlock - 1] as number);
    } else {
      // A block never spans two pages.
      const ends = this.#ends[row >> PAGE_BITS] as Uint16Array;
      end = ends[row & PAGE_MASK] as number;
      start = inBlock === 0 ? 0 : (ends[(row - 1) & PAGE_MASK] as number);
    }
    return start === end ? null : (this.#blocks[block] as string).slice(start, end);
  }

  #openValue(slot: number): ImportValue {
    const value = this.#open[slot];
    if (value !== IN_BYTES) return value as ImportValue;
    return utf8.decode(this.#openBytes.subarray(this.#byteStarts[slot] as number, this.#byteEnds[slot] as number));
  }

  #growBytes(needed: number): void {
    let size = this.#openBytes.length * 2;
    while (size < needed) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.#openBytes.subarray(0, this.#openBytesUsed));
    this.#openBytes = grown;
  }

  #seal(): void {
    const block = this.#blocks.length;
    const first = block << BLOCK_BITS;
    if ((first & PAGE_MASK) === 0) this.#ends.push(new Uint16Array(PAGE_ROWS));
    const text = this.#openBytesUsed > 0 && this.#openByteBits < 0x80 ? this.#asciiBlock() : this.#joinedBlock();
    const ends = this.#openEnds;
    if (text.length <= 0xffff) (this.#ends[first >> PAGE_BITS] as Uint16Array).set(ends, first & PAGE_MASK);
    else this.#wideEnds.set(block, ends.slice());
    this.#blocks.push(text);
    this.#open = newBlock();
    this.#openBytesUsed = 0;
    this.#openByteBits = 0;
  }

  /**
   * The text of a block whose rows are ASCII bytes or null, in one decode (ASCII: a character a
   * byte, so the byte ends are the text's). Any other row (a string, an edit) makes it
   * {@link #joinedBlock}'s work.
   */
  #asciiBlock(): string {
    const open = this.#open;
    const ends = this.#openEnds;
    let end = 0;
    for (let i = 0; i < BLOCK_ROWS; i++) {
      const value = open[i];
      if (value === IN_BYTES) {
        // Bytes left behind by an edit of an earlier row would shift every later end.
        if (this.#byteStarts[i] !== end) return this.#joinedBlock();
        end = this.#byteEnds[i] as number;
      } else if (value !== null) {
        return this.#joinedBlock();
      }
      ends[i] = end;
    }
    return utf8.decode(this.#openBytes.subarray(0, end));
  }

  /** The text of a block of strings (rows given as bytes decoded one by one), joined. */
  #joinedBlock(): string {
    const first = this.#blocks.length << BLOCK_BITS;
    const open = this.#open;
    const ends = this.#openEnds;
    let end = 0;
    for (let i = 0; i < BLOCK_ROWS; i++) {
      const value = open[i] === IN_BYTES ? this.#openValue(i) : (open[i] as ImportValue);
      if (typeof value === 'string' && value !== '') {
        open[i] = value;
        end += value.length;
      } else {
        // `join` writes null as nothing; anything else (an empty string too) is kept aside.
        if (value !== null) this.others.set(first + i, value);
        open[i] = null;
      }
      ends[i] = end;
    }
    return open.join('');
  }
}

/** An open text block: every slot there from the start, so filling it never grows it. */
function newBlock(): (ImportValue | typeof IN_BYTES)[] {
  return new Array<ImportValue>(BLOCK_ROWS).fill(null);
}
