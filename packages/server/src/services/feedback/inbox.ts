import type { KeyMode, PostStatus } from '@inlay/core';

import type { Storage, Db } from '../../db/connect.js';
import { ApiError, notFound } from '../../errors.js';
import { copyVotes, countVotes, deletePostRow, listInboxPosts, lockPost, moveComments, recordMerge, recountVotes } from '../../repositories/feedback/post-inbox.js';
import { forgetPost, setPostCategory, setPostStatus, type PostRow } from '../../repositories/feedback/posts.js';
import { recordEvent } from '../../webhooks/events.js';


/**
 * The feedback inbox: its list of a workspace's posts, and the operator actions — changing a
 * post's status, merging a duplicate into another post, deleting a post. They exist only for the
 * people who run Inlay — the operator CLI and the dashboard — never on key-authenticated routes
 * or MCP (docs/feedback.md). Their SQL is in repositories/feedback/post-inbox.ts.
 *
 * Each action runs in one Kysely transaction (`…In(trx, …)`) with its webhook event
 * (`post.status_changed`, `post.merged`) written to the outbox inside it. Each first writes the row it changes:
 * SQLite then holds the write lock for the whole transaction, and a commit by the server in
 * between cannot make the later write fail.
 *
 * Each announces the posts and lists it changed once it committed (db/changes.ts): this process's
 * caches (the dashboard's) and, on PostgreSQL, every instance's drop them at once; a running
 * server beside the operator CLI on a SQLite file sees them through `watchOtherProcesses` (db/sqlite/storage.ts).
 */

/** Where a post lives: what a dashboard shows and what events will carry. */
export interface PostPlace {
  id: string;
  workspaceId: string;
  mode: KeyMode;
  boardId: string;
}

function placeOf(row: PostRow): PostPlace {
  return { id: row.id, workspaceId: row.workspace_id, mode: row.mode, boardId: row.board_id };
}

/** Every instance ranks its lists' first pages again: a post left a list or moved (db/changes.ts). */
function forgetLists(storage: Storage): void {
  storage.changes.announce({ topic: 'lists' });
}

export interface StatusChange {
  post: PostPlace;
  from: PostStatus;
  to: PostStatus;
  changed: boolean;
}

export async function changePostStatus(storage: Storage, postId: string, status: PostStatus): Promise<StatusChange> {
  const change = await storage.transaction(async (tx) => {
      const done = await changePostStatusIn(tx.db, postId, status);
      // The event commits with the change, or neither does (docs/webhooks.md).
      if (done.changed) {
        const { post } = done;
        await recordEvent(storage, tx, {
          type: 'post.status_changed',
          objectKey: `post:${post.id}`,
          data: {
            workspaceId: post.workspaceId,
            mode: post.mode,
            postId: post.id,
            boardId: post.boardId,
            previousStatus: done.from,
            status: done.to,
            voterCount: await countVotes(tx.db, post.id),
            changedAt: new Date().toISOString(),
          },
        });
      }
      return done;
    });
  forgetPost(storage, postId);
  forgetLists(storage);
  return change;
}

/** Sets the status in `trx`. Setting the status a post already has changes nothing. */
export async function changePostStatusIn(trx: Db, postId: string, status: PostStatus): Promise<StatusChange> {
  const before = await lockPost(trx, postId);
  if (before === undefined) throw notFound('post', postId);
  if (before.status !== status) await setPostStatus(trx, postId, status);
  return { post: placeOf(before), from: before.status, to: status, changed: before.status !== status };
}

/** Sets the post's category (checked against its board's by the caller), or none with null. */
export async function changePostCategory(storage: Storage, postId: string, categoryId: string | null): Promise<{ post: PostPlace; categoryId: string | null }> {
  const post = await storage.transaction(async (tx) => {
    const before = await lockPost(tx.db, postId);
    if (before === undefined) throw notFound('post', postId);
    await setPostCategory(tx.db, postId, categoryId);
    return placeOf(before);
  });
  forgetPost(storage, postId);
  forgetLists(storage);
  return { post, categoryId };
}

export interface MergeResult {
  /** The duplicate, now deleted. */
  merged: PostPlace & { title: string };
  into: PostPlace & { voteCount: number; trendingScore: number };
  /** Votes of the duplicate's voters who had not voted for the target. */
  votesMoved: number;
  /** Voters who had voted for both: counted once. */
  sharedVoters: number;
}

