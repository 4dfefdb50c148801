import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/** Import sessions: metadata and counts only; rows never reach this table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('import_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('importer_id', 'text', (col) => col.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('revision_id', 'text', (col) => col.notNull())
    .addColumn('metadata', 'text', (col) => col.notNull())
    .addColumn('mapping', 'text')
    .addColumn('row_count', t.int)
    .addColumn('error_count', t.int)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('import_sessions_recent').on('import_sessions').columns(['workspace_id', 'mode', 'id']).execute();
}
