import type { Storage } from '../../db/connect.js';

/**
 * A session's uploaded rows as delivery reads them back and deletes them
 * (docs/importer.md#server-delivery): stored chunks, their text, the acknowledgement, the
 * deletion. Pages and cursors are services/importer/session-rows.ts's.
 */

/** A stored chunk's figures: its number, rows and stored bytes. */
export interface StoredChunk {
  chunk: number;
  row_count: number;
  byte_count: number;
  upload_id: string;
}

/** Chunk numbers stored for a session and their rows, ascending: what an upload can resume from. */
export async function storedChunks(storage: Storage, sessionId: string): Promise<{ chunk: number; rowCount: number }[]> {
  const rows = await storage.db.selectFrom('import_rows').select(['chunk', 'row_count']).where('session_id', '=', sessionId).orderBy('chunk').execute();
  return rows.map((row) => ({ chunk: row.chunk, rowCount: row.row_count }));
}

/** How many rows the session's chunks before chunk `chunk` hold. */
export async function rowsBeforeChunk(storage: Storage, sessionId: string, chunk: number): Promise<number> {
  const before = await storage.db.selectFrom('import_rows')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('row_count'), eb.lit(0)).as('rows'))
    .where('session_id', '=', sessionId)
    .where('chunk', '<', chunk)
    .executeTakeFirst();
  return Number(before?.rows ?? 0);
}

/** The figures of the session's chunks from chunk `chunk` on, in chunk order (never their rows). */
export function storedChunksFrom(storage: Storage, sessionId: string, chunk: number): Promise<StoredChunk[]> {
  return storage.db.selectFrom('import_rows')
    .select(['chunk', 'row_count', 'byte_count', 'upload_id'])
    .where('session_id', '=', sessionId)
    .where('chunk', '>=', chunk)
    .orderBy('chunk')
    .execute();
}

/** A chunk's rows as its stored JSON array text: from its parts, or (before migration 0010) its row. */
export async function chunkText(storage: Storage, sessionId: string, chunk: Pick<StoredChunk, 'chunk' | 'upload_id'>): Promise<string> {
  const parts = await storage.db.selectFrom('import_row_parts')
    .select('rows')
    .where('session_id', '=', sessionId)
    .where('chunk', '=', chunk.chunk)
    .where('upload_id', '=', chunk.upload_id)
    .orderBy('part')
    .execute();
  if (parts.length > 0) return parts.map((part) => part.rows).join('');
  const legacy = await storage.db.selectFrom('import_rows').select('rows').where('session_id', '=', sessionId).where('chunk', '=', chunk.chunk).executeTakeFirst();
  return legacy?.rows || '[]';
}

/**
 * Marks a session's rows acknowledged (once: the first time is kept) and answers when that was.
 * The rows themselves are deleted by {@link deleteSessionRows} after.
 */
export async function acknowledgeRows(storage: Storage, sessionId: string, now: Date): Promise<string> {
  await storage.db.updateTable('import_sessions').set({ rows_acknowledged_at: now.toISOString() }).where('id', '=', sessionId).where('rows_acknowledged_at', 'is', null).execute();
  const row = await storage.db.selectFrom('import_sessions').select('rows_acknowledged_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
  return row.rows_acknowledged_at ?? now.toISOString();
}

/** Parts deleted per statement: 16 parts of 256 Ki code units, about 4 MiB of text. */
const PART_SLICE = 16;
/** Keys deleted per statement. */
const KEY_SLICE = 500;

/**
 * Deletes a session's uploaded rows, their parts and keys, a slice per statement, so no one
 * statement holds the event loop for a whole session (up to 512 MiB of rows). Parts of uploads
 * that lost their place (refused, replaced, or cut off half-written) go too.
 */
export async function deleteSessionRows(storage: Storage, sessionId: string): Promise<void> {
  for (;;) {
    const deleted = await storage.db.deleteFrom('import_row_parts')
      .where('session_id', '=', sessionId)
      // By primary key, not SQLite's rowid, which PostgreSQL has not.
      .where((eb) =>
        eb(
          eb.refTuple('chunk', 'upload_id', 'part'),
          'in',
          eb.selectFrom('import_row_parts').select(['chunk', 'upload_id', 'part']).where('session_id', '=', sessionId).limit(PART_SLICE).$asTuple('chunk', 'upload_id', 'part'),
        ),
      )
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) break;
  }
  for (;;) {
    const deleted = await storage.db.deleteFrom('import_row_keys')
      .where('session_id', '=', sessionId)
      .where((eb) =>
        eb(
          eb.refTuple('field', 'value_hash', 'chunk', 'row', 'upload_id'),
          'in',
          eb
            .selectFrom('import_row_keys')
            .select(['field', 'value_hash', 'chunk', 'row', 'upload_id'])
            .where('session_id', '=', sessionId)
            .limit(KEY_SLICE)
            .$asTuple('field', 'value_hash', 'chunk', 'row', 'upload_id'),
        ),
      )
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) break;
  }
  // The chunks' rows are figures only by now (or, before migration 0010, their JSON: one chunk each).
  for (;;) {
    const deleted = await storage.db.deleteFrom('import_rows')
      .where('session_id', '=', sessionId)
      .where('chunk', 'in', storage.db.selectFrom('import_rows').select('chunk').where('session_id', '=', sessionId).limit(1))
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) break;
  }
}

/**
 * Sessions past their 24 hours, or acknowledged (a deletion a restart cut short), that still hold
 * uploaded rows, parts or keys.
 */
export async function sessionsWithExpiredRows(storage: Storage, now: Date): Promise<string[]> {
  const rows = await storage.db.selectFrom('import_sessions as s')
    .select('s.id')
    .where((eb) => eb.or([eb('s.expires_at', '<=', now.toISOString()), eb('s.rows_acknowledged_at', 'is not', null)]))
    .where(({ exists, selectFrom, or }) =>
      or([
        exists(selectFrom('import_rows as r').select('r.chunk').whereRef('r.session_id', '=', 's.id')),
        exists(selectFrom('import_row_parts as p').select('p.chunk').whereRef('p.session_id', '=', 's.id')),
        exists(selectFrom('import_row_keys as k').select('k.chunk').whereRef('k.session_id', '=', 's.id')),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}
