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

  start(name: string, tag: string): void {
    switch (name) {
      case 'c': {
        if (this.#row === undefined) return;
        this.#cell = true;
        const ref = refAttribute(tag);
        this.#column = ref < 0 ? this.#row.length : ref;
        this.#type = typeAttribute(tag);
        this.#style = styleAttribute(tag);
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
        if (this.#cell) this.#place();
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

/** The 0-based column of a cell's `r` (`C7` is 2), or -1 without one. */
function refAttribute(tag: string): number {
  const at = valueAt(tag, ' r=');
  if (at < 0) return -1;
  let column = 0;
  for (let i = at; i < tag.length; i++) {
    const code = tag.charCodeAt(i) | 0x20;
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
  }
  return column - 1;
}

const TYPE_NUMBER = 0;
const TYPE_SHARED = 1;
const TYPE_BOOLEAN = 2;
const TYPE_ERROR = 3;
const TYPE_DATE = 4;
const TYPE_TEXT = 5;

/** A cell's `t`, read without making a string of it: `n` (or none), `s`, `b`, `e`, `d`; `str`, `inlineStr` and others are text. */
function typeAttribute(tag: string): number {
  const at = valueAt(tag, ' t=');
  if (at < 0) return TYPE_NUMBER;
  const second = tag.charCodeAt(at + 1);
  if (second !== 34 && second !== 39) return TYPE_TEXT;
  switch (tag.charCodeAt(at)) {
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

function styleAttribute(tag: string): number {
  const at = valueAt(tag, ' s=');
  if (at < 0) return 0;
  let style = 0;
  for (let i = at; i < tag.length; i++) {
    const digit = tag.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    style = style * 10 + digit;
  }
  return style;
}

/**
 * Where the value of a cell's one-letter attribute starts (after its quote), or -1. A cell's
 * start tag holds only `r`, `s`, `t`, `cm`, `vm` and `ph`, none with a space, `=` or quote in its
 * value, so the plain search cannot land inside another attribute's value.
 */
function valueAt(tag: string, key: string): number {
  const at = tag.indexOf(key);
  if (at >= 0) return at + key.length + 1;
  // Tabs or line breaks between attributes, or spaces around `=`: rare, read the slow way.
  if (tag.indexOf('\t') < 0 && tag.indexOf('\n') < 0 && tag.indexOf('\r') < 0 && tag.indexOf(' =') < 0 && tag.indexOf('= ') < 0) return -1;
  const loose = LOOSE[key]?.exec(tag);
  return loose === null || loose === undefined ? -1 : loose.index + loose[0].length;
}

const LOOSE: Readonly<Record<string, RegExp>> = { ' r=': /\sr\s*=\s*["']/, ' t=': /\st\s*=\s*["']/, ' s=': /\ss\s*=\s*["']/ };
