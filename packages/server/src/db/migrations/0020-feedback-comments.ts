import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/**
 * Comments, categories, voters and merges (docs/feedback.md):
 *
 * - `comments`: one level of replies. `thread_id` is the top-level comment's id (its own for a
 *   top-level one); ids are time-ordered, so `(post_id, thread_id, id)` lists a post's comments
 *   oldest first with each one's replies right after it, and a page continues by keyset on it.
 *   `reply_count` counts the live replies, so a delete knows whether the comment keeps its place.
 * - `posts.category_id` (one of the board config's categories, or null) and
 *   `posts.comment_count` (live comments, kept with every comment write).
 * - `votes.author_name`, `votes.author_email`: what the voter's author token carried, for
 *   `GET /api/v1/posts/:postId/voters`; null without a token or without the claim.
 * - `post_merges`: a merged (deleted) post's id and the post it went into, so that the id still
 *   answers with that post; dropped with the target.
 * - Indexes for lists filtered by status, or by category and status, in `top` and `new` order
 *   (docs/decisions.md, "Comments, categories, filters and voters").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('posts').addColumn('category_id', 'text').execute();
  await db.schema.alterTable('posts').addColumn('comment_count', t.int, (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('votes').addColumn('author_name', 'text').execute();
  await db.schema.alterTable('votes').addColumn('author_email', 'text').execute();

  await db.schema.createIndex('posts_status_top').on('posts').columns(['board_id', 'mode', 'status', 'vote_count desc', 'id desc']).execute();
  await db.schema.createIndex('posts_status_new').on('posts').columns(['board_id', 'mode', 'status', 'id desc']).execute();
  await db.schema.createIndex('posts_category_top').on('posts').columns(['board_id', 'mode', 'category_id', 'status', 'vote_count desc', 'id desc']).execute();
  await db.schema.createIndex('posts_category_new').on('posts').columns(['board_id', 'mode', 'category_id', 'status', 'id desc']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('board_id', 'text', (col) => col.notNull())
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('thread_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('author_key', 'text', (col) => col.notNull())
    .addColumn('author_id', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text')
    .addColumn('author_anonymous', t.int, (col) => col.notNull())
    .addColumn('team', t.int, (col) => col.notNull())
    .addColumn('deleted', t.int, (col) => col.notNull().defaultTo(0))
    .addColumn('reply_count', t.int, (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('comments_thread').on('comments').columns(['post_id', 'thread_id', 'id']).execute();
  // The inbox's comment search reads a workspace's comments (services/feedback/inbox.ts).
  await db.schema.createIndex('comments_workspace').on('comments').columns(['workspace_id', 'post_id']).execute();

  await db.schema
    .createTable('post_merges')
    .addColumn('post_id', 'text', (col) => col.primaryKey())
    .addColumn('into_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('merged_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('post_merges_into').on('post_merges').column('into_id').execute();
}
