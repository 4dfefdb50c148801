import { SESSION_TTL_MS, type ColumnMapping, type ImportSession, type KeyMode } from '@inlay/core';
import type { Selectable } from 'kysely';
import type { Storage, Db } from '../../db/connect.js';
import { newId } from '../../db/ids.js';
import type { ImportSessionsTable } from '../../db/schema.js';

/**
 * Import sessions' rows (`import_sessions`). What was uploaded into a session lives in
 * upload-chunks.ts (the upload) and session-rows.ts (delivery and deletion).
 */

export type SessionRow = Selectable<ImportSessionsTable>;

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

/**
 * The latest sessions of a workspace and mode (of one importer, when given), newest first, each
 * with its importer's name: the dashboard's list (docs/dashboard-api.md).
 */
export async function listSessionsWithImporter(
  storage: Storage,
  scope: { workspaceId: string; mode: KeyMode; importerId?: string | undefined },
  limit: number,
): Promise<(SessionRow & { importer_name: string })[]> {
  let query = storage.db.selectFrom('import_sessions')
    .innerJoin('resources', 'resources.id', 'import_sessions.importer_id')
    .selectAll('import_sessions')
    .select('resources.name as importer_name')
    .where('import_sessions.workspace_id', '=', scope.workspaceId)
    .where('import_sessions.mode', '=', scope.mode);
  if (scope.importerId !== undefined) query = query.where('import_sessions.importer_id', '=', scope.importerId);
  return query.orderBy('import_sessions.id', 'desc').limit(limit).execute();
}
