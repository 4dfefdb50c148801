import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Posts, votes and full-text search. The FTS table is SQLite's FTS5 with the trigram tokenizer
 * (finds words inside compounds and in any script, accents folded), an external-content table
 * kept in sync by triggers inside the same transaction as every write to `posts`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('board_id', 'text', (col) => col.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('vote_count', t.int, (col) => col.notNull().defaultTo(0))
    .addColumn('trending_score', t.real, (col) => col.notNull())
    .addColumn('author_key', 'text', (col) => col.notNull())
    .addColumn('author_id', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text')
    .addColumn('author_anonymous', t.int, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('posts_new').on('posts').columns(['board_id', 'mode', 'id desc']).execute();
  await db.schema.createIndex('posts_top').on('posts').columns(['board_id', 'mode', 'vote_count desc', 'id desc']).execute();
  await db.schema.createIndex('posts_trending').on('posts').columns(['board_id', 'mode', 'trending_score desc', 'id desc']).execute();

  await db.schema
    .createTable('votes')
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('votes_pk', ['post_id', 'author_key'])
    .execute();

  // Search on PostgreSQL has its own indexes (0016-postgres-search.ts).
  if (t.postgres) return;
  await sql`CREATE VIRTUAL TABLE posts_fts USING fts5(title, body, content='posts', content_rowid='rowid', tokenize='trigram remove_diacritics 1')`.execute(db);
  await sql`CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
    INSERT INTO posts_fts(rowid, title, body) VALUES (new.rowid, new.title, new.body);
  END`.execute(db);
  await sql`CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
    INSERT INTO posts_fts(posts_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);
  END`.execute(db);
  await sql`CREATE TRIGGER posts_fts_update AFTER UPDATE OF title, body ON posts BEGIN
    INSERT INTO posts_fts(posts_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);
    INSERT INTO posts_fts(rowid, title, body) VALUES (new.rowid, new.title, new.body);
  END`.execute(db);
}
