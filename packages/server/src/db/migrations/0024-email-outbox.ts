import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Built-in email to voters and commenters (docs/feedback.md, "Email"): an outbox written in the
 * transaction of the change it tells of, as webhook deliveries are (docs/webhooks.md).
 *
 * - `email_outbox`: one row per change to tell of (a post's new status, a team comment), leased
 *   by the sender while it sends, retried on a schedule. Only pending rows are indexed.
 * - `email_sends`: one row per message an outbox row sent, written when the mail server
 *   accepted it; a retry after a crash skips the recipients already in it.
 * - `email_unsubscribes`: addresses that asked for no more email from a workspace's mode.
 * - `email_keys`: the key that signs unsubscribe links (made on first use).
 * - `comments.author_email`: what the commenter's author token carried.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('comments').addColumn('author_email', 'text').execute();
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('board_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', t.int, (c) => c.notNull())
    .addColumn('next_attempt_at', t.int, (c) => c.notNull())
    .addColumn('lease_until', t.int, (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await db.schema
    .createTable('email_sends')
    .addColumn('outbox_id', 'text', (c) => c.notNull().references('email_outbox.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_sends_pk', ['outbox_id', 'email'])
    .execute();
  await db.schema
    .createTable('email_unsubscribes')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_unsubscribes_pk', ['workspace_id', 'mode', 'email'])
    .execute();
  await db.schema
    .createTable('email_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
