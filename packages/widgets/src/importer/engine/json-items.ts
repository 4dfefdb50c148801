/**
 * The items of a JSON file read as a stream (docs/importer.md, "JSON and NDJSON files"): one array
 * of objects (`[{…}, {…}]`), or objects one after another — one per line (NDJSON, JSON Lines) or
 * spread over lines. Text comes in pieces; each complete item is parsed with `JSON.parse` (native,
 * and the syntax check), so the file is never one string and never parsed whole
 * (docs/decisions.md, "Importer: JSON read as a stream").
 * @internal
 */

/** An item whose text never ends (an unclosed string or object) is given this much text before the file is refused. */
export const MAX_ITEM_CHARS = 32 * 1024 * 1024;

import type { JsonLayout } from './json-layout.js';

/** Characters that open or close a value, or start a string. */
const STRUCTURE = /[{}[\]"]/g;

/** A JSON file that cannot be read: `message` says where and why, for the user. */
export class JsonFileError extends SyntaxError {
  override readonly name = 'JsonFileError';
}

/** Splits text pieces into parsed items; {@link push} answers the items each piece completes. */
export class JsonItems {
  readonly #layout: JsonLayout;
  /** Text of the item not yet complete (and what follows it in the last piece). */
  #rest = '';
  /** Items answered so far, for messages. */
  #count = 0;
  /** Array layout: the opening `[` was read; then the closing `]`. */
  #opened = false;
  #closed = false;
  /** The kept text starts with an item whose gap before it was checked already. */
  #resuming = false;

  /** `counted`: items of the file read before this reader's first (by another reader), for messages. */
  constructor(layout: JsonLayout, counted = 0) {
    this.#layout = layout;
    this.#count = counted;
  }

  /** The items `text` completes (with what was left of the previous piece); all of them when `last`. */
  push(text: string, last: boolean): unknown[] {
    const input = this.#rest === '' ? text : this.#rest + text;
    const items: unknown[] = [];
    const used = this.#layout === 'lines' ? this.#lines(input, last, items) : this.#scan(input, items);
    this.#rest = input.slice(used);
    if (this.#rest.length > MAX_ITEM_CHARS) throw unendedItem(this.#count + 1);
    if (last) this.#finish();
    return items;
  }

  /** NDJSON: one item per line; blank lines are skipped. Answers how much of `input` was used. */
  #lines(input: string, last: boolean, items: unknown[]): number {
    let start = 0;
    for (;;) {
      let end = input.indexOf('\n', start);
      if (end < 0) {
        if (!last) return start;
        end = input.length;
      }
      const line = input.slice(start, end);
      if (line.trim() !== '') items.push(this.#parse(line));
      start = end + 1;
      if (start > input.length) return input.length;
    }
  }

  /** An array, or objects one after another: items are cut where their brackets close. */
  #scan(input: string, items: unknown[]): number {
    const array = this.#layout === 'array';
    let depth = 0;
    let itemStart = -1;
    let used = 0;
    STRUCTURE.lastIndex = 0;
    for (let match = STRUCTURE.exec(input); match !== null; match = STRUCTURE.exec(input)) {
      const at = match.index;
      const char = input.charCodeAt(at);
      if (char === 34 /* " */) {
        const end = closingQuote(input, at + 1);
        if (end < 0) return this.#keep(itemStart, used);
        STRUCTURE.lastIndex = end + 1;
        continue;
      }
      const opens = char === 123 /* { */ || char === 91; /* [ */
      if (array && !this.#opened) {
        this.#between(input.slice(used, at), 'start');
        if (char !== 91) throw new JsonFileError('The file does not start with a list of objects.');
        this.#opened = true;
        used = at + 1;
        continue;
      }
      if (this.#closed) throw new JsonFileError('The file goes on after its list of objects ends.');
      if (opens) {
        if (depth === 0) {
          if (this.#resuming && at === 0) this.#resuming = false;
          else this.#between(input.slice(used, at), 'item');
          if (char !== 123) throw new JsonFileError(`Item ${this.#count + 1} of the file is not an object.`);
          itemStart = at;
        }
        depth += 1;
        continue;
      }
      if (depth === 0) {
        // A closing bracket outside any item: the end of the array.
        this.#between(input.slice(used, at), 'end');
        if (!array || char !== 93) throw new JsonFileError(`Item ${this.#count + 1} of the file has a closing bracket without an opening one.`);
        this.#closed = true;
        used = at + 1;
        continue;
      }
      depth -= 1;
      if (depth === 0) {
        items.push(this.#parse(input.slice(itemStart, at + 1)));
        itemStart = -1;
        used = at + 1;
      }
    }
    return this.#keep(itemStart, used);
  }

  /** Where the kept text starts: at the open item (whose gap is checked), else after what was used. */
  #keep(itemStart: number, used: number): number {
    this.#resuming = itemStart >= 0;
    return itemStart >= 0 ? itemStart : used;
  }

  /** Checks the text between two items: spaces, and in an array one comma (none before the first item or the end). */
  #between(gap: string, before: 'start' | 'item' | 'end'): void {
    const trimmed = gap.trim();
    if (trimmed === '') {
      if (this.#layout === 'array' && before === 'item' && this.#count > 0) throw new JsonFileError(`A comma is missing before item ${this.#count + 1} of the file.`);
      return;
    }
    const comma = this.#layout === 'array' && trimmed === ',' && before === 'item' && this.#count > 0;
    if (!comma) throw new JsonFileError(`Item ${this.#count + (before === 'end' ? 0 : 1)} of the file is not an object: it has ${JSON.stringify(trimmed.replace(/^,\s*/, '').slice(0, 40))} where an object should be.`);
  }

  #parse(text: string): unknown {
    this.#count += 1;
    return parseItem(text, this.#count);
  }

  #finish(): void {
    const rest = this.#rest.trim();
    this.#rest = '';
    if (this.#layout === 'array' && !this.#closed) throw new JsonFileError('The file ends before its list of objects is closed with ]: it may be cut short.');
    if (rest !== '') throw new JsonFileError(`The file ends inside item ${this.#count + 1}: it may be cut short.`);
  }
}

/** The `number`th item of the file, parsed; a {@link JsonFileError} saying which item when it is not valid JSON. */
export function parseItem(text: string, number: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new JsonFileError(`Item ${number} of the file is not valid JSON (${(error as Error).message}).`);
  }
}

/** The error of an item whose text goes on past {@link MAX_ITEM_CHARS}. */
export function unendedItem(number: number): JsonFileError {
  return new JsonFileError(`Item ${number} of the file never ends: check its brackets and quotes.`);
}

/** The index of the quote that closes a string whose text starts at `from`, or -1 when the text ends first. */
function closingQuote(text: string, from: number): number {
  for (let at = text.indexOf('"', from); at >= 0; at = text.indexOf('"', at + 1)) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92 /* \ */) slashes += 1;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}
