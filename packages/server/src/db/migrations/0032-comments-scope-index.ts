import type { Kysely } from 'kysely';

/**
 * A workspace's comments are indexed in page order, (workspace, post, thread, comment), not by
 * (workspace, post) alone (docs/decisions.md, "PostgreSQL writes (measured)"). A page of a post's
 * comments names the workspace, the post and the mode and reads in thread order; on PostgreSQL
 * its prepared statement keeps one plan for any values, and made before the table had statistics
 * that plan took `comments_workspace`, which matched more of the conditions than
 * `comments_thread` (post, thread, comment), and sorted every comment of the post for each page
 * (p95 82 ms at 10,000 comments). Now every index the page can take has its order. The index
 * still serves what `comments_workspace` was for: the inbox's search of a workspace's comments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('comments_scope').on('comments').columns(['workspace_id', 'post_id', 'thread_id', 'id']).execute();
  await db.schema.dropIndex('comments_workspace').execute();
}
