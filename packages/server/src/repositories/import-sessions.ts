import { SESSION_TTL_MS, type ColumnMapping, type ImportSession, type KeyMode } from '@inlay/core';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.js';
import { newId } from '../db/ids.js';
import type { ImportSessionsTable } from '../db/schema.js';

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
  db: Db,
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
  };
  await db.insertInto('import_sessions').values(row).execute();
  return toSession(row, now);
}

export async function findSession(db: Db, scope: { workspaceId: string; mode: KeyMode }, id: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('import_sessions')
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
  const result = await db
    .updateTable('import_sessions')
    .set({ mapping: JSON.stringify(done.mapping), row_count: done.rowCount, error_count: done.errorCount, completed_at: now.toISOString() })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The latest sessions of a workspace and mode, newest first: metadata only. */
export async function recentSessions(db: Db, scope: { workspaceId: string; mode: KeyMode }, limit: number): Promise<ImportSession[]> {
  const rows = await db
    .selectFrom('import_sessions')
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

/** Stores one chunk of a session's rows; the same chunk number again replaces it. */
export async function saveRowChunk(db: Db, sessionId: string, chunk: number, rows: UploadedRow[]): Promise<void> {
  const values = { row_count: rows.length, rows: JSON.stringify(rows), created_at: new Date().toISOString() };
  await db
    .insertInto('import_rows')
    .values({ session_id: sessionId, chunk, ...values })
    .onConflict((oc) => oc.columns(['session_id', 'chunk']).doUpdateSet(values))
    .execute();
}

/** Every uploaded row of a session, in chunk order; empty when nothing was uploaded. */
export async function loadUploadedRows(db: Db, sessionId: string): Promise<UploadedRow[]> {
  const chunks = await db.selectFrom('import_rows').select('rows').where('session_id', '=', sessionId).orderBy('chunk').execute();
  return chunks.flatMap((chunk) => JSON.parse(chunk.rows) as UploadedRow[]);
}

/** Deletes uploaded rows of expired sessions: rows are never kept past a session's 24 hours. */
export async function pruneUploadedRows(db: Db, now: Date): Promise<void> {
  const expired = db.selectFrom('import_sessions').select('id').where('expires_at', '<=', now.toISOString());
  await db.deleteFrom('import_rows').where('session_id', 'in', expired).execute();
}
