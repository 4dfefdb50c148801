import type { Kysely } from 'kysely';

/**
 * A recipient the mail server refused for good (docs/feedback.md, "Email"): `email_sends.refused`
 * keeps its answer (a 5xx to RCPT TO), and the row's other recipients are still sent to. Null
 * for a message the server accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_sends').addColumn('refused', 'text').execute();
}
