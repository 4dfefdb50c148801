import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Post search on PostgreSQL in a table of its own (docs/decisions.md, "Search on PostgreSQL"), as
 * SQLite's FTS5 tables are. A vote changes `posts.vote_count`, which sorted lists index, so its
 * update is never HOT: it wrote an entry in every index of `posts`, the two GIN search indexes of
 * 0016 included (75 of a vote update's 160 µs of PostgreSQL's CPU, measured). `post_search` holds
 * what a search reads of a post except its votes (board, mode, status, category, title, body,
 * and the folded text and words with their GIN indexes), kept by a trigger on `posts` in the
 * same transaction as every write that changes them, and deleted with the post.
 * SQLite keeps its FTS5 tables: there this migration does nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql`CREATE TABLE post_search (
    id text PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
    board_id text NOT NULL,
    mode text NOT NULL,
    status text NOT NULL,
    category_id text,
    title text NOT NULL,
    body text NOT NULL,
    search_text text GENERATED ALWAYS AS (inlay_fold(title || ' ' || body)) STORED,
    search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', inlay_fold(title || ' ' || body))) STORED
  )`.execute(db);
  await sql`INSERT INTO post_search (id, board_id, mode, status, category_id, title, body)
    SELECT id, board_id, mode, status, category_id, title, body FROM posts`.execute(db);
  await sql`CREATE INDEX post_search_trgm ON post_search USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX post_search_words ON post_search USING gin (search_words)`.execute(db);
  await sql`CREATE FUNCTION inlay_post_search() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      INSERT INTO post_search (id, board_id, mode, status, category_id, title, body)
        VALUES (NEW.id, NEW.board_id, NEW.mode, NEW.status, NEW.category_id, NEW.title, NEW.body)
        ON CONFLICT (id) DO UPDATE SET board_id = EXCLUDED.board_id, mode = EXCLUDED.mode, status = EXCLUDED.status,
          category_id = EXCLUDED.category_id, title = EXCLUDED.title, body = EXCLUDED.body;
      RETURN NULL;
    END
  $body$`.execute(db);
  // Only writes that change what a search reads: a vote sets none of these columns.
  await sql`CREATE TRIGGER posts_search AFTER INSERT OR UPDATE OF board_id, mode, status, category_id, title, body ON posts
    FOR EACH ROW EXECUTE FUNCTION inlay_post_search()`.execute(db);
  await sql`DROP INDEX posts_search_trgm`.execute(db);
  await sql`DROP INDEX posts_search_words`.execute(db);
  await sql`ALTER TABLE posts DROP COLUMN search_text, DROP COLUMN search_words`.execute(db);
  await sql`ANALYZE post_search`.execute(db);
}
