import type { Comment, DeletedComment, ListPage, PostAuthorInput } from '@inlay/core';
import { segment } from '../path.js';
import type { ClientOptions } from '../options.js';
import { createTransport, type Transport } from '../transport.js';
import { authorOf } from './author.js';

/** A page of comments, oldest first with each comment's replies right after it. */
export type CommentPage = ListPage<Comment>;

/** `GET /api/v1/posts/:postId/comments` parameters. */
export interface ListCommentsParams {
  /** Comments per page, 1–100; the server's default is 20. */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

/** `POST /api/v1/posts/:postId/comments` parameters: 1–5,000 characters after trimming. */
export interface CreateCommentParams {
  body: string;
  /** The top-level comment this replies to; replies are one level deep. */
  parentId?: string;
  /** Who writes, when no author token says so (as for posts). */
  author?: PostAuthorInput;
}

/** `POST /api/v1/comments/:commentId` `{action: "edit"}`: by the author, within 15 minutes. */
export interface EditCommentParams {
  body: string;
  author?: PostAuthorInput;
}

/** `POST /api/v1/comments/:commentId` `{action: "delete"}`: by the author or the team. */
export interface DeleteCommentParams {
  author?: PostAuthorInput;
}

/**
 * Comments on posts (docs/feedback.md, Comments). Comment text is user content: render it as
 * text, never as HTML; links in it are plain text. A client of its own, so that a page that only
 * lists posts (the board's script-tag bundle) does not carry it.
 */
export interface FeedbackCommentsClient {
  /** `GET /api/v1/posts/:postId/comments`: one page. */
  listComments(postId: string, params?: ListCommentsParams): Promise<CommentPage>;
  /** `POST /api/v1/posts/:postId/comments`. Never retried after a failure: a repeat would comment twice. */
  createComment(postId: string, params: CreateCommentParams): Promise<Comment>;
  /** Edits a comment (the same text twice is the same edit, so it is retried). */
  editComment(commentId: string, params: EditCommentParams): Promise<Comment>;
  /** Deletes a comment; it keeps its place as deleted while it has replies. */
  deleteComment(commentId: string, params?: DeleteCommentParams): Promise<DeletedComment>;
}

/**
 * A client for the comment routes, with the same options as {@link createFeedbackClient}.
 *
 * @example
 * ```ts
 * const comments = createFeedbackCommentsClient({ publishableKey: 'svc_test_pub_…', baseUrl: 'https://inlay.example.com/feedback' });
 * const { items } = await comments.listComments('post_123');
 * ```
 */
export function createFeedbackCommentsClient(options: ClientOptions): FeedbackCommentsClient {
  return feedbackCommentsClient(createTransport(options));
}

/**
 * The comments client over any transport (tests inject one that never sleeps).
 * @internal
 */
export function feedbackCommentsClient(transport: Transport): FeedbackCommentsClient {
  const act = (commentId: string, body: Record<string, unknown>, idempotent: boolean) =>
    transport.request<never>({ method: 'POST', path: `/api/v1/comments/${segment('commentId', commentId)}`, body, idempotent });
  return {
    listComments: async (postId, params = {}) =>
      transport.request({
        method: 'GET',
        path: `/api/v1/posts/${segment('postId', postId)}/comments`,
        query: { limit: params.limit === undefined ? undefined : String(params.limit), cursor: params.cursor || undefined },
        idempotent: true,
      }),
    createComment: async (postId, params) =>
      transport.request({
        method: 'POST',
        path: `/api/v1/posts/${segment('postId', postId)}/comments`,
        body: { body: params.body, parentId: params.parentId, author: authorOf(params.author) },
        idempotent: false,
      }),
    editComment: async (commentId, params) => act(commentId, { action: 'edit', body: params.body, author: authorOf(params.author) }, true),
    deleteComment: async (commentId, params) => act(commentId, { action: 'delete', author: authorOf(params?.author) }, false),
  };
}
