import type { Comment, DeletedComment, Post, PostAuthorInput, PostSort, PostStatus, VoteResult } from '@inlay/core';
import type { FeedbackClient, PostPage } from './client.js';
import type { CommentPage, CreateCommentParams, DeleteCommentParams, EditCommentParams, ListCommentsParams } from './comments.js';

/** What a board lists: the board itself is the store's business. */
export interface PostQuery {
  /** Full-text search over every post of the board; blank or absent means no search. */
  q?: string;
  sort?: PostSort;
  /** Only posts of these statuses (the board's status filter, a roadmap column). */
  status?: readonly PostStatus[];
  /** Only posts of this category of the board's. */
  categoryId?: string;
  limit?: number;
  /** `nextCursor` of the previous page of the same query. */
  cursor?: string;
}

/** A new post, as the end user typed it. */
export interface NewPost {
  title: string;
  body?: string;
}

/**
 * Where a feedback board keeps its posts and votes (docs/concepts.md). The hosted store below
 * implements it over Inlay's routes; on the BYO plan the host page passes its own object with
 * the same three methods, backed by its own API, and the widget never calls the hosted post
 * routes. Posts it answers must have the {@link Post} shape; `voteCount: null` hides counts.
 *
 * A BYO store may also keep comments, with the optional methods of {@link FeedbackCommentsClient}
 * under the same names and shapes: the board's post page lists them with `listComments`, and
 * offers writing, replying, editing and deleting only through the methods the store has. A store
 * without `listComments` shows its posts' pages without comments. The hosted store has none of
 * them: the widget calls the hosted comment routes itself.
 *
 * @example
 * ```ts
 * const byoStore: PostStore = {
 *   list: (query) => myApi.get('/feedback/posts', query),
 *   create: (input) => myApi.post('/feedback/posts', input),
 *   vote: (postId, voted) => myApi.post(`/feedback/posts/${postId}/vote`, { voted }),
 *   listComments: (postId, params) => myApi.get(`/feedback/posts/${postId}/comments`, params),
 *   createComment: (postId, params) => myApi.post(`/feedback/posts/${postId}/comments`, params),
 * };
 * ```
 */
export interface PostStore {
  /** One page of posts matching `query`. */
  list(query: PostQuery): Promise<PostPage>;
  /** Creates a post by the current author and answers it. */
  create(input: NewPost): Promise<Post>;
  /** Adds (`voted: true`) or removes the current author's vote; answers the post's new count. */
  vote(postId: string, voted: boolean): Promise<VoteResult>;
  /**
   * Optional: one post by id, for a board's post page opened by a link (`post-id`) to a post it
   * has not listed. Without it such a post shows as not found.
   */
  get?(postId: string): Promise<Post>;
  /**
   * Optional: one page of a post's comments, oldest first with each comment's replies right after
   * it, and `nextCursor` for the next page (`params.cursor`) or `null`. Comment text is user
   * content; the widget renders it as text.
   */
  listComments?(postId: string, params?: ListCommentsParams): Promise<CommentPage>;
  /** Optional: writes a comment, or (`parentId`) a reply to a top-level comment, and answers it. */
  createComment?(postId: string, params: CreateCommentParams): Promise<Comment>;
  /** Optional: changes a comment's text, and answers the comment (with its `editedAt`). */
  editComment?(commentId: string, params: EditCommentParams): Promise<Comment>;
  /** Optional: deletes a comment (one with replies keeps its place as `deleted`). */
  deleteComment?(commentId: string, params?: DeleteCommentParams): Promise<DeletedComment>;
}

/** The board and the author a hosted store reads and writes as. */
export interface HostedPostStoreOptions {
  boardId: string;
  /**
   * Who posts and votes when no author token says so: the host app's user (`{id, name?}`, test
   * mode) or an anonymous visitor (`{id, anonymous: true}`, boards with `allowAnonymous`). Its
   * id is also sent with reads so `voted` is right without a token.
   */
  author?: PostAuthorInput;
}

/**
 * A {@link PostStore} over the hosted post routes. Votes on one post reach the server one after
 * another, in the order they were made, so a quick vote–unvote–vote ends as the last click says.
 *
 * @example
 * ```ts
 * const store = createHostedPostStore(feedback, { boardId: 'board_123', author: { id: 'user_42' } });
 * const { items } = await store.list({ sort: 'new' });
 * await store.vote(items[0].id, true);
 * ```
 */
export function createHostedPostStore(client: FeedbackClient, options: HostedPostStoreOptions): PostStore {
  const { boardId, author } = options;
  const tails = new Map<string, Promise<unknown>>();

  function serial<T>(postId: string, run: () => Promise<T>): Promise<T> {
    const result = (tails.get(postId) ?? Promise.resolve()).then(run);
    // A failed vote must not block the ones queued behind it; an idle post holds no promise.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(postId, tail);
    void tail.then(() => tails.get(postId) === tail && tails.delete(postId));
    return result;
  }

  return {
    list: (query) => client.listPosts({ ...query, boardId, authorId: author?.id }),
    create: (input) => client.createPost({ boardId, title: input.title, body: input.body, author }),
    vote: (postId, voted) => serial(postId, () => (voted ? client.vote : client.unvote)(postId, { author })),
  };
}
