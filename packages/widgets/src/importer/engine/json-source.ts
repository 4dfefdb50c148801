import { readBytePieces } from './byte-pieces.js';
import { type ByteChunk, isAscii, type TextChunk } from './decode.js';
import { FileRefusedError } from './file-kind.js';
import type { JsonLayout } from './json-layout.js';
import type { OpenedSource } from './source.js';
import { countedSource, readTextPieces } from './text-pieces.js';

/**
 * A JSON or NDJSON file as a source of records (docs/importer.md, "JSON and NDJSON files"): the
 * header row is the columns of the first items (json-rows.ts), then one record per item. The
 * reader (json-reader.ts) is loaded on first use. A UTF-8 NDJSON file read for a load takes the
 * byte path (json-line-bytes.ts) when `bytes` is given; anything else is read as text.
 * @internal
 */
export function jsonSource(
  info: OpenedSource['info'],
  layout: JsonLayout,
  text: (chunkBytes: number) => AsyncIterable<TextChunk>,
  bytes?: (chunkBytes: number) => AsyncIterable<ByteChunk>,
): OpenedSource {
  return countedSource(info, async (slicer, chunkBytes, each, afterPiece, eachBytes) => {
    const { JsonItems, JsonLineBytes, JsonRows } = await import('./json-reader.js');
    const rows = new JsonRows(each);
    if (layout === 'lines' && bytes !== undefined && eachBytes !== undefined) {
      const reader = new JsonLineBytes(rows, eachBytes);
      const push = (piece: Uint8Array, last: boolean) => {
        reader.push(piece, last);
        return { high: !isAscii(piece), handover: null };
      };
      const counts = await readBytePieces(bytes(chunkBytes), { push, release: () => reader.release(), text: () => reader.text() }, slicer, afterPiece);
      rows.flush();
      return counts;
    }
    const items = new JsonItems(layout);
    const counts = await readTextPieces(text(chunkBytes), slicer, afterPiece, (chunk) => rows.add(items.push(chunk.text, chunk.last), chunk.last));
    // A preview that stopped early shows what was read.
    rows.flush();
    return counts;
  });
}

/** Reads a JSON source's first records, turning a file that is not valid JSON into a refusal. @internal */
export async function refusingInvalidJson<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Error && error.name === 'JsonFileError') throw new FileRefusedError('invalid_json', error.message);
    throw error;
  }
}
