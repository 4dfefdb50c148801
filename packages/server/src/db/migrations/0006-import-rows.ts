import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/** Rows a session uploaded for webhook delivery, by chunk; deleted when the session expires. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('import_rows')
    .addColumn('session_id', 'text', (col) => col.notNull().references('import_sessions.id').onDelete('cascade'))
    .addColumn('chunk', t.int, (col) => col.notNull())
    .addColumn('row_count', t.int, (col) => col.notNull())
    .addColumn('rows', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_rows_pk', ['session_id', 'chunk'])
    .execute();
}
