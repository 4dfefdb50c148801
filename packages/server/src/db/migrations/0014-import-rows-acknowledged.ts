import type { Kysely } from 'kysely';

/**
 * When the customer's backend acknowledged a session's uploaded rows (docs/importer.md#server-delivery):
 * the rows are deleted then, and reading them again answers `rows_acknowledged`, not an empty list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_sessions').addColumn('rows_acknowledged_at', 'text').execute();
}
