import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Optimistic writes (docs/decisions.md, "PostgreSQL writes (measured)"): a hot write is computed
 * from a state read earlier (or remembered) and stored only if that state is still the stored
 * one, checked by the write itself instead of a lock taken first (`Tx.expect`, db/statements.ts).
 *
 * - `progress.version`: moves by one with every write of the row, so a progress write stores
 *   `WHERE version = <the version it was computed from>`. Rows written before start at 0.
 * - PostgreSQL: `inlay_expect_rows(changed, expected)` fails the statement, and with it the
 *   transaction, with SQLSTATE IL001 when a write changed another number of rows than expected
 *   (db/postgres/transaction.ts): so a conflict stops the writes that were sent with it in the
 *   same message. SQLite checks the count of each write as it runs; nothing to add there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('progress').addColumn('version', t.int, (col) => col.notNull().defaultTo(0)).execute();
  if (!t.postgres) return;
  await sql`CREATE OR REPLACE FUNCTION inlay_expect_rows(changed bigint, expected bigint) RETURNS void LANGUAGE plpgsql AS $expect$
BEGIN
  IF changed <> expected THEN
    RAISE EXCEPTION 'inlay: a write changed % rows where % were expected', changed, expected USING ERRCODE = 'IL001';
  END IF;
END
$expect$`.execute(db);
}
