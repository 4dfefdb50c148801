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
 * - `posts.search_text`: the folded title and body, a stored generated column.
 * - `posts_search_trgm`: a GIN trigram index (pg_trgm) on `search_text`, for terms of
 *   three characters or more: a substring anywhere, inside compound words and in any script.
 * - `posts_search_words`: a GIN index on the words of `search_text` (`simple` configuration:
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
  // Stored, not an index expression alone: every match of a trigram search is checked against
  // the text itself, and folding it again for each one (unaccent and lower) cost ~20 µs a post.
  await sql`ALTER TABLE posts ADD COLUMN search_text text GENERATED ALWAYS AS (inlay_fold(title || ' ' || body)) STORED`.execute(db);
  await sql`CREATE INDEX posts_search_trgm ON posts USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX posts_search_words ON posts USING gin (to_tsvector('simple', search_text))`.execute(db);
}
