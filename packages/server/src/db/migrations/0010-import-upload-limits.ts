import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Uploaded chunks are validated when they arrive (docs/decisions.md, "Importer uploads"):
 * - `import_rows` keeps each chunk's figures, so completing a session sums them instead of
 *   reading its rows back. Chunks stored before this migration have no figures (NULL) and are
 *   validated one at a time when their session completes.
 * - `import_row_keys` holds every valid value of a `unique` or `duplicateKey` field, hashed, with
 *   its place (chunk, row): a repeat is a key with an earlier place, found by the primary key.
 *   Keys are written under their upload's id, in small transactions before the chunk row, and
 *   count only while the chunk row names that upload: a retry never counts twice, and no one
 *   transaction holds the event loop for a whole chunk's keys.
 * - `import_row_parts` holds a chunk's rows (its JSON array, cut in pieces) for uploads stored
 *   from now on, written a piece per transaction like the keys; `import_rows.rows` is then ''.
 * - `import_upload_days` counts the rows and bytes a workspace had accepted per UTC day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('import_rows').addColumn('byte_count', t.int, (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('import_rows').addColumn('invalid_row_count', t.int).execute();
  await db.schema.alterTable('import_rows').addColumn('upload_id', 'text', (col) => col.notNull().defaultTo('')).execute();
  await (t.postgres ? sql`UPDATE import_rows SET byte_count = octet_length(rows)` : sql`UPDATE import_rows SET byte_count = length(CAST(rows AS BLOB))`).execute(db);
  await db.schema
    .createTable('import_row_keys')
    .addColumn('session_id', 'text', (col) => col.notNull().references('import_sessions.id').onDelete('cascade'))
    .addColumn('field', t.int, (col) => col.notNull())
    .addColumn('value_hash', t.blob, (col) => col.notNull())
    .addColumn('chunk', t.int, (col) => col.notNull())
    .addColumn('row', t.int, (col) => col.notNull())
    // 1 when the row has an error of its own (type, required), so a repeat adds no invalid row.
    .addColumn('own_error', t.int, (col) => col.notNull())
    // The upload that wrote the key: it counts while the chunk's row names that upload.
    .addColumn('upload_id', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('import_row_keys_pk', ['session_id', 'field', 'value_hash', 'chunk', 'row', 'upload_id'])
    .modifyEnd(t.withoutRowid)
    .execute();
  await db.schema.createIndex('import_row_keys_chunk').on('import_row_keys').columns(['session_id', 'chunk', 'upload_id']).execute();
  await db.schema
    .createTable('import_row_parts')
    .addColumn('session_id', 'text', (col) => col.notNull().references('import_sessions.id').onDelete('cascade'))
    .addColumn('chunk', t.int, (col) => col.notNull())
    .addColumn('upload_id', 'text', (col) => col.notNull())
    .addColumn('part', t.int, (col) => col.notNull())
    .addColumn('rows', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_row_parts_pk', ['session_id', 'chunk', 'upload_id', 'part'])
    .execute();
  await db.schema
    .createTable('import_upload_days')
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('rows', t.int, (col) => col.notNull())
    .addColumn('bytes', t.int, (col) => col.notNull())
    .addPrimaryKeyConstraint('import_upload_days_pk', ['workspace_id', 'day'])
    .modifyEnd(t.withoutRowid)
    .execute();
}
