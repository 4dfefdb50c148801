import { countUnreadable, type TextChunk } from './decode.js';
import type { Slicer } from './slicer.js';
import type { AfterPiece, OpenedSource } from './source.js';

/*
 * What the text sources (delimited text, JSON) share: reading decoded pieces in order, pausing
 * between them, and the counts a source keeps of its last read.
 */

/** What a read of a source counts: characters read as unreadable, and ms spent waiting for bytes and decoding them. @internal */
export interface ReadCounts {
  unreadable: number;
  readMs: number;
}

/** A source whose `read` answers its {@link ReadCounts}, kept for the source's getters until the next read. @internal */
export function countedSource(info: OpenedSource['info'], read: (...args: Parameters<OpenedSource['read']>) => Promise<ReadCounts>): OpenedSource {
  let counts: ReadCounts = { unreadable: 0, readMs: 0 };
  return {
    info,
    get unreadable() {
      return counts.unreadable;
    },
    get readMs() {
      return counts.readMs;
    },
    async read(...args) {
      counts = { unreadable: 0, readMs: 0 };
      counts = await read(...args);
    },
  };
}

/**
 * Reads text pieces in order, giving each to `onText`, then `afterPiece` (which stops the reading
 * by answering `false`) and a pause of the slicer; answers the {@link ReadCounts}. @internal
 */
export async function readTextPieces(
  pieces: AsyncIterable<TextChunk> | Iterable<TextChunk>,
  slicer: Slicer,
  afterPiece: AfterPiece | undefined,
  onText: (chunk: TextChunk) => void,
): Promise<ReadCounts> {
  const counts: ReadCounts = { unreadable: 0, readMs: 0 };
  let waited = performance.now();
  for await (const chunk of pieces) {
    counts.readMs += performance.now() - waited;
    counts.unreadable += countUnreadable(chunk.text);
    onText(chunk);
    if ((await afterPiece?.(chunk.done, chunk.total)) === false) break;
    await slicer.maybePause();
    waited = performance.now();
  }
  return counts;
}
