import { UPLOAD_CHUNKS_MAX } from '@inlay/core';
import { sql } from 'kysely';
import { type Param, type Tx } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';
import type { Storage } from '../../db/connect.js';
import { chunkText, deleteSessionRows, sessionsWithExpiredRows } from './session-rows.js';

/**
 * Uploaded chunks of import sessions: their rows (`import_rows`, in pieces in `import_row_parts`),
 * the keys that count repeats (`import_row_keys`) and the workspace's figures per day
 * (`import_upload_days`). The caps and the order of the writes are services/importer/import-sessions.ts's.
 */

export type UploadedRow = Record<string, string | number | boolean | null | Record<string, string>>;

/** A valid value of a `unique` or `duplicateKey` field in an uploaded chunk (see migration 0010). */
export interface ChunkKey {
  /** The field's index in the session's config. */
  field: number;
  hash: Uint8Array;
  /** The row within the chunk. */
  row: number;
  /** 1 when the row has an error of its own, so being a repeat too adds no invalid row. */
  ownError: 0 | 1;
}

/** A validated chunk, ready to store. */
export interface ChunkUpload {
  sessionId: string;
  workspaceId: string;
  chunk: number;
  rowCount: number;
  /** Rows with an error of their own; repeats are counted across chunks at completion. */
  invalidRowCount: number;
  /** The rows as a JSON array, and its UTF-8 bytes. */
  json: string;
  bytes: number;
  keys: readonly ChunkKey[];
}

/** Where an upload's keys and parts go: its session, chunk and upload id. */
export interface UploadTarget {
  sessionId: string;
  chunk: number;
  uploadId: string;
}

/** The figures an upload starts from (see {@link uploadTotals}). */
export interface UploadTotals {
  sessionRows: number;
  sessionBytes: number;
  dailyRows: number;
  dailyBytes: number;
}

/** The UTC day of `now`, as `import_upload_days` keys it. */
export function uploadDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

