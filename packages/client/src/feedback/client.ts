import type { BoardConfig, ListPage, Post, PostAuthorInput, PostSort, PostStatus, PublishedConfig, VoteResult } from '@inlay/core';
import type { ClientOptions } from '../options.js';
import { segment } from '../path.js';
import { createTransport, type Transport } from '../transport.js';
import { authorOf } from './author.js';

/** A page of posts: pass `nextCursor` back as `cursor` for the next one; null on the last page. */
export type PostPage = ListPage<Post>;

/** `GET /api/v1/posts` parameters (docs/api.md, "Feedback: posts and votes"). */
export interface ListPostsParams {
  boardId: string;
  /** Full-text search over every post of the board (≤ 200 characters); blank means no search. */
  q?: string;
  /** `top` (default, votes), `new` (newest first) or `trending` (votes weighted by recency). */
  sort?: PostSort;
  /** Only posts of these statuses (a roadmap column: one status, with its own cursor). */
  status?: PostStatus | readonly PostStatus[];
  /** Only posts of this category of the board's. */
  categoryId?: string;
  /** Posts per page, 1–100; the server's default is 20. */
  limit?: number;
  /** `nextCursor` of the previous page, with the same `sort`, `q`, `status` and `categoryId`. */
  cursor?: string;
  /**
   * The visitor whose votes set each post's `voted`, when there is no author token (e.g. an
   * anonymous visitor's client-generated id). With a token the token's user counts.
   */
  authorId?: string;
}

/** `POST /api/v1/posts` parameters. Title 1–200 and body ≤ 10,000 characters after trimming. */
export interface CreatePostParams {
  boardId: string;
  title: string;
  body?: string;
  /** One of the board's categories. */
  categoryId?: string;
  /**
   * Who writes, when no author token says so: `{id, name?}` (test mode) or `{id, anonymous:
   * true}` with a client-generated id on boards that allow anonymous authors.
   */
  author?: PostAuthorInput;
}

/** `GET /api/v1/posts/:id` parameters. */
export interface GetPostParams {
  /** The visitor whose vote sets `voted`, when there is no author token. */
  authorId?: string;
}

/** Who votes, when no author token says so (same rules as {@link CreatePostParams.author}). */
export interface VoteParams {
  author?: PostAuthorInput;
}

/**
 * The feedback service's publishable-key routes (docs/feedback.md). Titles and bodies of
 * posts are user content: render them as text, never as HTML.
 */
export interface FeedbackClient {
  /** `GET /api/v1/config/:boardId`: the published board config. */
  getConfig(boardId: string): Promise<PublishedConfig<'board', BoardConfig>>;
  /** `GET /api/v1/posts`: one page of the board's posts. */
  listPosts(params: ListPostsParams): Promise<PostPage>;
  /** `GET /api/v1/posts/:id`: one post; a merged post's id answers with the post it went into. */
  getPost(postId: string, params?: GetPostParams): Promise<Post>;
  /** `POST /api/v1/posts`. Never retried after a failure: a repeat would post twice. */
  createPost(params: CreatePostParams): Promise<Post>;
  /** `POST /api/v1/posts/:id` `{action: "vote"}`. Voting twice counts once. */
  vote(postId: string, params?: VoteParams): Promise<VoteResult>;
  /** `POST /api/v1/posts/:id` `{action: "unvote"}`. Removing a vote that is not there changes nothing. */
  unvote(postId: string, params?: VoteParams): Promise<VoteResult>;
}

/**
 * A client for the feedback service's publishable routes. Takes the same options as the
 * onboarding client, with the feedback base URL. Methods are plain functions, so they may be
 * passed around detached from the client.
 *
 * @example
 * ```ts
 * import { createFeedbackClient } from '@inlay/client';
 *
 * const feedback = createFeedbackClient({
 *   publishableKey: 'svc_test_pub_…',
 *   baseUrl: 'https://inlay.example.com/feedback',
 * });
 * const { items, nextCursor } = await feedback.listPosts({ boardId: 'board_123', q: 'dark mode' });
 * await feedback.vote(items[0].id, { author: { id: 'user_42' } });
 * ```
 */
export function createFeedbackClient(options: ClientOptions): FeedbackClient {
  return feedbackClient(createTransport(options));
}

/**
 * The feedback client over any transport (tests inject one that never sleeps).
 * @internal
 */
export function feedbackClient(transport: Transport): FeedbackClient {
  // Votes are idempotent on the server (one per author, repeating is a no-op), so they are
  // retried like reads; creating a post is not.
  const setVote = (postId: string, action: 'vote' | 'unvote', params: VoteParams | undefined): Promise<VoteResult> =>
    transport.request({
      method: 'POST',
      path: `/api/v1/posts/${segment('postId', postId)}`,
      body: { action, author: authorOf(params?.author) },
      idempotent: true,
    });

  return {
    getConfig: async (boardId) =>
      transport.request({ method: 'GET', path: `/api/v1/config/${segment('boardId', boardId)}`, idempotent: true }),
    listPosts: async (params) => {
      segment('boardId', params.boardId);
      const q = params.q?.trim();
      return transport.request({
        method: 'GET',
        path: '/api/v1/posts',
        query: {
          boardId: params.boardId,
          q: q || undefined,
          sort: params.sort,
          status: params.status === undefined ? undefined : [params.status].flat().join(',') || undefined,
          categoryId: params.categoryId || undefined,
          limit: params.limit === undefined ? undefined : String(params.limit),
          cursor: params.cursor || undefined,
          authorId: params.authorId || undefined,
        },
        idempotent: true,
      });
    },
    getPost: async (postId, params = {}) =>
      transport.request({
        method: 'GET',
        path: `/api/v1/posts/${segment('postId', postId)}`,
        query: { authorId: params.authorId || undefined },
        idempotent: true,
      }),
    createPost: async (params) => {
      segment('boardId', params.boardId);
      return transport.request({
        method: 'POST',
        path: '/api/v1/posts',
        body: { boardId: params.boardId, title: params.title, body: params.body, categoryId: params.categoryId, author: authorOf(params.author) },
        idempotent: false,
      });
    },
    vote: async (postId, params) => setVote(postId, 'vote', params),
    unvote: async (postId, params) => setVote(postId, 'unvote', params),
  };
}
