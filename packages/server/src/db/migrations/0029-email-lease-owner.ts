import type { Kysely } from 'kysely';

/**
 * Who holds an email outbox row's lease (docs/feedback.md, "Email"): each claim writes a token of
 * its own, and every later write of the sender for that row (a longer lease, its end, a retry,
 * the next batch) holds only while the token is still there. A sender whose lease ran out while
 * it sent (a mail server that answered after the lease) and that another process has claimed
 * since stops instead of sending the same messages beside it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('lease_owner', 'text').execute();
}
