import type { Storage } from '../../db/connect.js';
import { newId } from '../../db/ids.js';
import {
  chunkUploadId,
  deleteLostUpload,
  insertChunkKeys,
  insertChunkPart,
  KEY_SLICE,
  lockUploadDay,
  uploadDay,
  uploadTotals,
  writeChunk,
  type ChunkUpload,
  type UploadTotals,
} from '../../repositories/importer/upload-chunks.js';

/**
 * Storing an uploaded chunk of an import session: the upload caps and the order of the writes.
 * The session rows and the chunks' tables are read and written in repositories/importer/.
 */

/** Upload caps (`ServerOptions.import*`). */
export interface UploadCaps {
  sessionMaxRows: number;
  sessionMaxBytes: number;
  dailyMaxRows: number;
  dailyMaxBytes: number;
}

/** Which cap an upload would pass. */
export interface CapBreach {
  cap: keyof UploadCaps;
  max: number;
  /** The figure the upload would have brought it to. */
  would: number;
}

function breachOf(totals: UploadTotals, add: { rows: number; bytes: number }, caps: UploadCaps): CapBreach | null {
  const checks: [keyof UploadCaps, number][] = [
    ['sessionMaxRows', totals.sessionRows + add.rows],
    ['sessionMaxBytes', totals.sessionBytes + add.bytes],
    ['dailyMaxRows', totals.dailyRows + add.rows],
    ['dailyMaxBytes', totals.dailyBytes + add.bytes],
  ];
  for (const [cap, would] of checks) if (would > caps[cap]) return { cap, max: caps[cap], would };
  return null;
}

/**
 * A cheap check before a chunk is validated: whether its rows alone (its bytes are not known yet)
 * already pass a cap. {@link storeRowChunk} checks again, exactly, when it stores.
 */
export function precheckUpload(
  storage: Storage,
  upload: { sessionId: string; workspaceId: string; chunk: number; rowCount: number },
  caps: UploadCaps,
  now = new Date(),
): Promise<CapBreach | null> {
  return storage.read(async (tx) => breachOf(await uploadTotals(storage, tx, upload, uploadDay(now)), { rows: upload.rowCount, bytes: 0 }, caps));
}

/** UTF-16 code units of a chunk's rows JSON written per transaction (about 256 KiB of text). */
const PART_CHARS = 256 * 1024;

/** @internal `json` cut in pieces of about `size` code units, never inside a surrogate pair. */
export function pieces(json: string, size: number): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start < json.length) {
    let end = Math.min(json.length, start + size);
    const before = json.charCodeAt(end - 1);
    // A high surrogate last: end before it, or after its pair when it is all the piece holds.
    if (end < json.length && before >= 0xd800 && before <= 0xdbff) end += end - 1 > start ? -1 : 1;
    parts.push(json.slice(start, end));
    start = end;
  }
  return parts;
}

/**
 * Stores a validated chunk if it passes no cap. Its keys are written first, a slice per
 * transaction, under a new upload id; they count only once the chunk's row names that id. Then
 * one transaction checks the caps and writes the chunk row (replacing any chunk of the same
 * number) and the day's figures (a retry counts again there: it was work accepted). Last, the
 * keys that lost — the replaced upload's, or this one's when a cap refused it — are deleted a
 * slice at a time. Returns the cap the chunk would pass instead, storing nothing of it.
 */
export async function storeRowChunk(storage: Storage, upload: ChunkUpload, caps: UploadCaps, now = new Date()): Promise<CapBreach | null> {
  const day = uploadDay(now);
  const { sessionId, chunk } = upload;
  const target = { sessionId, chunk, uploadId: newId('upl') };
  for (let start = 0; start < upload.keys.length; start += KEY_SLICE) {
    const slice = upload.keys.slice(start, start + KEY_SLICE);
    await storage.transaction((tx) => insertChunkKeys(storage, tx, target, slice));
  }
  // The rows too: one 8 MiB value written at once held the event loop for 80-190 ms.
  for (const [part, rows] of pieces(upload.json, PART_CHARS).entries()) {
    await storage.transaction((tx) => insertChunkPart(storage, tx, { ...target, part, rows }));
  }
  const outcome = await storage.transaction(async (tx) => {
      // Uploads of one workspace from several server processes check the caps one after the other.
      await lockUploadDay(tx, upload.workspaceId);
      const breach = breachOf(await uploadTotals(storage, tx, upload, day), { rows: upload.rowCount, bytes: upload.bytes }, caps);
      if (breach !== null) return { breach, lost: target.uploadId };
      const replaced = await chunkUploadId(storage, tx, sessionId, chunk);
      await writeChunk(storage, tx, upload, target.uploadId, now);
      return { breach: null, lost: replaced };
    });
  if (outcome.lost !== undefined) await deleteLostUpload(storage, sessionId, chunk, outcome.lost);
  return outcome.breach;
}
