import { FileRefusedError } from './file-kind.js';
import { Relationships, resolvePart, SharedStrings, Styles, WorkbookPart } from './xlsx-parts.js';
import { type SheetContext, SheetRows } from './xlsx-sheet.js';
import { XmlTokenizer, type XmlSink } from './xlsx-xml.js';
import { entryPieces, readZipDirectory, type ZipEntry } from './xlsx-zip.js';

/**
 * The XLSX reader, in a chunk of its own that is loaded only when a workbook is opened, so CSV
 * imports never download it (docs/importer.md). Opening reads the small parts (workbook,
 * relationships, styles) and the shared strings; a sheet is then read as a stream, its XML
 * inflated and tokenized a piece at a time (docs/decisions.md, "Importer: XLSX read as a
 * stream"). Cells become the text the sheet shows (xlsx-sheet.ts); hidden sheets are not offered.
 * @internal
 */

/** A workbook's visible sheets, each read as a stream of rows. */
export interface Workbook {
  /** The names of the visible worksheets, in the workbook's order. */
  names: string[];
  /**
   * Reads a sheet's rows (non-blank or not) a piece at a time, reading `pieceBytes` compressed bytes
   * per piece; after each piece `afterPiece` gets how many compressed bytes are read of how many,
   * and stops the reading by answering `false`.
   */
  read(sheet: number, pieceBytes: number, each: (rows: string[][]) => void, afterPiece: (done: number, total: number) => unknown): Promise<void>;
}

/** Compressed bytes read at once for the parts read whole. */
const PART_PIECE_BYTES = 256 * 1024;

export async function readWorkbook(data: Blob): Promise<Workbook> {
  const entries = await readZipDirectory(data);
  const entry = (path: string): ZipEntry | undefined => entries.get(path.toLowerCase());
  const parse = async <T extends XmlSink>(path: string, sink: T): Promise<T> => {
    const found = entry(path);
    if (found !== undefined) await stream(data, found, PART_PIECE_BYTES, sink);
    return sink;
  };

  const root = await parse('_rels/.rels', new Relationships());
  const workbookPath = resolvePart('', root.ofType('officeDocument')?.target ?? 'xl/workbook.xml');
  if (entry(workbookPath) === undefined) throw new FileRefusedError('zip_archive');
  const relsPath = `${workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1)}_rels/${workbookPath.slice(workbookPath.lastIndexOf('/') + 1)}.rels`;
  const [workbook, relationships] = await Promise.all([parse(workbookPath, new WorkbookPart()), parse(relsPath, new Relationships())]);
  const partOf = (type: string, fallback: string) => resolvePart(workbookPath, relationships.ofType(type)?.target ?? fallback);
  const styles = await parse(partOf('styles', 'styles.xml'), new Styles());
  const shared = await parse(partOf('sharedStrings', 'sharedStrings.xml'), new SharedStrings());

  // Hidden sheets are not offered (the user cannot see them in Excel); chart and macro sheets have no cells.
  const sheets: { name: string; entry: ZipEntry }[] = [];
  for (const sheet of workbook.sheets) {
    if (sheet.state === 'hidden' || sheet.state === 'veryHidden') continue;
    const relationship = relationships.byId.get(sheet.relationship);
    if (relationship !== undefined && relationship.type !== 'worksheet') continue;
    const found = entry(resolvePart(workbookPath, relationship?.target ?? ''));
    if (found !== undefined) sheets.push({ name: sheet.name, entry: found });
  }
  if (sheets.length === 0) throw new FileRefusedError('no_sheets');
  const context: SheetContext = { sharedStrings: shared.strings, styleKinds: styles.kinds, date1904: workbook.date1904 };

  return {
    names: sheets.map((sheet) => sheet.name),
    async read(index, pieceBytes, each, afterPiece) {
      const sheet = sheets[index];
      if (sheet === undefined) throw new RangeError(`The workbook has no sheet ${index + 1}.`);
      const rows = new SheetRows(context);
      await stream(
        data,
        sheet.entry,
        pieceBytes,
        rows,
        (done, total) => {
          each(rows.take());
          return afterPiece(done, total);
        },
        () => {
          // A row a truncated sheet left open.
          rows.finish();
          const rest = rows.take();
          if (rest.length > 0) each(rest);
        },
      );
    },
  };
}

/**
 * Inflates, decodes and tokenizes an entry into `sink`, calling `afterPiece` after each piece (and
 * once for an empty entry) and `atEnd` once all is read; stops when `afterPiece` answers `false`.
 */
async function stream(
  data: Blob,
  entry: ZipEntry,
  pieceBytes: number,
  sink: XmlSink,
  afterPiece?: (done: number, total: number) => unknown,
  atEnd?: () => void,
): Promise<void> {
  const tokenizer = new XmlTokenizer(sink);
  const decoder = new TextDecoder();
  let reported = false;
  for await (const piece of entryPieces(data, entry, pieceBytes)) {
    tokenizer.push(decoder.decode(piece.bytes, { stream: true }));
    reported = true;
    if (afterPiece !== undefined && (await afterPiece(piece.done, piece.total)) === false) return;
  }
  tokenizer.push(decoder.decode());
  atEnd?.();
  if (afterPiece !== undefined && !reported) await afterPiece(entry.compressedSize, entry.compressedSize);
}
