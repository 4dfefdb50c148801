import type { TextChunk } from './decode.js';
import { FileRefusedError } from './file-kind.js';
import type { JsonLayout } from './json-layout.js';
import type { OpenedSource } from './source.js';
import { countedSource, readTextPieces } from './text-pieces.js';

/**
 * A JSON or NDJSON file as a source of records (docs/importer.md, "JSON and NDJSON files"): the
 * header row is the columns of the first items (json-cells.ts), then one record per item. The
 * reader (json-reader.ts) is loaded on first use.
 * @internal
 */
export function jsonSource(info: OpenedSource['info'], layout: JsonLayout, text: (chunkBytes: number) => AsyncIterable<TextChunk>): OpenedSource {
  return countedSource(info, async (slicer, chunkBytes, each, afterPiece) => {
    const { HEADER_ITEMS, JsonColumns, JsonItems } = await import('./json-reader.js');
    const items = new JsonItems(layout);
    const columns = new JsonColumns();
    /** Rows read before the columns are settled, given with the header row once they are. */
    let waiting: string[][] | null = [];
    let count = 0;
    const flush = () => {
      if (waiting === null) return;
      columns.settle();
      each([columns.names.slice(), ...waiting.map((cells) => columns.pad(cells))]);
      waiting = null;
    };
    const counts = await readTextPieces(text(chunkBytes), slicer, afterPiece, (chunk) => {
      const rows: string[][] = [];
      for (const item of items.push(chunk.text, chunk.last)) {
        count += 1;
        const cells = columns.cells(item, count);
        if (waiting !== null) waiting.push(cells);
        else rows.push(columns.pad(cells));
      }
      if (waiting !== null && (waiting.length >= HEADER_ITEMS || chunk.last)) flush();
      else if (rows.length > 0) each(rows);
    });
    // A preview that stopped early shows what was read.
    flush();
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
