import { FileRefusedError } from './file-kind.js';
import { formattedText, isoCellText, KIND_NUMBER } from './xlsx-formats.js';
import { stringText, unescapeXml, type XmlSink } from './xlsx-xml.js';

/** What a sheet's cells are read with: the workbook's shared strings, styles and date system. @internal */
export interface SheetContext {
  readonly sharedStrings: readonly string[];
  /** The format kind (xlsx-formats.ts) of each cell style, by the cell's `s`. */
  readonly styleKinds: readonly number[];
  readonly date1904: boolean;
}

/**
 * Turns a worksheet's XML, fed piece by piece through the tokenizer, into rows of cell text as
 * the sheet shows them (docs/importer.md): shared and inline strings (rich text runs joined,
 * phonetic runs left out), numbers to 15 significant digits, dates and times without a time
 * zone, percentages with `%`, booleans as `true`/`false`, errors as their text (`#DIV/0!`).
 * Cells are placed by their `r` reference, so skipped columns are empty cells.
 * @internal
 */
export class SheetRows implements XmlSink {
  wantsText = false;
  #rows: string[][] = [];
  #row: string[] | undefined;
  #column = 0;
  #type = TYPE_NUMBER;
  #style = 0;
  #text = '';
  #inline = false;
  #phonetic = false;
  #cell = false;

  constructor(private readonly context: SheetContext) {}

  /** The rows completed since the last call. */
  take(): string[][] {
    const rows = this.#rows;
    this.#rows = [];
    return rows;
  }

  /** A row left open by a truncated sheet. */
  finish(): void {
    if (this.#row !== undefined) this.#rows.push(this.#row);
    this.#row = undefined;
  }

  start(name: string, source: string, from: number, to: number): void {
    switch (name) {
      case 'c': {
        if (this.#row === undefined) return;
        this.#cell = true;
        this.#column = this.#row.length;
        this.#type = TYPE_NUMBER;
        this.#style = 0;
        this.#cellAttributes(source, from, to);
        this.#text = '';
        return;
      }
      case 'v':
        if (this.#cell) {
          this.#text = '';
          this.wantsText = true;
        }
        return;
      case 't':
        if (this.#inline && !this.#phonetic) this.wantsText = true;
        return;
      case 'is':
        this.#inline = true;
        return;
      case 'rPh':
        this.#phonetic = true;
        return;
      case 'row':
        this.#row = [];
        return;
    }
  }

  end(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.wantsText = false;
        return;
      case 'c':
        // Not after its row ended: a damaged sheet's tags may come in any order.
        if (this.#cell && this.#row !== undefined) this.#place();
        this.#cell = false;
        return;
      case 'is':
        this.#inline = false;
        return;
      case 'rPh':
        this.#phonetic = false;
        return;
      case 'row':
        if (this.#row !== undefined) this.#rows.push(this.#row);
        this.#row = undefined;
        return;
    }
  }

  text(raw: string): void {
    this.#text = this.#text === '' ? raw : this.#text + raw;
  }

  /**
   * Reads a cell's `r` (its column: `C7` is 2), `t` and `s` in one pass over its start tag,
   * without making a string of any: a sheet has millions of cells.
   */
  #cellAttributes(s: string, from: number, to: number): void {
    let at = from;
    // Past the element's name (`c`, or `x:c`).
    while (at < to && s.charCodeAt(at) > 32) at++;
    while (at < to) {
      // The attribute's name: its first character and whether it is that one character alone.
      while (at < to && s.charCodeAt(at) <= 32) at++;
      const first = s.charCodeAt(at);
      const nameStart = at;
      while (at < to && s.charCodeAt(at) > 32 && s.charCodeAt(at) !== 61 /* = */) at++;
      const single = at - nameStart === 1;
      while (at < to && s.charCodeAt(at) !== 34 && s.charCodeAt(at) !== 39) at++;
      const quote = s.charCodeAt(at);
      const valueStart = at + 1;
      at = valueStart;
      while (at < to && s.charCodeAt(at) !== quote) at++;
      if (single) {
        if (first === 114 /* r */) this.#column = columnOf(s, valueStart, at, this.#column);
        else if (first === 116 /* t */) this.#type = typeOf(s, valueStart, at);
        else if (first === 115 /* s */) this.#style = digitsOf(s, valueStart, at);
      }
      at++;
    }
  }

  #place(): void {
    const row = this.#row as string[];
    const value = this.#value();
    if (value === '') return;
    const column = this.#column;
    while (row.length < column) row.push('');
    row[column] = value;
  }

  #value(): string {
    const raw = this.#text;
    switch (this.#type) {
      case TYPE_NUMBER: {
        if (raw === '') return '';
        const kind = this.context.styleKinds[this.#style] ?? KIND_NUMBER;
        return formattedText(raw, kind, this.context.date1904);
      }
      case TYPE_SHARED:
        return this.context.sharedStrings[Number(raw)] ?? '';
      case TYPE_BOOLEAN:
        return raw === '' ? '' : raw.trim() === '1' ? 'true' : 'false';
      case TYPE_ERROR:
        return unescapeXml(raw).trim();
      case TYPE_DATE:
        return raw === '' ? '' : isoCellText(raw);
      default:
        // Inline strings, formula strings and any type this reader does not know: text as written.
        return stringText(raw);
    }
  }
}

const TYPE_NUMBER = 0;
const TYPE_SHARED = 1;
const TYPE_BOOLEAN = 2;
const TYPE_ERROR = 3;
const TYPE_DATE = 4;
const TYPE_TEXT = 5;

/** Excel's last column, XFD: a sheet has no cell past it. */
const MAX_COLUMNS = 16_384;

/**
 * The 0-based column of a reference (`C7` is 2; `AA1` is 26), or `fallback` when it has no
 * letters. A reference past XFD is refused: no spreadsheet writes one, and its row would be
 * filled with empty cells up to it.
 */
function columnOf(s: string, from: number, to: number, fallback: number): number {
  let column = 0;
  for (let i = from; i < to; i++) {
    const code = s.charCodeAt(i) | 0x20;
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
    if (column > MAX_COLUMNS) throw new FileRefusedError('damaged_zip', `Its sheet has a cell past the last column (XFD), ${s.slice(from, Math.min(to, from + 24))}.`);
  }
  return column === 0 ? fallback : column - 1;
}

function digitsOf(s: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = s.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

/** A cell's `t`: `n` (or none), `s`, `b`, `e`, `d`; `str`, `inlineStr` and any other are text. */
function typeOf(s: string, from: number, to: number): number {
  if (to - from !== 1) return TYPE_TEXT;
  switch (s.charCodeAt(from)) {
    case 110 /* n */:
      return TYPE_NUMBER;
    case 115 /* s */:
      return TYPE_SHARED;
    case 98 /* b */:
      return TYPE_BOOLEAN;
    case 101 /* e */:
      return TYPE_ERROR;
    case 100 /* d */:
      return TYPE_DATE;
    default:
      return TYPE_TEXT;
  }
}
