import { CsvReader, detectDelimiter, detectNewline, isBlank } from './csv.js';
import { countUnreadable, detectEncoding, fileText, headOf, stringText, type TextChunk } from './decode.js';
import type { OpenParams, OpenResult } from './protocol.js';
import type { Slicer } from './slicer.js';
import { looksLikeZip, openWorkbook } from './xlsx.js';
import type { Workbook } from './xlsx-reader.js';

/** Non-blank records shown for choosing the header row. */
export const PREVIEW_ROWS = 20;

/** Non-blank records of a source, a batch at a time, and how far reading has got. @internal */
export interface RecordBatch {
  rows: string[][];
  done: number;
  total: number;
}

/** A source opened with its encoding, delimiter and sheet settled. @internal */
export interface OpenedSource {
  readonly info: Omit<OpenResult, 'preview' | 'headerRow'>;
  /** Characters read as U+FFFD so far (the last full read). */
  readonly unreadable: number;
  records(slicer: Slicer, chunkBytes: number): AsyncGenerator<RecordBatch>;
}

/**
 * Opens a file or pasted text: XLSX when it is a ZIP archive (loading the reader lazily),
 * otherwise delimited text with its encoding and delimiter detected unless given.
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
  if (looksLikeZip(head)) {
    let workbook = workbookCache.get(source.file);
    if (!workbook) {
      workbook = openWorkbook(source.file);
      workbookCache.set(source.file, workbook);
    }
    return sheetSource(await workbook, params.sheet ?? 0);
  }
  const detectedEncoding = detectEncoding(head);
  const encoding = params.encoding || detectedEncoding;
  const sample = new TextDecoder(encoding).decode(head, { stream: true });
  const newline = detectNewline(sample);
  const delimiter = params.delimiter || detectDelimiter(sample, newline);
  return delimited({ format: 'csv', encoding, detectedEncoding, delimiter, sheets: [], sheet: 0 }, newline, (chunk) =>
    fileText(source.file, encoding, chunk),
  );
}

function delimited(
  info: OpenedSource['info'],
  newline: '\n' | '\r',
  text: (chunkBytes: number) => AsyncIterable<TextChunk> | Iterable<TextChunk>,
): OpenedSource {
  let unreadable = 0;
  return {
    info,
    get unreadable() {
      return unreadable;
    },
    async *records(slicer, chunkBytes) {
      const reader = new CsvReader(info.delimiter ?? ',', newline);
      unreadable = 0;
      for await (const chunk of text(chunkBytes)) {
        unreadable += countUnreadable(chunk.text);
        const rows = reader.push(chunk.text, chunk.last);
        let kept = 0;
        for (const row of rows) if (!isBlank(row)) rows[kept++] = row;
        rows.length = kept;
        yield { rows, done: chunk.done, total: chunk.total };
        await slicer.maybePause();
      }
    },
  };
}

function sheetSource(workbook: Workbook, sheet: number): OpenedSource {
  const index = sheet >= 0 && sheet < workbook.names.length ? sheet : 0;
  return {
    info: { format: 'xlsx', encoding: null, detectedEncoding: null, delimiter: null, sheets: workbook.names, sheet: index },
    unreadable: 0,
    async *records(slicer) {
      const rows = workbook.rows(index);
      const total = rows.length;
      let batch: string[][] = [];
      for (let i = 0; i < total; i++) {
        const row = rows[i] as string[];
        if (!isBlank(row)) batch.push(row);
        if (batch.length >= 2000 || i === total - 1) {
          yield { rows: batch, done: i + 1, total };
          batch = [];
          await slicer.maybePause();
        }
      }
      if (total === 0) yield { rows: [], done: 0, total: 0 };
    },
  };
}

/** The first records of a source and the one most likely to be its header row. @internal */
export async function previewOf(source: OpenedSource, slicer: Slicer): Promise<{ preview: string[][]; headerRow: number }> {
  const preview: string[][] = [];
  for await (const batch of source.records(slicer, 64 * 1024)) {
    for (const row of batch.rows) {
      preview.push(row);
      if (preview.length >= PREVIEW_ROWS) break;
    }
    if (preview.length >= PREVIEW_ROWS) break;
  }
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
