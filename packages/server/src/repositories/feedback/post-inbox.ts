import type { KeyMode, PostStatus } from '@inlay/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../db/ids.js';
import { trendingScore } from '../../services/feedback/trending.js';
import { POST_COLUMNS, type PostRow } from './posts.js';

/**
 * Post reads and writes only operators make (the CLI, the dashboard): the inbox's list, looking a
 * post up by id alone, locking it, moving votes, counting them again, deleting. Each takes the
 * database or transaction it runs in.
 */

/** A post by id, in whichever workspace, mode and board it lives. */
export function findPostById(db: Db, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').select(POST_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Takes SQLite's write lock with a write to the post (its `updated_at`, rewritten by every change
 * anyway), then reads it. Undefined when there is no such post.
 */
export async function lockPost(db: Db, id: string): Promise<PostRow | undefined> {
  await db.updateTable('posts').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).execute();
  return findPostById(db, id);
}

/** What the inbox lists: a workspace's posts of every board, narrowed by these when given. */
export interface InboxFilter {
  mode?: KeyMode | undefined;
  boardId?: string | undefined;
  status?: PostStatus | undefined;
  categoryId?: string | undefined;
  /** Words the title, body or one of the post's live comments contains (case-insensitive, taken literally). */
  q?: string | undefined;
  /** Only posts with a smaller id (the previous page's last). */
  before?: string | undefined;
  limit: number;
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A workspace's posts with their board's name, newest first by id: at most `filter.limit`. */
export function listInboxPosts(db: Db, workspaceId: string, filter: InboxFilter) {
  let select = db.selectFrom('posts')
    .innerJoin('resources', 'resources.id', 'posts.board_id')
    .select([
      'posts.id',
      'posts.mode',
      'posts.board_id',
      'resources.name as board_name',
      'posts.title',
      'posts.body',
      'posts.status',
      'posts.vote_count',
      'posts.author_id',
      'posts.author_name',
      'posts.author_anonymous',
      'posts.category_id',
      'posts.comment_count',
      'posts.created_at',
      'posts.updated_at',
    ])
    .where('posts.workspace_id', '=', workspaceId);
  if (filter.mode !== undefined) select = select.where('posts.mode', '=', filter.mode);
  if (filter.boardId !== undefined) select = select.where('posts.board_id', '=', filter.boardId);
  if (filter.status !== undefined) select = select.where('posts.status', '=', filter.status);
  if (filter.categoryId !== undefined) select = select.where('posts.category_id', '=', filter.categoryId);
  if (filter.before !== undefined) select = select.where('posts.id', '<', filter.before);
  if (filter.q !== undefined && filter.q.trim() !== '') {
    const pattern = likePattern(filter.q.trim());
    // ESCAPE spelled out: SQLite's LIKE has no escape character by default (PostgreSQL's is the same backslash).
    const inComments = db.selectFrom('comments').select('comments.post_id')
      .where('comments.workspace_id', '=', workspaceId)
      .where('comments.deleted', '=', 0)
      .where(sql<boolean>`lower(comments.body) like ${pattern} escape '\\'`);
    select = select.where((eb) =>
      eb.or([sql<boolean>`(lower(posts.title) like ${pattern} escape '\\' or lower(posts.body) like ${pattern} escape '\\')`, eb('posts.id', 'in', inComments)]),
    );
  }
  return select.orderBy('posts.id', 'desc').limit(filter.limit).execute();
}

/**
 * Copies every vote of `fromId` onto `toId`; an author who voted for both keeps the one vote
 * (the primary key (post, author) makes the copy a no-op). Answers how many votes were added.
 */
export async function copyVotes(db: Db, fromId: string, toId: string): Promise<number> {
  const result = await db.insertInto('votes')
    .columns(['post_id', 'author_key', 'created_at', 'author_name', 'author_email'])
    .expression((eb) => eb.selectFrom('votes').select([eb.val(toId).as('post_id'), 'author_key', 'created_at', 'author_name', 'author_email']).where('post_id', '=', fromId))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function countVotes(db: Db, postId: string): Promise<number> {
  const row = await db.selectFrom('votes').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', postId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sets the stored `vote_count` to the post's votes and `trending_score` to what that count gives
 * (feedback/trending.ts): the ranked lists read both, and trending lists rely on the score
 * matching its definition (docs/decisions.md).
 */
export async function recountVotes(db: Db, post: Pick<PostRow, 'id' | 'created_at'>): Promise<{ voteCount: number; trendingScore: number }> {
  const voteCount = await countVotes(db, post.id);
  const score = trendingScore(voteCount, post.created_at);
  await db.updateTable('posts').set({ vote_count: voteCount, trending_score: score, updated_at: nowIso() }).where('id', '=', post.id).execute();
  return { voteCount, trendingScore: score };
}

/** Moves a post's comments to another post of the same board, with their count. */
export async function moveComments(db: Db, fromId: string, toId: string): Promise<void> {
  const moved = await db.updateTable('comments').set({ post_id: toId }).where('post_id', '=', fromId).where('deleted', '=', 0).executeTakeFirst();
  // Kept deleted comments move with their replies, but are not counted.
  await db.updateTable('comments').set({ post_id: toId }).where('post_id', '=', fromId).execute();
  const count = Number(moved.numUpdatedRows);
  if (count > 0) await db.updateTable('posts').set((eb) => ({ comment_count: eb('comment_count', '+', count) })).where('id', '=', toId).execute();
}

/**
 * Remembers that `fromId` went into `toId` (so the id still answers with it), and points the
 * posts merged into `fromId` before at `toId` as well: a redirect never chains.
 */
export async function recordMerge(db: Db, from: Pick<PostRow, 'id' | 'workspace_id' | 'mode'>, toId: string): Promise<void> {
  await db.updateTable('post_merges').set({ into_id: toId }).where('into_id', '=', from.id).execute();
  await db.insertInto('post_merges').values({ post_id: from.id, into_id: toId, workspace_id: from.workspace_id, mode: from.mode, merged_at: nowIso() }).execute();
}

/** Deletes a post; its votes go by the foreign key's cascade and its search entry by trigger (migration 0003). */
export async function deletePostRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
