import type { KeyMode } from '@inlay/core';
import type { Selectable } from 'kysely';
import type { Storage } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';
import type { CommentsTable } from '../../db/schema.js';
import type { Param, Tx } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';
import { recordEvent } from '../../webhooks/events.js';
import type { BoardScope, StoredAuthor } from './posts.js';

/**
 * Comments on posts (migration 0020, docs/feedback.md). Every write runs in one transaction with
 * the post's `comment_count`, the parent's `reply_count` and its webhook event; each write is a
 * guarded statement (`WHERE deleted = 0`, `WHERE reply_count = 0`), so a reply and a delete of
 * its parent racing on PostgreSQL serialize on the parent's row and never leave a reply without
 * its parent. The checks and refusals are the service's (services/feedback/comments.ts).
 */
export type CommentRow = Selectable<CommentsTable>;

/** Where a comment is: its workspace, mode, board and post. */
export interface CommentPlace extends BoardScope {
  postId: string;
}

/** Why a comment could not be written: the post or the parent is gone. */
export type CommentRefusal = 'post_gone' | 'parent_gone';

function eventData(row: Pick<CommentRow, 'workspace_id' | 'mode' | 'board_id' | 'post_id' | 'id'>) {
  return { workspaceId: row.workspace_id, mode: row.mode, boardId: row.board_id, postId: row.post_id, commentId: row.id };
}