const statements = perStorage((storage) => ({
  /** The session's figures without chunk `chunk` (which an upload of it replaces). */
  sessionTotals: storage.compile((p: Param<'sessionId' | 'chunk'>) =>
        storage.db.selectFrom('import_rows')
          .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('row_count'), eb.lit(0)).as('rows'), eb.fn.coalesce(eb.fn.sum<number>('byte_count'), eb.lit(0)).as('bytes')])
          .where('session_id', '=', p('sessionId'))
          .where('chunk', '!=', p('chunk'))),
  dayTotals: storage.compile((p: Param<'workspaceId' | 'day'>) =>
      storage.db.selectFrom('import_upload_days').select(['rows', 'bytes']).where('workspace_id', '=', p('workspaceId')).where('day', '=', p('day'))),
  deleteChunkKeys: storage.compile((p: Param<'sessionId' | 'chunk'>) =>
      storage.db.deleteFrom('import_row_keys').where('session_id', '=', p('sessionId')).where('chunk', '=', p('chunk'))),
  insertKey: storage.compile((p: Param<'sessionId' | 'field' | 'hash' | 'chunk' | 'row' | 'ownError' | 'uploadId'>) =>
      storage.db.insertInto('import_row_keys').values({
        session_id: p('sessionId'),
        field: p('field'),
        value_hash: p('hash'),
        chunk: p('chunk'),
        row: p('row'),
        own_error: p('ownError'),
        upload_id: p('uploadId'),
      })),
  /** The upload whose keys count for a chunk now, if the chunk was stored. */
  chunkUpload: storage.compile((p: Param<'sessionId' | 'chunk'>) =>
      storage.db.selectFrom('import_rows').select('upload_id').where('session_id', '=', p('sessionId')).where('chunk', '=', p('chunk'))),
  /** A slice of one upload's keys of a chunk (an upload that lost its place, or was refused). */
  deleteUploadKeys: storage.compile((p: Param<'sessionId' | 'chunk' | 'uploadId' | 'limit'>) =>
      storage.db.deleteFrom('import_row_keys')
        .where('session_id', '=', p('sessionId'))
        .where('chunk', '=', p('chunk'))
        .where('upload_id', '=', p('uploadId'))
        .where((eb) =>
          eb(
            eb.refTuple('field', 'value_hash', 'row'),
            'in',
            eb
              .selectFrom('import_row_keys')
              .select(['field', 'value_hash', 'row'])
              .where('session_id', '=', p('sessionId'))
              .where('chunk', '=', p('chunk'))
              .where('upload_id', '=', p('uploadId'))
              .limit(p('limit'))
              .$asTuple('field', 'value_hash', 'row'),
          ),
        )),
  insertPart: storage.compile((p: Param<'sessionId' | 'chunk' | 'uploadId' | 'part' | 'rows'>) =>
      storage.db.insertInto('import_row_parts').values({ session_id: p('sessionId'), chunk: p('chunk'), upload_id: p('uploadId'), part: p('part'), rows: p('rows') })),
  deleteUploadParts: storage.compile((p: Param<'sessionId' | 'chunk' | 'uploadId'>) =>
      storage.db.deleteFrom('import_row_parts').where('session_id', '=', p('sessionId')).where('chunk', '=', p('chunk')).where('upload_id', '=', p('uploadId'))),
  upsertChunk: storage.compile((p: Param<'sessionId' | 'chunk' | 'rowCount' | 'rows' | 'bytes' | 'invalid' | 'createdAt' | 'uploadId'>) =>
      storage.db.insertInto('import_rows')
        .values({
          session_id: p('sessionId'),
          chunk: p('chunk'),
          row_count: p('rowCount'),
          rows: p('rows'),
          byte_count: p('bytes'),
          invalid_row_count: p('invalid'),
          created_at: p('createdAt'),
          upload_id: p('uploadId'),
        })
        .onConflict((oc) =>
          oc
            .columns(['session_id', 'chunk'])
            .doUpdateSet({ row_count: p('rowCount'), rows: p('rows'), byte_count: p('bytes'), invalid_row_count: p('invalid'), created_at: p('createdAt'), upload_id: p('uploadId') }),
        )),
  setChunkInvalid: storage.compile((p: Param<'sessionId' | 'chunk' | 'invalid'>) =>
      storage.db.updateTable('import_rows').set({ invalid_row_count: p('invalid') }).where('session_id', '=', p('sessionId')).where('chunk', '=', p('chunk'))),
  addToDay: storage.compile((p: Param<'workspaceId' | 'day' | 'rows' | 'bytes'>) =>
      storage.db.insertInto('import_upload_days')
        .values({ workspace_id: p('workspaceId'), day: p('day'), rows: p('rows'), bytes: p('bytes') })
        .onConflict((oc) => oc.columns(['workspace_id', 'day']).doUpdateSet((eb) => ({ rows: eb('import_upload_days.rows', '+', eb.ref('excluded.rows')), bytes: eb('import_upload_days.bytes', '+', eb.ref('excluded.bytes')) })))),
  /**
   * Rows of one chunk with no error of their own that repeat an earlier row's value (an earlier
   * chunk, or earlier in the chunk): each is found by a seek on the primary key.
   */
  repeatOnlyRows: storage.compile((p: Param<'sessionId' | 'chunk'>) =>
      storage.db.selectFrom('import_row_keys as k')
        // Only keys of the upload each chunk's row names count (staged or replaced ones do not).
        .innerJoin('import_rows as kr', (join) => join.onRef('kr.session_id', '=', 'k.session_id').onRef('kr.chunk', '=', 'k.chunk').onRef('kr.upload_id', '=', 'k.upload_id'))
        .select((eb) => eb.fn.count<number>('k.row').distinct().as('rows'))
        .where('k.session_id', '=', p('sessionId'))
        .where('k.chunk', '=', p('chunk'))
        .where(sql<boolean>`k.own_error = 0`)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('import_row_keys as e')
              .innerJoin('import_rows as er', (join) => join.onRef('er.session_id', '=', 'e.session_id').onRef('er.chunk', '=', 'e.chunk').onRef('er.upload_id', '=', 'e.upload_id'))
              .select(sql.lit(1).as('one'))
              .whereRef('e.session_id', '=', 'k.session_id')
              .whereRef('e.field', '=', 'k.field')
              .whereRef('e.value_hash', '=', 'k.value_hash')
              .where(sql<boolean>`(e.chunk, e.row) < (k.chunk, k.row)`),
          ),
        )),
}));

