import { sql, type Kysely } from 'kysely';

/**
 * Uploaded chunks are validated when they arrive (docs/decisions.md, "Importer uploads"):
 * - `import_rows` keeps each chunk's figures, so completing a session sums them instead of
 *   reading its rows back. Chunks stored before this migration have no figures (NULL) and are
 *   validated one at a time when their session completes.
 * - `import_row_keys` holds every valid value of a `unique` or `duplicateKey` field, hashed, with
 *   its place (chunk, row): a repeat is a key with an earlier place, found by the primary key.
 *   A chunk sent again deletes its keys first, so a retry never counts twice.
 * - `import_upload_days` counts the rows and bytes a workspace had accepted per UTC day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_rows').addColumn('byte_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('import_rows').addColumn('invalid_row_count', 'integer').execute();
  await sql`UPDATE import_rows SET byte_count = length(CAST(rows AS BLOB))`.execute(db);
  await db.schema
    .createTable('import_row_keys')
    .addColumn('session_id', 'text', (col) => col.notNull().references('import_sessions.id').onDelete('cascade'))
    .addColumn('field', 'integer', (col) => col.notNull())
    .addColumn('value_hash', 'blob', (col) => col.notNull())
    .addColumn('chunk', 'integer', (col) => col.notNull())
    .addColumn('row', 'integer', (col) => col.notNull())
    // 1 when the row has an error of its own (type, required), so a repeat adds no invalid row.
    .addColumn('own_error', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_row_keys_pk', ['session_id', 'field', 'value_hash', 'chunk', 'row'])
    .modifyEnd(sql`WITHOUT ROWID`)
    .execute();
  await db.schema.createIndex('import_row_keys_chunk').on('import_row_keys').columns(['session_id', 'chunk']).execute();
  await db.schema
    .createTable('import_upload_days')
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('rows', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_upload_days_pk', ['workspace_id', 'day'])
    .modifyEnd(sql`WITHOUT ROWID`)
    .execute();
}
