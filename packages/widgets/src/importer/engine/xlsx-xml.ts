/**
 * A small streaming XML tokenizer for the few SpreadsheetML parts the importer reads (sheets,
 * shared strings, styles, the workbook and its relationships): start and end tags by local name
 * (namespace prefixes dropped), attributes read on demand, and text only where the reader asks
 * for it. Comments, processing instructions and the doctype are skipped; CDATA is text. Not a
 * validating parser: a workbook is machine-written XML (docs/decisions.md).
 * @internal
 */

/** What the tokenizer reports to. */
export interface XmlSink {
  /**
   * A start tag, or an empty-element tag when `empty`: its attributes are `source` from `from` to
   * `to` (read them with {@link attribute}; passed as a range so the hot path of a sheet makes no
   * string of each tag).
   */
  start(name: string, source: string, from: number, to: number, empty: boolean): void;
  end(name: string): void;
  /** Raw text (entities still escaped), only while {@link wantsText} is true; may come in several calls. */
  text(raw: string): void;
  readonly wantsText: boolean;
}

export class XmlTokenizer {
  #rest = '';

  constructor(private readonly sink: XmlSink) {}

  /** Reads a piece of the document; an unfinished tag is kept for the next piece. */
  push(piece: string): void {
    const s = this.#rest === '' ? piece : this.#rest + piece;
    const sink = this.sink;
    const length = s.length;
    let at = 0;
    while (at < length) {
      const lt = s.indexOf('<', at);
      if (lt < 0) {
        if (sink.wantsText) sink.text(s.slice(at));
        at = length;
        break;
      }
      if (lt > at && sink.wantsText) sink.text(s.slice(at, lt));
      const next = s.charCodeAt(lt + 1);
      if (next === 33 /* ! */ || next === 63 /* ? */) {
        const end = this.#special(s, lt);
        if (end < 0) {
          at = lt;
          break;
        }
        at = end;
        continue;
      }
      const gt = tagEnd(s, lt + 1);
      if (gt < 0) {
        at = lt;
        break;
      }
      if (next === 47 /* / */) {
        sink.end(localName(s, lt + 2, gt));
      } else {
        const empty = s.charCodeAt(gt - 1) === 47;
        const name = localName(s, lt + 1, gt);
        sink.start(name, s, lt + 1, empty ? gt - 1 : gt, empty);
        if (empty) sink.end(name);
      }
      at = gt + 1;
    }
    this.#rest = at < length ? s.slice(at) : '';
  }

  /** Comments, CDATA, processing instructions and the doctype: the index after them, or -1 when they end in a later piece. */
  #special(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end < 0) return -1;
      // Text as written: escaped here so that the reader's one unescaping gives it back.
      if (this.sink.wantsText) this.sink.text(s.slice(lt + 9, end).replace(/&/g, '&amp;').replace(/</g, '&lt;'));
      return end + 3;
    }
    const end = tagEnd(s, lt + 1);
    return end < 0 ? -1 : end + 1;
  }
}

/** The index of the `>` closing a tag that starts at `from`, skipping quoted attribute values; -1 if not in `s`. */
function tagEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code === 62 /* > */) return i;
    if (code === 34 /* " */ || code === 39 /* ' */) {
      const close = s.indexOf(code === 34 ? '"' : "'", i + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

/**
 * The name of a tag without its namespace prefix (`x:row` is `row`). A sheet's own names (`c`,
 * `v`, `row`, `t`, `is`) are constants: a sheet has millions of tags, and a string for each
 * would keep the garbage collector busy.
 */
function localName(s: string, from: number, to: number): string {
  let end = from;
  let start = from;
  while (end < to) {
    const code = s.charCodeAt(end);
    if (code <= 32 || code === 47 || code === 62) break;
    if (code === 58 /* : */) start = end + 1;
    end++;
  }
  const first = s.charCodeAt(start);
  switch (end - start) {
    case 1:
      if (first === 99) return 'c';
      if (first === 118) return 'v';
      if (first === 116) return 't';
      if (first === 114) return 'r';
      break;
    case 2:
      if (first === 105 && s.charCodeAt(start + 1) === 115) return 'is';
      if (first === 115 && s.charCodeAt(start + 1) === 105) return 'si';
      break;
    case 3:
      if (first === 114 && s.charCodeAt(start + 1) === 111 && s.charCodeAt(start + 2) === 119) return 'row';
      break;
  }
  return s.slice(start, end);
}

/**
 * The value of an attribute of a start tag, unescaped, or `undefined`. The name is matched
 * whole as written (`r:id`), or, with `anyPrefix`, after whatever prefix it has (`id` matches
 * `r:id` and `ns2:id`: a prefix is only the writer's choice).
 */
export function attribute(tag: string, name: string, anyPrefix = false): string | undefined {
  const length = tag.length;
  let at = 0;
  // Past the element's name.
  while (at < length && tag.charCodeAt(at) > 32) at++;
  for (;;) {
    while (at < length && tag.charCodeAt(at) <= 32) at++;
    if (at >= length) return undefined;
    const nameStart = at;
    while (at < length && tag.charCodeAt(at) > 32 && tag.charCodeAt(at) !== 61 /* = */) at++;
    const nameEnd = at;
    while (at < length && tag.charCodeAt(at) <= 32) at++;
    if (tag.charCodeAt(at) !== 61) return undefined;
    at++;
    while (at < length && tag.charCodeAt(at) <= 32) at++;
    const mark = tag[at];
    if (mark !== '"' && mark !== "'") return undefined;
    const close = tag.indexOf(mark, at + 1);
    if (close < 0) return undefined;
    const size = nameEnd - nameStart;
    if (
      (size === name.length && tag.startsWith(name, nameStart)) ||
      (anyPrefix && size > name.length && tag.charCodeAt(nameEnd - name.length - 1) === 58 /* : */ && tag.startsWith(name, nameEnd - name.length))
    ) {
      const value = tag.slice(at + 1, close);
      return value.includes('&') ? unescapeXml(value) : value;
    }
    at = close + 1;
  }
}

const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|([a-z]+));/g;

/** Text with XML's five named entities and character references replaced. */
export function unescapeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex: string | undefined, decimal: string | undefined, named: string | undefined) => {
    if (named !== undefined) return NAMED[named] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const OOXML_ESCAPE = /_x([0-9a-fA-F]{4})_/g;

/**
 * SpreadsheetML's own escape of characters XML cannot hold, `_xHHHH_` (`_x000D_` is a carriage
 * return; `_x005F_` escapes a literal underscore before what would read as an escape).
 */
export function unescapeOoxml(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(OOXML_ESCAPE, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The text of a string part (`<t>`, `<v>` of a formula string): XML and SpreadsheetML escapes undone. */
export function stringText(raw: string): string {
  return unescapeOoxml(unescapeXml(raw));
}
