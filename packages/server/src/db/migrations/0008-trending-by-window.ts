import type { Kysely } from 'kysely';

/**
 * Trending lists read a window of recent posts instead of an index on the trending score. That
 * index moved an entry to another page on every vote: two of the six pages a vote wrote, and
 * about a third of its database time. Posts are found by creation time instead, which no vote
 * changes (see `trendingWindow` in repositories/feedback/posts.ts). Idempotent: run again after a crash,
 * it finds the old index gone and the new one there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_trending').ifExists().execute();
  await db.schema.createIndex('posts_created').ifNotExists().on('posts').columns(['board_id', 'mode', 'created_at']).execute();
}
