import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Votes keyed by their primary key alone (SQLite's WITHOUT ROWID): a vote was a row in the table
 * plus an entry in the primary key's index, two B-trees written per vote; now one. Rebuilt in
 * the one transaction SQLite's migrations run in (db/sqlite/open.ts), every vote kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL has no rowid to drop: its table was keyed by the primary key from the start.
  if (columnTypes(db).postgres) return;
  await rebuild(db);
}

async function rebuild(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('votes_by_key')
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('votes_pk', ['post_id', 'author_key'])
    .modifyEnd(t.withoutRowid)
    .execute();
  await sql`INSERT INTO votes_by_key (post_id, author_key, created_at) SELECT post_id, author_key, created_at FROM votes`.execute(db);
  await db.schema.dropTable('votes').execute();
  await db.schema.alterTable('votes_by_key').renameTo('votes').execute();
}
