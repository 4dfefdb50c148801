import { type ByteChunk, countUnreadable, MarkingDecoder } from './decode.js';
import type { Slicer } from './slicer.js';
import type { AfterPiece } from './source.js';
import type { ReadCounts } from './text-pieces.js';

/*
 * What the byte paths (UTF-8 CSV/TSV, NDJSON) share: reading a file's bytes in pieces, counting
 * the characters that are not UTF-8 as the text path counts them, and going on as text when the
 * reader hands over or the file turns out to be Windows-1252 (decode.ts `untilNotUtf8`).
 */

/** A reader of a UTF-8 file's bytes, which gives its records to its own callbacks. @internal */
export interface BytePieceReader {
  /**
   * Reads the next piece (`bytes` may be reused once this returns). Answers whether the piece held
   * a byte of 0x80 or more, and, when the reader stops reading bytes there, the bytes from which
   * the rest of the file is read as text.
   */
  push(bytes: Uint8Array, last: boolean): { high: boolean; handover: Uint8Array | null };
  /** Stops reading bytes: the bytes of the record left open by the last push, to read as text. */
  release(): Uint8Array;
  /** The reader of the rest of the file as text, after a handover or a release. */
  text(): (text: string, last: boolean) => void;
}

/**
 * Reads the pieces with `reader`, pausing between them, until it hands over; then the rest as
 * text. Unreadable characters are counted by decoding only the pieces with a byte of 0x80 or
 * more, and the piece after each of those (which completes or refutes a character cut at its
 * start): an ASCII piece after an ASCII piece leaves the decoder as it found it. @internal
 */
export async function readBytePieces(chunks: AsyncIterable<ByteChunk>, reader: BytePieceReader, slicer: Slicer, afterPiece: AfterPiece | undefined): Promise<ReadCounts> {
  const counting = new MarkingDecoder('utf-8');
  let countNext = false;
  let unreadable = 0;
  let readMs = 0;
  /** After a handover: the text reader of the rest of the file, and its decoder. */
  let text: ((text: string, last: boolean) => void) | undefined;
  let rest = new MarkingDecoder('utf-8', { ignoreBOM: true });
  let waited = performance.now();
  for await (const chunk of chunks) {
    readMs += performance.now() - waited;
    if (chunk.legacy === true && rest.encoding === 'utf-8') {
      // The file is Windows-1252 after all: what was read is ASCII, the same in both; the record
      // left open and the rest are read as Windows-1252 text.
      rest = new MarkingDecoder('windows-1252');
      if (text === undefined) {
        text = reader.text();
        text(rest.decode(reader.release(), true), false);
      }
    }
    if (text !== undefined) {
      const piece = rest.decode(chunk.bytes, !chunk.last);
      unreadable += countUnreadable(piece);
      text(piece, chunk.last);
    } else {
      const batch = reader.push(chunk.bytes, chunk.last);
      if (batch.high || countNext || chunk.last) unreadable += countUnreadable(counting.decode(chunk.bytes, !chunk.last));
      countNext = batch.high;
      if (batch.handover !== null) {
        // The handed-over bytes were counted above, as part of the pieces they came in.
        text = reader.text();
        text(rest.decode(batch.handover, !chunk.last), chunk.last);
      }
    }
    if ((await afterPiece?.(chunk.done, chunk.total)) === false) break;
    await slicer.maybePause();
    waited = performance.now();
  }
  return { unreadable, readMs };
}
