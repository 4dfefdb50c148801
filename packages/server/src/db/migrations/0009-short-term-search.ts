import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * A word index for search terms of one or two characters, which the trigram index of 0003
 * cannot serve (a trigram needs three). FTS5 with the `unicode61` tokenizer (words split at
 * spaces and punctuation, case and accents folded) and prefix indexes of one and two
 * characters, so a short term is one lookup of the words it begins (docs/feedback.md, Search).
 * Kept in sync with `posts` by triggers in the same transaction, like `posts_fts`; filled from
 * the posts already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite's FTS5 only; PostgreSQL's search indexes come with 0016-postgres-search.ts.
  if (columnTypes(db).postgres) return;
  await sql`CREATE VIRTUAL TABLE posts_words USING fts5(title, body, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='1 2')`.execute(db);
  await sql`CREATE TRIGGER posts_words_insert AFTER INSERT ON posts BEGIN
    INSERT INTO posts_words(rowid, title, body) VALUES (new.rowid, new.title, new.body);
  END`.execute(db);
  await sql`CREATE TRIGGER posts_words_delete AFTER DELETE ON posts BEGIN
    INSERT INTO posts_words(posts_words, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);
  END`.execute(db);
  await sql`CREATE TRIGGER posts_words_update AFTER UPDATE OF title, body ON posts BEGIN
    INSERT INTO posts_words(posts_words, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);
    INSERT INTO posts_words(rowid, title, body) VALUES (new.rowid, new.title, new.body);
  END`.execute(db);
  await sql`INSERT INTO posts_words(posts_words) VALUES ('rebuild')`.execute(db);
}