/**
 * The figures an upload of `chunk` would start from: the session's without that chunk (a retry
 * replaces it), and the workspace's for the day.
 */
export async function uploadTotals(storage: Storage, tx: Tx, upload: { sessionId: string; workspaceId: string; chunk: number }, day: string): Promise<UploadTotals> {
  const s = statements(storage);
  const session = (await s.sessionTotals.get(tx, { sessionId: upload.sessionId, chunk: upload.chunk })) ?? { rows: 0, bytes: 0 };
  const daily = (await s.dayTotals.get(tx, { workspaceId: upload.workspaceId, day })) ?? { rows: 0, bytes: 0 };
  return { sessionRows: Number(session.rows), sessionBytes: Number(session.bytes), dailyRows: daily.rows, dailyBytes: daily.bytes };
}

/** Takes the lock of a workspace's upload figures: uploads from several server processes check the caps one after the other. */
export function lockUploadDay(tx: Tx, workspaceId: string): Promise<void> {
  return tx.lock(JSON.stringify(['import-day', workspaceId]));
}

/** Writes keys of an upload; they count only once the chunk's row names its upload id. */
export async function insertChunkKeys(storage: Storage, tx: Tx, target: UploadTarget, keys: readonly ChunkKey[]): Promise<void> {
  const s = statements(storage);
  for (const key of keys) await s.insertKey.run(tx, { ...target, field: key.field, hash: key.hash, row: key.row, ownError: key.ownError });
}

/** Writes one piece of an upload's rows JSON. */
export async function insertChunkPart(storage: Storage, tx: Tx, part: UploadTarget & { part: number; rows: string }): Promise<void> {
  await statements(storage).insertPart.run(tx, part);
}

/** The upload whose keys and parts count for a chunk now, if the chunk was stored. */
export async function chunkUploadId(storage: Storage, tx: Tx, sessionId: string, chunk: number): Promise<string | undefined> {
  return (await statements(storage).chunkUpload.get(tx, { sessionId, chunk }))?.upload_id;
}

/**
 * Writes the chunk's row under `uploadId` (replacing any chunk of the same number) and adds it to
 * the workspace's figures of the day (a retry counts again there: it was work accepted).
 */
export async function writeChunk(storage: Storage, tx: Tx, upload: ChunkUpload, uploadId: string, now: Date): Promise<void> {
  const s = statements(storage);
  const { sessionId, chunk } = upload;
  await s.upsertChunk.run(tx, { sessionId, chunk, rowCount: upload.rowCount, rows: '', bytes: upload.bytes, invalid: upload.invalidRowCount, createdAt: now.toISOString(), uploadId });
  await s.addToDay.run(tx, { workspaceId: upload.workspaceId, day: uploadDay(now), rows: upload.rowCount, bytes: upload.bytes });
}

/** Keys written (or deleted) per transaction: each holds the event loop only briefly. */
export const KEY_SLICE = 500;

/** The parts and keys of an upload that lost: refused, or replaced by a later one. */
export async function deleteLostUpload(storage: Storage, sessionId: string, chunk: number, uploadId: string): Promise<void> {
  const s = statements(storage);
  await storage.transaction((tx) => s.deleteUploadParts.run(tx, { sessionId, chunk, uploadId }));
  while ((await storage.transaction((tx) => s.deleteUploadKeys.run(tx, { sessionId, chunk, uploadId, limit: KEY_SLICE }))) > 0) {
    // one slice per transaction
  }
}

