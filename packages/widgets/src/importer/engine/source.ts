import { type ByteRecords, shownText } from '@inlay/core';
import { detectDelimiter, detectNewline, isBlank } from './csv.js';
import { CsvByteReader } from './csv-bytes.js';
import { CsvReader } from './csv-reader.js';
import { type BytePieceReader, readBytePieces } from './byte-pieces.js';
import { type ByteChunk, detectEncoding, fileBytes, fileText, headOf, isAscii, stringText, type TextChunk, untilNotUtf8 } from './decode.js';
import { FileRefusedError, JSON_NAME, sniffFile, zipKind } from './file-kind.js';
import { jsonLayout } from './json-layout.js';
import { jsonSource } from './json-source.js';
import type { OpenParams, OpenResult } from './protocol.js';
import type { Slicer } from './slicer.js';
import { countedSource, type ReadCounts, readTextPieces } from './text-pieces.js';
import { openWorkbook } from './xlsx.js';
import { zipEntryNames } from './zip-directory.js';
import type { Workbook } from './xlsx-reader.js';

/** Non-blank records shown for choosing the header row. */
export const PREVIEW_ROWS = 20;

/**
 * Called with the non-blank records of each piece of a source, in order (often hundreds at once:
 * the validator adds rows faster in bulk). The arrays are not reused: keep them if you like, but
 * do not change them. @internal
 */
export type EachRecords = (records: readonly (readonly string[])[]) => void;

/**
 * Called with the non-blank records of a piece of a UTF-8 file as byte ranges (the engine's fast
 * path; see {@link OpenedSource.read}). The arrays are the reader's and are reused for its next
 * piece: read them before returning. @internal
 */
export type EachByteRecords = (records: ByteRecords) => void;

/**
 * Called after each piece of a source with how far reading has got (bytes, or characters of
 * pasted text, or rows of a sheet); answers `false` (or a promise of it) to stop reading there.
 * @internal
 */
export type AfterPiece = (done: number, total: number) => unknown;

/** A source opened with its encoding, delimiter and sheet settled. @internal */
export interface OpenedSource {
  readonly info: Omit<OpenResult, 'preview' | 'headerRow'>;
  /** Characters read as U+FFFD so far (the last full read). */
  readonly unreadable: number;
  /** ms spent waiting for bytes and decoding them (the last read). */
  readonly readMs: number;
  /**
   * Reads every non-blank record, pausing between pieces of at most `chunkBytes` (bytes, or
   * characters of pasted text). With `eachBytes`, a UTF-8 file's records go to it as byte ranges —
   * all of them, or those before a record whose quoting only the text reader reads, after which
   * the rest go to `each`; other sources give strings to `each` anyway.
   */
  read(slicer: Slicer, chunkBytes: number, each: EachRecords, afterPiece?: AfterPiece, eachBytes?: EachByteRecords): Promise<void>;
}

/**
 * Opens a file or pasted text: XLSX when it is a ZIP archive holding a workbook (loading the
 * reader lazily), otherwise delimited text with its encoding and delimiter detected unless given.
 * Files that are neither (a PDF, an image, a `.xls`, a ZIP of something else, binary data) are
 * refused with a {@link FileRefusedError} (file-kind.ts).
 * @internal
 */
export async function openSource(params: OpenParams, workbookCache: Map<Blob, Promise<Workbook>>): Promise<OpenedSource> {
  const { source } = params;
  if (source.kind === 'text') {
    const sample = source.text.slice(0, 256 * 1024);
    const newline = detectNewline(sample);
    const delimiter = params.delimiter || detectDelimiter(sample.replace(/^\ufeff/, ''), newline);
    return delimited({ format: 'csv', encoding: null, detectedEncoding: null, delimiter, sheets: [], sheet: 0 }, newline, (chunk) =>
      stringText(source.text, chunk),
    );
  }
  const head = await headOf(source.file);
  const detectedEncoding = detectEncoding(head);
  const sniffed = sniffFile(head, detectedEncoding);
  if (sniffed.kind === 'refused') throw new FileRefusedError(sniffed.code);
  if (sniffed.kind === 'zip') {
    let workbook = workbookCache.get(source.file);
    if (!workbook) {
      const names = await zipEntryNames(source.file);
      // A directory too large to look at here is left to the XLSX reader.
      const kind = names === undefined ? ({ kind: 'workbook' } as const) : zipKind(names);
      if (kind.kind === 'refused') throw new FileRefusedError(kind.code);
      workbook = openWorkbook(source.file);
      workbookCache.set(source.file, workbook);
    }
    return sheetSource(await workbook, params.sheet ?? 0);
  }
  const encoding = params.encoding || detectedEncoding;
  const file = source.file;
  // A detected UTF-8 whose sample was plain ASCII proves nothing: the rest of the file is watched
  // for its first character beyond ASCII (decode.ts `untilNotUtf8`).
  const watch = !params.encoding && detectedEncoding === 'utf-8' && head.length < source.file.size && isAscii(head);
  const sample = new TextDecoder(encoding).decode(head, { stream: true });
  const layout = jsonLayout(sample);
  if (layout !== null) {
    const info: OpenedSource['info'] = { format: 'json', encoding, detectedEncoding, delimiter: null, sheets: [], sheet: 0 };
    return jsonSource(info, layout, (chunk) => fileText(file, encoding, chunk, watch), isUtf8(encoding) ? (chunk) => bytesOf(file, chunk, watch) : undefined);
  }
  if (JSON_NAME.test(source.name)) throw new FileRefusedError('not_json');
  const newline = detectNewline(sample);
  const delimiter = params.delimiter || detectDelimiter(sample, newline);
  return delimited(
    { format: 'csv', encoding, detectedEncoding, delimiter, sheets: [], sheet: 0 },
    newline,
    (chunk) => fileText(file, encoding, chunk, watch),
    readsAsBytes(encoding, delimiter) ? (chunk) => bytesOf(file, chunk, watch) : undefined,
  );
}

