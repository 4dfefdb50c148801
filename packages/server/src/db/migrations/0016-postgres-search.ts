import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Post search on PostgreSQL (docs/decisions.md, "Search on PostgreSQL"). SQLite's FTS5 tables
 * come from 0003 and 0009; there this migration does nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  // Filled in by the PostgreSQL search work.
}
