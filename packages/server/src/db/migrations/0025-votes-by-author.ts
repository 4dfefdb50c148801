import type { Kysely } from 'kysely';

/**
 * Votes by author key (docs/decisions.md, "Feedback posts"): a list's `voted` flags read the few
 * votes of the reader's keys through this index, instead of one primary-key lookup per post and
 * key (repositories/feedback/posts.ts `votedPostIds`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('votes_author').on('votes').columns(['author_key', 'post_id']).execute();
}

