import type { Storage } from '../../db/connect.js';
import { chunkText, rowsBeforeChunk, storedChunksFrom, type StoredChunk } from '../../repositories/importer/session-rows.js';

/**
 * Uploaded rows read back by the customer's backend and deleted (docs/importer.md#server-delivery).
 * Rows are served in the file's order: chunk by chunk, each chunk's rows in the order uploaded.
 * A cursor names the next row to serve as its chunk and its place in that chunk, so a page may
 * end inside a chunk and the next one starts there. The tables are read and deleted from in
 * repositories/importer/session-rows.ts.
 */

/** Where a page starts: a chunk number and a row within it. */
export interface RowsCursor {
  chunk: number;
  offset: number;
}

/** One page: the rows' JSON text (an array's members, comma-separated, without brackets). */
export interface RowsPageText {
  members: string;
  count: number;
  firstRow: number;
  next: RowsCursor | null;
}

const CURSOR = /^c(\d{1,3})r(\d{1,4})$/;

/** The cursor as the API shows it; opaque to callers (docs/importer.md#read-the-rows). */
export function formatRowsCursor(cursor: RowsCursor): string {
  return `c${cursor.chunk}r${cursor.offset}`;
}

export function parseRowsCursor(text: string): RowsCursor | undefined {
  const match = CURSOR.exec(text);
  if (!match) return undefined;
  return { chunk: Number(match[1]), offset: Number(match[2]) };
}

/**
 * One page of a session's rows from `cursor`: at most `limit` rows, and no more chunks once
 * `maxBytes` of stored rows are in it (the first chunk always goes in). Whole chunks are copied
 * as stored text, never parsed; only a chunk a page starts or ends inside is parsed and sliced.
 */
export async function readRowsPage(storage: Storage, sessionId: string, cursor: RowsCursor, limit: number, maxBytes: number): Promise<RowsPageText> {
  const before = await rowsBeforeChunk(storage, sessionId, cursor.chunk);
  const chunks: StoredChunk[] = await storedChunksFrom(storage, sessionId, cursor.chunk);
  const members: string[] = [];
  let count = 0;
  let bytes = 0;
  let next: RowsCursor | null = null;
  for (const [index, chunk] of chunks.entries()) {
    const offset = chunk.chunk === cursor.chunk ? Math.min(cursor.offset, chunk.row_count) : 0;
    const room = limit - count;
    if (count > 0 && (room <= 0 || bytes >= maxBytes)) {
      next = { chunk: chunk.chunk, offset };
      break;
    }
    const text = await chunkText(storage, sessionId, chunk);
    const take = Math.min(room, chunk.row_count - offset);
    if (offset === 0 && take === chunk.row_count) {
      if (take > 0) members.push(text.slice(1, -1));
    } else if (take > 0) {
      const rows = (JSON.parse(text) as unknown[]).slice(offset, offset + take);
      members.push(JSON.stringify(rows).slice(1, -1));
    }
    count += take;
    bytes += chunk.byte_count;
    if (offset + take < chunk.row_count) {
      next = { chunk: chunk.chunk, offset: offset + take };
      break;
    }
    const following = chunks[index + 1];
    if (following === undefined) break;
    if (count >= limit) {
      next = { chunk: following.chunk, offset: 0 };
      break;
    }
  }
  return { members: members.join(','), count, firstRow: before + (chunks[0]?.chunk === cursor.chunk ? Math.min(cursor.offset, chunks[0].row_count) : 0), next };
}