/** Whether a file can take the byte path: UTF-8 text (any other encoding is decoded first) and a delimiter of one ASCII character. */
function readsAsBytes(encoding: string, delimiter: string): boolean {
  return isUtf8(encoding) && delimiter.length === 1 && delimiter.charCodeAt(0) < 0x80;
}

function isUtf8(encoding: string): boolean {
  return encoding.toLowerCase().replace(/[^a-z0-9]/g, '') === 'utf8';
}

/** A file's bytes for a byte path, watched for a first character beyond ASCII that is not UTF-8 when `watch`. */
function bytesOf(file: Blob, chunkBytes: number, watch: boolean): AsyncIterable<ByteChunk> {
  return watch ? untilNotUtf8(fileBytes(file, chunkBytes)) : fileBytes(file, chunkBytes);
}

function delimited(
  info: OpenedSource['info'],
  newline: '\n' | '\r',
  text: (chunkBytes: number) => AsyncIterable<TextChunk> | Iterable<TextChunk>,
  bytes?: (chunkBytes: number) => AsyncIterable<ByteChunk>,
): OpenedSource {
  return countedSource(info, async (slicer, chunkBytes, each, afterPiece, eachBytes) => {
    if (eachBytes !== undefined && bytes !== undefined) return readBytes(bytes(chunkBytes), info.delimiter ?? ',', newline, slicer, { each, eachBytes, afterPiece });
    const reader = new CsvReader(info.delimiter ?? ',', newline);
    return readTextPieces(text(chunkBytes), slicer, afterPiece, (chunk) => each(withoutBlanks(reader.push(chunk.text, chunk.last))));
  });
}

/**
 * The byte path of {@link OpenedSource.read}: records as byte ranges from {@link CsvByteReader},
 * then, if it hands over, the rest of the file decoded and read by {@link CsvReader}; unreadable
 * characters counted as the text path counts them (byte-pieces.ts). @internal
 */
export function readBytes(
  chunks: AsyncIterable<ByteChunk>,
  delimiter: string,
  newline: '\n' | '\r',
  slicer: Slicer,
  to: { each: EachRecords; eachBytes: EachByteRecords; afterPiece: AfterPiece | undefined },
): Promise<ReadCounts> {
  const reader = new CsvByteReader(delimiter, newline);
  const csvBytes: BytePieceReader = {
    push(bytes, last) {
      const batch = reader.push(bytes, last);
      to.eachBytes(batch.records);
      return batch;
    },
    release: () => reader.release(),
    text() {
      const text = new CsvReader(delimiter, newline);
      return (piece, last) => to.each(withoutBlanks(text.push(piece, last)));
    },
  };
  return readBytePieces(chunks, csvBytes, slicer, to.afterPiece);
}

function sheetSource(workbook: Workbook, sheet: number): OpenedSource {
  const index = sheet >= 0 && sheet < workbook.names.length ? sheet : 0;
  return {
    info: { format: 'xlsx', encoding: null, detectedEncoding: null, delimiter: null, sheets: workbook.names, sheet: index },
    unreadable: 0,
    readMs: 0,
    async read(slicer, chunkBytes, each, afterPiece) {
      // The sheet is read as a stream: progress counts its compressed bytes.
      await workbook.read(
        index,
        chunkBytes,
        (rows) => each(withoutBlanks(rows)),
        async (done, total) => {
          if ((await afterPiece?.(done, total)) === false) return false;
          await slicer.maybePause();
          return true;
        },
      );
    },
  };
}

/** `records` without its blank ones, in place. */
function withoutBlanks<T extends readonly string[]>(records: T[]): T[] {
  let kept = 0;
  for (const record of records) if (!isBlank(record)) records[kept++] = record;
  records.length = kept;
  return records;
}

/** The first records of a source and the one most likely to be its header row. @internal */
export async function previewOf(source: OpenedSource, slicer: Slicer): Promise<{ preview: string[][]; headerRow: number }> {
  const preview: string[][] = [];
  await source.read(
    slicer,
    64 * 1024,
    (records) => {
      // As the user should see them: a reader's marks are not shown (core's reader-marks.ts).
      for (const cells of records) if (preview.length < PREVIEW_ROWS) preview.push(cells.map(shownText));
    },
    () => preview.length < PREVIEW_ROWS,
  );
  return { preview, headerRow: guessHeaderRow(preview) };
}

/**
 * The header row is usually the first; title rows above it ("Export of 3 March") have fewer
 * filled cells than the data. Take the first row filled at least as much as the rows after it,
 * whose cells are all text rather than numbers.
 */
export function guessHeaderRow(rows: readonly string[][]): number {
  if (rows.length === 0) return 0;
  const filled = (row: readonly string[]) => row.filter((cell) => cell.trim() !== '').length;
  const widest = Math.max(...rows.slice(0, 10).map(filled));
  for (let i = 0; i < Math.min(rows.length, 10); i++) {
    const row = rows[i] as string[];
    const cells = row.filter((cell) => cell.trim() !== '');
    if (cells.length >= Math.max(2, widest * 0.6) && cells.every((cell) => !/^[\d\s.,+-]+$/.test(cell))) return i;
  }
  return 0;
}
