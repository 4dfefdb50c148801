import type { Kysely } from 'kysely';

/**
 * Rate-limit counts shared by the server processes of one PostgreSQL database
 * (plugins/rate-counts/): one row per limited key and fixed window, added to by each
 * instance's batched upserts. SQLite has one server per file and counts in memory; the table
 * exists there too so both schemas stay one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counts')
    .addColumn('limit_key', 'text', (col) => col.notNull())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_counts_pk', ['limit_key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_counts_expires').on('rate_limit_counts').column('expires_at').execute();
}
