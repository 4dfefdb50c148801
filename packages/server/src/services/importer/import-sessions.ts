import { SESSION_TTL_MS, UPLOAD_CHUNKS_MAX, type ColumnMapping, type ImportSession, type KeyMode } from '@inlay/core';
import { sql, type Selectable } from 'kysely';
import { type Param, type Tx } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';
import type { Storage, Db } from '../../db/connect.js';
import { newId } from '../../db/ids.js';
import type { ImportSessionsTable } from '../../db/schema.js';
import { chunkText, deleteSessionRows, sessionsWithExpiredRows } from './session-rows.js';

type SessionRow = Selectable<ImportSessionsTable>;

export function toSession(row: SessionRow, now = new Date()): ImportSession {
  const status = row.completed_at !== null ? 'completed' : Date.parse(row.expires_at) <= now.getTime() ? 'expired' : 'open';
  return {
    id: row.id,
    object: 'import_session',
    importerId: row.importer_id,
    revisionId: row.revision_id,
    mode: row.mode,
    status,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    mapping: row.mapping === null ? null : (JSON.parse(row.mapping) as ColumnMapping),
    rowCount: row.row_count,
    errorCount: row.error_count,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    completedAt: row.completed_at,
  };
}

export async function createSession(
  storage: Storage,
  scope: { workspaceId: string; mode: KeyMode },
  session: { importerId: string; revisionId: string; metadata: Record<string, string> },
  now = new Date(),
): Promise<ImportSession> {
  const row: SessionRow = {
    id: newId('sess'),
    workspace_id: scope.workspaceId,
    mode: scope.mode,
    importer_id: session.importerId,
    revision_id: session.revisionId,
    metadata: JSON.stringify(session.metadata),
    mapping: null,
    row_count: null,
    error_count: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    completed_at: null,
    rows_acknowledged_at: null,
  };
  await storage.db.insertInto('import_sessions').values(row).execute();
  return toSession(row, now);
}

export async function findSession(storage: Storage, scope: { workspaceId: string; mode: KeyMode }, id: string): Promise<SessionRow | undefined> {
  return storage.db.selectFrom('import_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId)
    .where('mode', '=', scope.mode)
    .executeTakeFirst();
}

/** Completes an open session; false when it was completed in the meantime (a racing request). */
export async function completeSession(
  db: Db,
  id: string,
  done: { mapping: ColumnMapping; rowCount: number; errorCount: number },
  now = new Date(),
): Promise<boolean> {
  const result = await db.updateTable('import_sessions')
    .set({ mapping: JSON.stringify(done.mapping), row_count: done.rowCount, error_count: done.errorCount, completed_at: now.toISOString() })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The latest sessions of a workspace and mode, newest first: metadata only. */
export async function recentSessions(storage: Storage, scope: { workspaceId: string; mode: KeyMode }, limit: number): Promise<ImportSession[]> {
  const rows = await storage.db.selectFrom('import_sessions')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('mode', '=', scope.mode)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const now = new Date();
  return rows.map((row) => toSession(row, now));
}

export type UploadedRow = Record<string, string | number | boolean | null>;

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
async function totalsOf(storage: Storage, tx: Tx, upload: { sessionId: string; workspaceId: string; chunk: number }, day: string) {
  const s = statements(storage);
  const session = (await s.sessionTotals.get(tx, { sessionId: upload.sessionId, chunk: upload.chunk })) ?? { rows: 0, bytes: 0 };
  const daily = (await s.dayTotals.get(tx, { workspaceId: upload.workspaceId, day })) ?? { rows: 0, bytes: 0 };
  return { sessionRows: Number(session.rows), sessionBytes: Number(session.bytes), dailyRows: daily.rows, dailyBytes: daily.bytes };
}

function breachOf(totals: Awaited<ReturnType<typeof totalsOf>>, add: { rows: number; bytes: number }, caps: UploadCaps): CapBreach | null {
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
  return storage.read(async (tx) => breachOf(await totalsOf(storage, tx, upload, uploadDay(now)), { rows: upload.rowCount, bytes: 0 }, caps));
}

/** Keys written (or deleted) per transaction: each holds the event loop only briefly. */
const KEY_SLICE = 500;
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
  const s = statements(storage);
  const { sessionId, chunk } = upload;
  const uploadId = newId('upl');
  for (let start = 0; start < upload.keys.length; start += KEY_SLICE) {
    const slice = upload.keys.slice(start, start + KEY_SLICE);
    await storage.transaction(async (tx) => {
          for (const key of slice) await s.insertKey.run(tx, { sessionId, field: key.field, hash: key.hash, chunk, row: key.row, ownError: key.ownError, uploadId });
        });
  }
  // The rows too: one 8 MiB value written at once held the event loop for 80-190 ms.
  for (const [part, rows] of pieces(upload.json, PART_CHARS).entries()) {
    await storage.transaction((tx) => s.insertPart.run(tx, { sessionId, chunk, uploadId, part, rows }));
  }
  const outcome = await storage.transaction(async (tx) => {
      // Uploads of one workspace from several server processes check the caps one after the other.
      await tx.lock(JSON.stringify(['import-day', upload.workspaceId]));
      const breach = breachOf(await totalsOf(storage, tx, upload, day), { rows: upload.rowCount, bytes: upload.bytes }, caps);
      if (breach !== null) return { breach, lost: uploadId };
      const replaced = (await s.chunkUpload.get(tx, { sessionId, chunk }))?.upload_id;
      await s.upsertChunk.run(tx, { sessionId, chunk, rowCount: upload.rowCount, rows: '', bytes: upload.bytes, invalid: upload.invalidRowCount, createdAt: now.toISOString(), uploadId });
      await s.addToDay.run(tx, { workspaceId: upload.workspaceId, day, rows: upload.rowCount, bytes: upload.bytes });
      return { breach: null, lost: replaced };
    });
  if (outcome.lost !== undefined) await deleteLostUpload(storage, sessionId, chunk, outcome.lost);
  return outcome.breach;
}

/** The parts and keys of an upload that lost: refused, or replaced by a later one. */
async function deleteLostUpload(storage: Storage, sessionId: string, chunk: number, uploadId: string): Promise<void> {
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
