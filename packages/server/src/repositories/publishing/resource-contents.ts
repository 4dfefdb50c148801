import type { ResourceKind } from '@inlay/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/**
 * What lives under one flow, board or importer, counted per table. The foreign keys of the
 * migrations delete all of it with the resource (`ON DELETE CASCADE`: revisions, progress,
 * outcomes, posts and through them votes and search entries, import sessions and through them
 * uploaded rows); these counts say what a deletion removes before it runs.
 */
export interface ResourceContents {
  revisions: number;
  progress: number;
  outcomes: number;
  posts: number;
  votes: number;
  importSessions: number;
  uploadedRowChunks: number;
}

export interface ResourceHead {
  id: string;
  workspaceId: string;
  kind: ResourceKind;
  name: string;
  publishedRevisionId: string | null;
}

/** A resource of `kind` by id, in whichever workspace. */
export async function findResourceHead(db: Db, kind: ResourceKind, id: string): Promise<ResourceHead | undefined> {
  const row = await db.selectFrom('resources')
    .select(['id', 'workspace_id', 'kind', 'name', 'published_revision_id'])
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row && { id: row.id, workspaceId: row.workspace_id, kind: row.kind, name: row.name, publishedRevisionId: row.published_revision_id };
}

export async function countResourceContents(db: Db, id: string): Promise<ResourceContents> {
  const count = sql<number>`count(*)`.as('n');
  const n = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number }> }) => Number((await query.executeTakeFirstOrThrow()).n);
  const postsOf = db.selectFrom('posts').select('id').where('board_id', '=', id);
  const sessionsOf = db.selectFrom('import_sessions').select('id').where('importer_id', '=', id);
  // One after another: inside a transaction they share its one connection.
  return {
    revisions: await n(db.selectFrom('revisions').select(count).where('resource_id', '=', id)),
    progress: await n(db.selectFrom('progress').select(count).where('flow_id', '=', id)),
    outcomes: await n(db.selectFrom('outcomes').select(count).where('flow_id', '=', id)),
    posts: await n(db.selectFrom('posts').select(count).where('board_id', '=', id)),
    votes: await n(db.selectFrom('votes').select(count).where('post_id', 'in', postsOf)),
    importSessions: await n(db.selectFrom('import_sessions').select(count).where('importer_id', '=', id)),
    uploadedRowChunks: await n(db.selectFrom('import_rows').select(count).where('session_id', 'in', sessionsOf)),
  };
}

/** Takes SQLite's write lock with a write to the resource row, so the transaction's reads and its delete see one state. */
export async function lockResource(db: Db, kind: ResourceKind, id: string): Promise<void> {
  await db.updateTable('resources').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).where('kind', '=', kind).execute();
}

/** The children of resources that grow with use: what a deletion removes a part at a time before the resource row. */
export type ContentPart = 'posts' | 'progress' | 'outcomes' | 'importSessions';

/**
 * Deletes at most `limit` rows of `part` under `resource` (posts take their votes, comments and
 * search entries with them, import sessions their uploaded rows); answers how many went. Each
 * query seeks an index led by the resource's column (migration 0033), scoped by its workspace.
 */
export async function deleteContentPart(db: Db, part: ContentPart, resource: ResourceHead, limit: number): Promise<number> {
  const { id, workspaceId } = resource;
  const result = await (() => {
    switch (part) {
      case 'posts':
        return db.deleteFrom('posts').where('id', 'in', db.selectFrom('posts').select('id').where('board_id', '=', id).where('workspace_id', '=', workspaceId).limit(limit));
      case 'progress':
        return db.deleteFrom('progress').where('id', 'in', db.selectFrom('progress').select('id').where('flow_id', '=', id).where('workspace_id', '=', workspaceId).limit(limit));
      case 'outcomes':
        return db.deleteFrom('outcomes').where('id', 'in', db.selectFrom('outcomes').select('id').where('flow_id', '=', id).where('workspace_id', '=', workspaceId).limit(limit));
      case 'importSessions':
        return db.deleteFrom('import_sessions').where('id', 'in', db.selectFrom('import_sessions').select('id').where('importer_id', '=', id).where('workspace_id', '=', workspaceId).limit(limit));
    }
  })().executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the resource row; the cascades take everything under it. */
export async function deleteResourceRow(db: Db, kind: ResourceKind, id: string): Promise<boolean> {
  const result = await db.deleteFrom('resources').where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
