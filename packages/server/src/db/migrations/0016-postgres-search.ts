import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Post search on PostgreSQL (docs/decisions.md, "Search on PostgreSQL"). SQLite's FTS5 tables
 * come from 0003 and 0009; there this migration does nothing.
 *
 * - `inlay_fold(text)`: lower case without accents, as search terms are folded
 *   (services/feedback/search-terms.ts). `unaccent` itself is only STABLE (it reads its
 *   dictionary by name), so an index cannot use it; this wrapper names the dictionary and is
 *   declared IMMUTABLE, as the dictionary never changes under a running server.
 * - `posts.search_text`: the folded title and body, and `posts.search_words` its words (stored
 *   generated columns; rows are read by their named columns, repositories/feedback/posts.ts `POST_COLUMNS`,
 *   so these never leave the database).
 * - `posts_search_trgm`: a GIN trigram index (pg_trgm) on `search_text`, for terms of
 *   three characters or more: a substring anywhere, inside compound words and in any script.
 * - `posts_search_words`: a GIN index on `search_words` (the `simple` configuration:
 *   no stemming, no stop words, any language), for terms of one or two characters as word
 *   prefixes, as SQLite's `posts_words` serves them.
 *
 * Both extensions are trusted: a database owner without superuser rights may create them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  // The function names unaccent by its schema, wherever the extension lives, so that it does not
  // depend on the search_path of the session that uses the index.
  const schema = (await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'`.execute(db)).rows[0]?.schema;
  if (schema === undefined) throw new Error('the unaccent extension is missing after CREATE EXTENSION');
  const quoted = `"${schema.replaceAll('"', '""')}"`;
  const body = `SELECT lower(${quoted}.unaccent('${quoted.replaceAll("'", "''")}.unaccent'::regdictionary, $1))`;
  await sql`CREATE OR REPLACE FUNCTION inlay_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fold$ ${sql.raw(body)} $fold$`.execute(db);
  // Stored, not index expressions alone: each match a search reads is checked against the text
  // (a trigram match is only a candidate; a word-prefix match too), and folding the text again
  // or parsing its words again for each one cost 20 µs to 1 ms a post (docs/decisions.md).
  await sql`ALTER TABLE posts ADD COLUMN search_text text GENERATED ALWAYS AS (inlay_fold(title || ' ' || body)) STORED`.execute(db);
  await sql`ALTER TABLE posts ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', inlay_fold(title || ' ' || body))) STORED`.execute(db);
  await sql`CREATE INDEX posts_search_trgm ON posts USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX posts_search_words ON posts USING gin (search_words)`.execute(db);
}
