import { formatKind, KIND_NUMBER } from './xlsx-formats.js';
import { attribute, stringText, type XmlSink } from './xlsx-xml.js';

/**
 * Readers of a workbook's parts other than its sheets (docs/importer.md): the shared strings, the
 * styles' number formats, the workbook's sheets and date system, and the relationships that say
 * which file is which.
 * @internal
 */

/** The shared strings (`sst`): each `<si>`'s text runs joined, phonetic runs (`rPh`) left out. */
export class SharedStrings implements XmlSink {
  readonly strings: string[] = [];
  wantsText = false;
  #text = '';
  #phonetic = false;

  start(name: string): void {
    if (name === 'si') this.#text = '';
    else if (name === 't') this.wantsText = !this.#phonetic;
    else if (name === 'rPh') this.#phonetic = true;
  }

  end(name: string): void {
    if (name === 't') this.wantsText = false;
    else if (name === 'rPh') this.#phonetic = false;
    else if (name === 'si') this.strings.push(stringText(this.#text));
  }

  text(raw: string): void {
    this.#text += raw;
  }
}

/** The number format kind of each cell style (`cellXfs`), from the built-in ids and the workbook's own `numFmts`. */
export class Styles implements XmlSink {
  readonly kinds: number[] = [];
  readonly wantsText = false;
  readonly #codes = new Map<number, string>();
  #inCellXfs = false;

  start(name: string, source: string, from: number, to: number): void {
    const tag = source.slice(from, to);
    if (name === 'numFmt') {
      const id = Number(attribute(tag, 'numFmtId'));
      const code = attribute(tag, 'formatCode');
      if (Number.isInteger(id) && code !== undefined) this.#codes.set(id, code);
    } else if (name === 'cellXfs') {
      this.#inCellXfs = true;
    } else if (name === 'xf' && this.#inCellXfs) {
      const id = Number(attribute(tag, 'numFmtId') ?? 0);
      this.kinds.push(Number.isInteger(id) ? formatKind(id, this.#codes.get(id)) : KIND_NUMBER);
    }
  }

  end(name: string): void {
    if (name === 'cellXfs') this.#inCellXfs = false;
  }

  text(): void {}
}

/** A sheet as the workbook lists it. */
export interface SheetEntry {
  name: string;
  /** `visible`, `hidden` or `veryHidden`. */
  state: string;
  relationship: string;
}

/** The workbook part: its sheets in order and its date system. */
export class WorkbookPart implements XmlSink {
  readonly sheets: SheetEntry[] = [];
  date1904 = false;
  readonly wantsText = false;

  start(name: string, source: string, from: number, to: number): void {
    const tag = source.slice(from, to);
    if (name === 'sheet') {
      this.sheets.push({ name: attribute(tag, 'name') ?? '', state: attribute(tag, 'state') ?? 'visible', relationship: attribute(tag, 'id', true) ?? '' });
    } else if (name === 'workbookPr') {
      const value = attribute(tag, 'date1904');
      this.date1904 = value === '1' || value === 'true';
    }
  }

  end(): void {}
  text(): void {}
}

/** A relationships part (`_rels/….rels`): id → type (its last path segment, `worksheet`) and target. */
export class Relationships implements XmlSink {
  readonly byId = new Map<string, { type: string; target: string }>();
  readonly wantsText = false;

  start(name: string, source: string, from: number, to: number): void {
    if (name !== 'Relationship') return;
    const tag = source.slice(from, to);
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id === undefined || target === undefined || attribute(tag, 'TargetMode') === 'External') return;
    const type = attribute(tag, 'Type') ?? '';
    this.byId.set(id, { type: type.slice(type.lastIndexOf('/') + 1), target });
  }

  end(): void {}
  text(): void {}

  /** The first relationship of a type. */
  ofType(type: string): { type: string; target: string } | undefined {
    for (const relationship of this.byId.values()) if (relationship.type === type) return relationship;
    return undefined;
  }
}

/** A relationship's target as a path in the archive: relative to the folder of the part it is from, or absolute. */
export function resolvePart(from: string, target: string): string {
  const segments = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}