async function moveCommentCount(tx: Tx, postId: string, by: 1 | -1): Promise<boolean> {
  const result = await tx.db.updateTable('posts').set((eb) => ({ comment_count: eb('comment_count', '+', by) })).where('id', '=', postId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a comment (a reply when `parentId` is set) with its `comment.created` event. */
export async function insertComment(
  storage: Storage,
  place: CommentPlace,
  comment: { body: string; author: StoredAuthor; team: boolean; parentId: string | null },
): Promise<CommentRow | CommentRefusal> {
  const id = newId('cmt');
  const row: CommentRow = {
    id,
    workspace_id: place.workspaceId,
    mode: place.mode,
    board_id: place.boardId,
    post_id: place.postId,
    parent_id: comment.parentId,
    thread_id: comment.parentId ?? id,
    body: comment.body,
    author_key: comment.author.key,
    author_id: comment.author.id,
    author_name: comment.author.name,
    author_email: comment.author.email ?? null,
    author_anonymous: comment.author.anonymous ? 1 : 0,
    team: comment.team ? 1 : 0,
    deleted: 0,
    reply_count: 0,
    created_at: nowIso(),
    edited_at: null,
  };
  return storage.transaction(async (tx) => {
    // The post first: one that is gone stops the comment before anything is written.
    if (!(await moveCommentCount(tx, place.postId, 1))) return 'post_gone' as const;
    if (comment.parentId !== null) {
      const parent = await tx.db.updateTable('comments')
        .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
        .where('id', '=', comment.parentId)
        .where('post_id', '=', place.postId)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (Number(parent.numUpdatedRows) !== 1) throw new ParentGone();
    }
    await tx.db.insertInto('comments').values(row).execute();
    await recordEvent(storage, tx, { type: 'comment.created', objectKey: `post:${row.post_id}`, data: eventData(row) });
    return row;
  }).catch((error: unknown) => {
    if (error instanceof ParentGone) return 'parent_gone' as const;
    throw error;
  });
}

/** Rolls back a reply whose parent was deleted meanwhile. */
class ParentGone extends Error {}

/** A comment of the workspace and mode (either mode when none is given; any post), live or kept as deleted. */
export function findComment(storage: Storage, scope: { workspaceId: string; mode?: KeyMode | undefined }, id: string): Promise<CommentRow | undefined> {
  let query = storage.db.selectFrom('comments').selectAll().where('id', '=', id).where('workspace_id', '=', scope.workspaceId);
  if (scope.mode !== undefined) query = query.where('mode', '=', scope.mode);
  return query.executeTakeFirst();
}

/** Whether a comment of the place was written as the team (in the transaction that recorded it). */
export async function isTeamComment(tx: Tx, place: { workspaceId: string; mode: KeyMode }, id: string): Promise<boolean> {
  const row = await tx.db.selectFrom('comments').select('team').where('id', '=', id).where('workspace_id', '=', place.workspaceId).where('mode', '=', place.mode).executeTakeFirst();
  return row?.team === 1;
}

/** What a comment shows (services/feedback/comments.ts `toComment`) and what a page continues after. */
const SHOWN_COLUMNS = ['id', 'post_id', 'parent_id', 'thread_id', 'body', 'author_id', 'author_name', 'author_anonymous', 'team', 'deleted', 'created_at', 'edited_at'] as const;
export type ShownComment = Pick<CommentRow, (typeof SHOWN_COLUMNS)[number]>;

/** Pages of a post's comments, in the order of an index that has them so (test/comments-plans.test.ts): compiled once, read on every view of a post. */
export const commentPageStatements = perStorage((storage) => {
  type Names = 'workspaceId' | 'mode' | 'postId' | 'limit';
  const ofPost = (p: Param<Names>) =>
    storage.db.selectFrom('comments')
      .select(SHOWN_COLUMNS)
      .where('post_id', '=', p('postId'))
      .where('workspace_id', '=', p('workspaceId'))
      .where('mode', '=', p('mode'))
      .orderBy('thread_id')
      .orderBy('id')
      .limit(p('limit'));
  return {
    first: storage.compile((p: Param<Names>) => ofPost(p)),
    after: storage.compile((p: Param<Names | 'threadId' | 'id'>) => ofPost(p).where((eb) => eb(eb.refTuple('thread_id', 'id'), '>', eb.tuple(p('threadId'), p('id'))))),
  };
});

/** A page of a post's comments: oldest first, each one's replies right after it; after `(threadId, id)`. */
export function commentsPage(
  storage: Storage,
  post: { workspaceId: string; mode: KeyMode; postId: string },
  page: { after?: { threadId: string; id: string } | undefined; limit: number },
): Promise<ShownComment[]> {
  const { first, after } = commentPageStatements(storage);
  const position = page.after;
  const params = { ...post, limit: page.limit };
  return storage.read((tx) => (position === undefined ? first.all(tx, params) : after.all(tx, { ...params, ...position })));
}

/** Sets a live comment's text; undefined when it is gone or deleted. */
export async function editCommentBody(storage: Storage, id: string, body: string): Promise<CommentRow | undefined> {
  return storage.transaction(async (tx) => {
    const editedAt = nowIso();
    const result = await tx.db.updateTable('comments').set({ body, edited_at: editedAt }).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return tx.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  });
}

/**
 * Deletes a live comment with its `comment.deleted` event: it keeps its place, emptied and marked
 * deleted, while it has replies, and goes otherwise; a reply's deleted parent goes with its last
 * reply. Answers false when the comment was already deleted.
 */
export async function deleteComment(storage: Storage, comment: CommentRow): Promise<boolean> {
  return storage.transaction(async (tx) => {
    // Its post as it is now: a merge may have moved the comment since it was read.
    const marked = await tx.db.updateTable('comments').set({ deleted: 1, body: '' }).where('id', '=', comment.id).where('deleted', '=', 0).returning('post_id').executeTakeFirst();
    if (marked === undefined) return false;
    const now = { ...comment, post_id: marked.post_id };
    await tx.db.deleteFrom('comments').where('id', '=', comment.id).where('reply_count', '=', 0).execute();
    if (comment.parent_id !== null) {
      await tx.db.updateTable('comments').set((eb) => ({ reply_count: eb('reply_count', '-', 1) })).where('id', '=', comment.parent_id).execute();
      await tx.db.deleteFrom('comments').where('id', '=', comment.parent_id).where('deleted', '=', 1).where('reply_count', '=', 0).execute();
    }
    await moveCommentCount(tx, now.post_id, -1);
    await recordEvent(storage, tx, { type: 'comment.deleted', objectKey: `post:${now.post_id}`, data: eventData(now) });
    return true;
  });
}
