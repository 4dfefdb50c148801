/**
 * What a file is, told from its bytes rather than its name (docs/importer.md, "Files the importer
 * reads"): a PDF renamed `.csv` is still a PDF. Text and Excel workbooks are read; anything else
 * is refused with a {@link FileRefusedError} saying what the file looks like, before a byte of it
 * is shown as a garbled header row.
 * @internal
 */

/** Why a file was refused; the element words each for the user (`ImporterStrings.refusedFile`). */
export type RefusalCode =
  | 'pdf'
  | 'image'
  | 'old_excel'
  | 'gzip'
  | 'zip_archive'
  | 'word_document'
  | 'presentation'
  | 'opendocument'
  | 'damaged_zip'
  | 'binary'
  | 'invalid_json'
  | 'not_json'
  | 'no_sheets';

/** English descriptions, for `inlay-error` listeners and logs; the element shows its own strings. */
const DESCRIPTIONS: Record<RefusalCode, string> = {
  pdf: 'a PDF document',
  image: 'an image',
  old_excel: 'an older Excel workbook (.xls or .xlsb): save it as .xlsx or .csv',
  gzip: 'a gzip archive: unpack it first',
  zip_archive: 'a ZIP archive, not an Excel workbook: unzip it first',
  word_document: 'a Word document, not an Excel workbook',
  presentation: 'a PowerPoint presentation, not an Excel workbook',
  opendocument: 'an OpenDocument file: save it as .xlsx or .csv',
  damaged_zip: 'a damaged or incomplete workbook or ZIP archive',
  binary: 'binary data, not text',
  invalid_json: 'JSON that cannot be read',
  not_json: 'named as JSON but holds no JSON',
  no_sheets: 'a workbook with no sheet of cells to show: its sheets are hidden or hold only charts',
};

/** Names of JSON files: one that does not hold JSON is refused (`not_json`), whatever it holds. */
export const JSON_NAME = /\.(json|ndjson|jsonl)$/i;

/** A file that is not CSV, TSV, JSON or an Excel workbook. `code` says what it looks like. @internal */
export class FileRefusedError extends Error {
  override readonly name = 'FileRefusedError';
  /** `detail`: where and why, for a file that is JSON but cannot be read. */
  constructor(
    readonly code: RefusalCode,
    detail?: string,
  ) {
    super(`This file cannot be imported: it is ${DESCRIPTIONS[code]}.${detail === undefined ? '' : ` ${detail}`} Upload a CSV, TSV, JSON or Excel (.xlsx) file.`);
  }
}

/** What {@link sniffFile} found: text to decode, a ZIP to look into, or a refusal. @internal */
export type Sniffed = { kind: 'text' } | { kind: 'zip' } | { kind: 'refused'; code: RefusalCode };

/** Bytes of the start of a file whose control characters are counted. */
const CONTROL_SAMPLE = 8 * 1024;
/** More control characters than this share of the sample: not text. */
const CONTROL_SHARE = 0.05;

/**
 * Tells a file's kind from its first bytes: the magic numbers of the formats people upload by
 * mistake, then — for anything else that is not UTF-16, whose ASCII has a zero byte per
 * character — the share of control characters other than tab, line breaks, form feed, SUB (old
 * DOS files end with it) and ESC: text has almost none, compressed or binary data about one byte
 * in ten.
 */
export function sniffFile(head: Uint8Array, encoding: string): Sniffed {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]) || startsWith(head, [0x50, 0x4b, 0x07, 0x08])) return { kind: 'zip' };
  const code = magicOf(head);
  if (code !== null) return { kind: 'refused', code };
  if (encoding.startsWith('utf-16')) return { kind: 'text' };
  const end = Math.min(head.length, CONTROL_SAMPLE);
  let controls = 0;
  for (let i = 0; i < end; i++) {
    const byte = head[i] as number;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0b && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a && byte !== 0x1b) controls += 1;
  }
  return end > 0 && controls > end * CONTROL_SHARE ? { kind: 'refused', code: 'binary' } : { kind: 'text' };
}

function magicOf(head: Uint8Array): RefusalCode | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image'; // PNG
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image'; // JPEG
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image'; // GIF8
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'old_excel'; // OLE2: .xls (and .doc, which the same advice fits)
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/**
 * What a ZIP archive holds, by the names of its entries: an Excel workbook (`xl/workbook.xml`,
 * handed to the XLSX reader), or something else that is refused — an `.xlsb`, a Word document, a
 * presentation, an OpenDocument file, or a plain archive (of CSV files, say). `null` names: the
 * archive's directory could not be read.
 */
export function zipKind(names: readonly string[] | null): { kind: 'workbook' } | { kind: 'refused'; code: RefusalCode } {
  if (names === null) return { kind: 'refused', code: 'damaged_zip' };
  // Part names of Office files are case-insensitive.
  const lower = new Set(names.map((name) => name.toLowerCase()));
  if (lower.has('xl/workbook.xml') || (lower.has('[content_types].xml') && [...lower].some((name) => name.startsWith('xl/') && name.endsWith('.xml')))) {
    return { kind: 'workbook' };
  }
  if (lower.has('xl/workbook.bin')) return { kind: 'refused', code: 'old_excel' };
  if (lower.has('word/document.xml')) return { kind: 'refused', code: 'word_document' };
  if (lower.has('ppt/presentation.xml')) return { kind: 'refused', code: 'presentation' };
  if (lower.has('mimetype') && lower.has('content.xml')) return { kind: 'refused', code: 'opendocument' };
  return { kind: 'refused', code: 'zip_archive' };
}