/** Stores the figures and keys of a chunk stored before migration 0010, validated late. */
export function storeLateFigures(storage: Storage, sessionId: string, chunk: number, invalidRowCount: number, keys: readonly ChunkKey[]): Promise<void> {
  return storage.transaction(async (tx) => {
      const s = statements(storage);
      await s.deleteChunkKeys.run(tx, { sessionId, chunk });
      const uploadId = (await s.chunkUpload.get(tx, { sessionId, chunk }))?.upload_id ?? '';
      for (const key of keys) await s.insertKey.run(tx, { sessionId, field: key.field, hash: key.hash, chunk, row: key.row, ownError: key.ownError, uploadId });
      await s.setChunkInvalid.run(tx, { sessionId, chunk, invalid: invalidRowCount });
    });
}

/** Each uploaded chunk's stored figures, in chunk order (never its rows). */
export async function chunkFigures(storage: Storage, sessionId: string): Promise<{ chunk: number; rowCount: number; invalidRowCount: number | null }[]> {
  const rows = await storage.db.selectFrom('import_rows')
    .select(['chunk', 'row_count', 'invalid_row_count'])
    .where('session_id', '=', sessionId)
    .orderBy('chunk')
    .execute();
  return rows.map((row) => ({ chunk: row.chunk, rowCount: row.row_count, invalidRowCount: row.invalid_row_count }));
}

/** How many rows of a chunk are invalid only for repeating an earlier row's `unique` or `duplicateKey` value. */
export function repeatOnlyRows(storage: Storage, sessionId: string, chunk: number): Promise<number> {
  return storage.read(async (tx) => Number((await statements(storage).repeatOnlyRows.get(tx, { sessionId, chunk }))?.rows ?? 0));
}

/**
 * One chunk of a session's uploaded rows: the first after chunk `after`, or undefined past the
 * last. Rows are read back a chunk (a page of at most 5,000 rows) at a time, never all at once.
 */
export async function readUploadedChunk(storage: Storage, sessionId: string, after = -1): Promise<{ chunk: number; rows: UploadedRow[] } | undefined> {
  const found = await storage.db.selectFrom('import_rows')
    .select(['chunk', 'upload_id'])
    .where('session_id', '=', sessionId)
    .where('chunk', '>', after)
    .orderBy('chunk')
    .limit(1)
    .executeTakeFirst();
  if (found === undefined) return undefined;
  return { chunk: found.chunk, rows: JSON.parse(await chunkText(storage, sessionId, found)) as UploadedRow[] };
}

/**
 * Deletes a session's keys, a chunk at a time so no one statement holds the event loop for long:
 * keys serve only to count repeats until the session completes.
 */
export async function deleteSessionKeys(storage: Storage, sessionId: string): Promise<void> {
  const s = statements(storage);
  for (let chunk = 0; chunk < UPLOAD_CHUNKS_MAX; chunk++) {
    await storage.transaction((tx) => s.deleteChunkKeys.run(tx, { sessionId, chunk }));
  }
}

/**
 * Deletes uploaded rows of expired sessions: rows are never kept past a session's 24 hours. Each
 * session's rows, parts and keys go a slice per statement (session-rows.ts), so pruning a large
 * session never holds the event loop for long. Keys of completed sessions go too, and day figures
 * older than yesterday (UTC).
 */
export async function pruneUploadedRows(storage: Storage, now: Date): Promise<void> {
  for (const id of await sessionsWithExpiredRows(storage, now)) await deleteSessionRows(storage, id);
  const keyed = await storage.db.selectFrom('import_sessions as s')
    .select('s.id')
    .where('s.completed_at', 'is not', null)
    .where(({ exists, selectFrom }) => exists(selectFrom('import_row_keys as k').select('k.chunk').whereRef('k.session_id', '=', 's.id')))
    .execute();
  for (const { id } of keyed) await deleteSessionKeys(storage, id);
  const yesterday = uploadDay(new Date(now.getTime() - 24 * 3600_000));
  await storage.db.deleteFrom('import_upload_days').where('day', '<', yesterday).execute();
}