export async function mergePosts(storage: Storage, postId: string, intoId: string): Promise<MergeResult> {
  const result = await storage.transaction(async (tx) => {
      const merged = await mergePostsIn(tx.db, postId, intoId);
      const { merged: from, into } = merged;
      await recordEvent(storage, tx, {
        type: 'post.merged',
        objectKey: `post:${from.id}`,
        data: { workspaceId: from.workspaceId, mode: from.mode, postId: from.id, boardId: from.boardId, intoPostId: into.id, voterCount: into.voteCount, mergedAt: new Date().toISOString() },
      });
      return merged;
    });
  forgetPost(storage, postId);
  forgetPost(storage, intoId);
  forgetLists(storage);
  return result;
}

/**
 * Merges post `postId` into `intoId` in `trx`: the duplicate's voters vote for the target (each
 * author once), its comments move to the target, the target's `vote_count` and `trending_score`
 * are computed again from its votes, and the duplicate is deleted with its votes and search
 * entry; its id still answers with the target (`post_merges`, docs/feedback.md). Both posts must be of one board, mode and workspace.
 */
export async function mergePostsIn(trx: Db, postId: string, intoId: string): Promise<MergeResult> {
  if (postId === intoId) throw new ApiError('parameter_invalid', 'A post cannot be merged into itself.', { param: 'into' });
  const source = await lockPost(trx, postId);
  if (source === undefined) throw notFound('post', postId);
  // A post merged before is deleted, so "into a merged post" ends here as well.
  const target = await lockPost(trx, intoId);
  if (target === undefined) throw notFound('post', intoId, 'into');
  if (source.workspace_id !== target.workspace_id || source.mode !== target.mode || source.board_id !== target.board_id) {
    throw new ApiError('parameter_invalid', 'Posts can only be merged within one board and mode.', { param: 'into' });
  }
  const sourceVotes = await countVotes(trx, source.id);
  const votesMoved = await copyVotes(trx, source.id, target.id);
  await moveComments(trx, source.id, target.id);
  await recordMerge(trx, source, target.id);
  await deletePostRow(trx, source.id);
  const counted = await recountVotes(trx, target);
  return {
    merged: { ...placeOf(source), title: source.title },
    into: { ...placeOf(target), ...counted },
    votesMoved,
    sharedVoters: Math.max(0, sourceVotes - votesMoved),
  };
}

export interface DeletedPost {
  post: PostPlace & { title: string; voteCount: number };
}

export async function deletePost(storage: Storage, postId: string): Promise<DeletedPost> {
  const result = await storage.transaction((tx) => deletePostIn(tx.db, postId));
  forgetPost(storage, postId);
  forgetLists(storage);
  return result;
}

/** Deletes the post in `trx`, its votes by cascade and its search entry by trigger. */
export async function deletePostIn(trx: Db, postId: string): Promise<DeletedPost> {
  const row = await lockPost(trx, postId);
  if (row === undefined) throw notFound('post', postId);
  await deletePostRow(trx, postId);
  return { post: { ...placeOf(row), title: row.title, voteCount: row.vote_count } };
}

/** What the dashboard's inbox asks for (docs/dashboard-api.md#feedback-inbox). */
export interface InboxQuery {
  mode?: KeyMode | undefined;
  boardId?: string | undefined;
  status?: PostStatus | undefined;
  categoryId?: string | undefined;
  /** Title, body or comment text (docs/dashboard-api.md#feedback-inbox). */
  q?: string | undefined;
  limit: number;
  /** The previous page's last post id. */
  cursor?: string | undefined;
}

/** The inbox's page: every board and (unless one is asked for) both modes, newest first by id. */
export async function inboxPage(storage: Storage, workspaceId: string, query: InboxQuery) {
  const { cursor, limit, ...filter } = query;
  const rows = await listInboxPosts(storage.db, workspaceId, { ...filter, before: cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      mode: row.mode,
      boardId: row.board_id,
      boardName: row.board_name,
      title: row.title,
      body: row.body,
      status: row.status,
      voteCount: row.vote_count,
      categoryId: row.category_id,
      commentCount: row.comment_count,
      author: { id: row.author_id, name: row.author_name, anonymous: row.author_anonymous === 1 },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
    nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
