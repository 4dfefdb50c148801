import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * The recipients of an email outbox row, listed once (docs/feedback.md, "Email"): the first claim
 * of a row writes its post's voters and commenters with an email into `email_recipients`
 * (`email_outbox.listed` then 1), and every claim reads the next ones in address order after the
 * last address sent to. Before, each claim of 50 read every voter of the post again: a post with
 * 10,000 voters read 200 × 10,000 rows, on SQLite in the server's thread.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('email_outbox').addColumn('listed', t.int, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('email_recipients')
    .addColumn('outbox_id', 'text', (c) => c.notNull().references('email_outbox.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addPrimaryKeyConstraint('email_recipients_pk', ['outbox_id', 'email'])
    .execute();
}
