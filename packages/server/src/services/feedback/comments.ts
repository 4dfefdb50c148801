import { LIMITS, type Comment, type ListPage } from '@inlay/core';
import { z } from 'zod';
import type { Storage } from '../../db/connect.js';
import { ApiError, notFound } from '../../errors.js';
import { commentsPage, deleteComment, editCommentBody, findComment, insertComment, type CommentPlace, type CommentRow, type ShownComment } from '../../repositories/feedback/comments.js';
import { forgetPost, type StoredAuthor } from '../../repositories/feedback/posts.js';
import { decodeJsonCursor, encodeJsonCursor } from '../../platform/json-cursor.js';
import { shownAuthor } from './shown-author.js';

/**
 * Comments on posts (docs/feedback.md, Comments): one level of replies, oldest first with each
 * comment's replies right after it, edited by their author within 15 minutes, deleted by their
 * author or the team. The routes (comment-routes.ts, the dashboard's inbox) check who may act
 * and call these; the SQL is in repositories/feedback/comments.ts.
 */

export function toComment(row: ShownComment): Comment {
  return {
    id: row.id,
    object: 'comment',
    postId: row.post_id,
    parentId: row.parent_id,
    body: row.deleted === 1 ? '' : row.body,
    author: shownAuthor(row),
    team: row.team === 1,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deleted: row.deleted === 1,
  };
}

const CommentCursorSchema = z.strictObject({ t: z.string().max(64), i: z.string().max(64) });

/** A page of a post's comments (the post's existence and access checked by the caller). */
export async function listComments(
  storage: Storage,
  post: { workspace_id: string; mode: CommentRow['mode']; id: string },
  page: { limit: number; cursor?: string | undefined },
): Promise<ListPage<Comment>> {
  const after = page.cursor === undefined ? undefined : decodeJsonCursor(CommentCursorSchema, page.cursor);
  const scope = { workspaceId: post.workspace_id, mode: post.mode, postId: post.id };
  const rows = await commentsPage(storage, scope, { after: after && { threadId: after.t, id: after.i }, limit: page.limit + 1 });
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return { items: shown.map(toComment), nextCursor: rows.length > page.limit && last ? encodeJsonCursor({ t: last.thread_id, i: last.id }) : null };
}

/**
 * Writes a comment, or a reply to a top-level comment of the same post; a reply to a reply is
 * refused (replies are one level deep).
 */
export async function addComment(
  storage: Storage,
  place: CommentPlace,
  input: { body: string; parentId?: string | undefined; author: StoredAuthor; team: boolean },
  admit: () => void | Promise<void> = () => undefined,
): Promise<Comment> {
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    const parent = await findComment(storage, place, parentId);
    if (parent === undefined || parent.post_id !== place.postId || parent.deleted === 1) throw notFound('comment', parentId, 'parentId');
    if (parent.parent_id !== null) throw new ApiError('parameter_invalid', 'parentId: replies are one level deep; reply to the top-level comment instead.', { param: 'parentId' });
  }
  // The anti-spam limits count a comment only once it is known to be one that can be written.
  await admit();
  const written = await insertComment(storage, place, { body: input.body, author: input.author, team: input.team, parentId });
  if (written === 'post_gone') throw notFound('post', place.postId, 'postId');
  if (written === 'parent_gone') throw notFound('comment', parentId ?? '', 'parentId');
  // The post's commentCount moved: every instance drops its cached row (db/changes.ts).
  forgetPost(storage, place.postId);
  return toComment(written);
}

/** A live comment of the workspace and mode (either, for the dashboard); a deleted one is as good as gone. */
export async function liveComment(storage: Storage, scope: { workspaceId: string; mode?: CommentRow['mode'] }, id: string): Promise<CommentRow> {
  const row = await findComment(storage, scope, id);
  if (row === undefined || row.deleted === 1) throw notFound('comment', id, 'commentId');
  return row;
}

/** Edits a comment: only by its author, within 15 minutes of writing it. */
export async function editComment(storage: Storage, comment: CommentRow, authorKey: string, body: string, now = Date.now()): Promise<Comment> {
  if (comment.author_key !== authorKey) throw new ApiError('not_comment_author', 'This comment is another author’s; only its author may edit it.');
  if (now - Date.parse(comment.created_at) > LIMITS.commentEditWindowMs) {
    throw new ApiError('edit_window_closed', 'A comment can be edited for 15 minutes after it was written; this one is older.', { current: toComment(comment) });
  }
  const edited = await editCommentBody(storage, comment.id, body);
  if (edited === undefined) throw notFound('comment', comment.id, 'commentId');
  return toComment(edited);
}

/** Deletes a comment: by its author, or by the team (`byTeam`). */
export async function removeComment(storage: Storage, comment: CommentRow, by: { authorKey?: string | undefined; team: boolean }) {
  if (!by.team && comment.author_key !== by.authorKey) throw new ApiError('not_comment_author', 'This comment is another author’s; only its author or the team may delete it.');
  if (!(await deleteComment(storage, comment))) throw notFound('comment', comment.id, 'commentId');
  forgetPost(storage, comment.post_id);
  return { id: comment.id, object: 'comment' as const, deleted: true as const };
}
