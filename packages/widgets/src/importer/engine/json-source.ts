import { countUnreadable, type TextChunk } from './decode.js';
import { FileRefusedError } from './file-kind.js';
import type { JsonLayout } from './json-layout.js';
import type { OpenedSource } from './source.js';

/**
 * A JSON or NDJSON file as a source of records (docs/importer.md, "JSON and NDJSON files"): the
 * header row is the columns of the first items (json-cells.ts), then one record per item. The
 * reader (json-reader.ts) is loaded on first use.
 * @internal
 */
export function jsonSource(info: OpenedSource['info'], layout: JsonLayout, text: (chunkBytes: number) => AsyncIterable<TextChunk>): OpenedSource {
  let unreadable = 0;
  let readMs = 0;
  return {
    info,
    get unreadable() {
      return unreadable;
    },
    get readMs() {
      return readMs;
    },
    async read(slicer, chunkBytes, each, afterPiece) {
      const { HEADER_ITEMS, JsonColumns, JsonItems } = await import('./json-reader.js');
      unreadable = 0;
      readMs = 0;
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
      let waited = performance.now();
      for await (const chunk of text(chunkBytes)) {
        readMs += performance.now() - waited;
        unreadable += countUnreadable(chunk.text);
        const rows: string[][] = [];
        for (const item of items.push(chunk.text, chunk.last)) {
          count += 1;
          const cells = columns.cells(item, count);
          if (waiting !== null) waiting.push(cells);
          else rows.push(columns.pad(cells));
        }
        if (waiting !== null && (waiting.length >= HEADER_ITEMS || chunk.last)) flush();
        else if (rows.length > 0) each(rows);
        if ((await afterPiece?.(chunk.done, chunk.total)) === false) {
          // The preview stops early: what was read is shown.
          flush();
          return;
        }
        await slicer.maybePause();
        waited = performance.now();
      }
      flush();
    },
  };
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
