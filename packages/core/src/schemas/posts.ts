import { z } from 'zod';
import { wholeNumberParam } from './common.js';
import { LIMITS } from '../limits.js';
import { CategoryIdSchema } from './feedback.js';

/** A post's status on the board's roadmap (docs/feedback.md). */
export const PostStatusSchema = z.enum(['open', 'under_review', 'planned', 'in_progress', 'completed', 'closed']);
export type PostStatus = z.infer<typeof PostStatusSchema>;

/** Each status's English name, as the dashboard and built-in email show it (widgets translate theirs). */
export const POST_STATUS_LABELS: Readonly<Record<PostStatus, string>> = {
  open: 'Open',
  under_review: 'Under review',
  planned: 'Planned',
  in_progress: 'In progress',
  completed: 'Completed',
  closed: 'Closed',
};

/** `top` (votes), `new` (newest first), `trending` (votes weighted by recency). */
export const PostSortSchema = z.enum(['top', 'new', 'trending']);
export type PostSort = z.infer<typeof PostSortSchema>;

/**
 * Who writes or votes. With an author token the token decides and this may be left out; without
 * one, `id` names the host app's user, or, when the board allows it, an anonymous visitor with a
 * client-generated id.
 */
export const PostAuthorInputSchema = z.strictObject({
  id: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(120).optional(),
  anonymous: z.boolean().optional(),
});
export type PostAuthorInput = z.infer<typeof PostAuthorInputSchema>;

/** What the OpenAPI document says of `author`: whether it is required depends on a header. */
const AUTHOR_DOC =
  'Who writes or votes. Required without an `Inlay-Author-Token` header; with one the token names the author, and this may be left out (if sent, it must name the same user or be anonymous).';

/**
 * An author as everyone sees them. An anonymous visitor's `id` is not the id they write with but
 * its alias (`anon_` and 32 hex digits of its SHA-256): a visitor's id acts for them (edits,
 * deletes, votes), so it is never shown.
 */
export const PostAuthorSchema = z.strictObject({
  id: z.string().describe('The user\'s id; for an anonymous visitor, the alias of its id (anon_ and 32 hex digits of its SHA-256).'),
  name: z.string().optional(),
  anonymous: z.boolean(),
});
export type PostAuthor = z.infer<typeof PostAuthorSchema>;

/** A post as the publishable routes return it. `voteCount` is null when the board hides counts. */
export const PostSchema = z.strictObject({
  id: z.string(),
  object: z.literal('post'),
  boardId: z.string(),
  title: z.string(),
  body: z.string(),
  status: PostStatusSchema,
  voteCount: z.number().int().min(0).nullable(),
  /** Whether the caller has voted for it. */
  voted: z.boolean(),
  author: PostAuthorSchema,
  /** One of the board's categories, or null. */
  categoryId: z.string().nullable(),
  /** Comments shown on the post (deleted ones not counted). */
  commentCount: z.number().int().min(0),
  createdAt: z.iso.datetime(),
});
export type Post = z.infer<typeof PostSchema>;

/** `status=planned,in_progress`: one status or several, comma-separated. */
const StatusFilterSchema = z
  .string()
  .refine((value) => value.split(',').every((part) => PostStatusSchema.safeParse(part).success), {
    error: `status must be one or more of ${PostStatusSchema.options.join(', ')}, comma-separated`,
  })
  .transform((value) => [...new Set(value.split(','))] as PostStatus[]);

/** A page's `limit`: 1–100, 20 when absent. */
const ListLimitSchema = wholeNumberParam(
  z
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int({ error: 'limit must be a whole number from 1 to 100' })
    .min(1)
    .max(LIMITS.listLimitMax)
    .default(LIMITS.listLimitDefault),
);

/** `GET /api/v1/posts` query. */
export const PostListQuerySchema = z.strictObject({
  boardId: z.string().min(1).max(64),
  q: z
    .string()
    .trim()
    .max(LIMITS.searchQueryMaxLength, { error: `q must be at most ${LIMITS.searchQueryMaxLength} characters` })
    .optional(),
  sort: PostSortSchema.default('top'),
  /** `all` (default): every word of `q` must match; `any`: at least one (for "similar posts"). */
  match: z.enum(['all', 'any']).default('all'),
  /** Only posts of these statuses. */
  status: StatusFilterSchema.optional(),
  /** Only posts of this category. */
  categoryId: CategoryIdSchema.optional(),
  limit: ListLimitSchema,
  cursor: z.string().min(1).max(500).optional(),
  /** The anonymous visitor's id, so `voted` can be computed without a token. */
  authorId: z.string().min(1).max(200).optional(),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

/** `GET /api/v1/posts/:id` query: the anonymous visitor's id, for `voted` without a token. */
export const PostReadQuerySchema = z.strictObject({
  authorId: z.string().min(1).max(200).optional(),
});
export type PostReadQuery = z.infer<typeof PostReadQuerySchema>;

/** `POST /api/v1/posts`. Title 1–200 and body ≤ 10,000 characters after trimming. */
export const CreatePostBodySchema = z.strictObject({
  boardId: z.string().min(1).max(64),
  title: z
    .string({ error: 'title must be a string' })
    .trim()
    .min(1, { error: 'title must not be empty' })
    .max(LIMITS.postTitleMaxLength, { error: `title must be at most ${LIMITS.postTitleMaxLength} characters` }),
  body: z
    .string({ error: 'body must be a string' })
    .trim()
    .max(LIMITS.postBodyMaxLength, { error: `body must be at most ${LIMITS.postBodyMaxLength} characters` })
    .default(''),
  /** One of the board's categories. */
  categoryId: CategoryIdSchema.optional(),
  author: PostAuthorInputSchema.optional().describe(AUTHOR_DOC),
});
export type CreatePostBody = z.input<typeof CreatePostBodySchema>;

/** `POST /api/v1/posts/:id` (docs/feedback.md): `{action: "vote" | "unvote", author}`. */
export const VoteBodySchema = z.strictObject({
  action: z.enum(['vote', 'unvote'], { error: 'action must be "vote" or "unvote"' }),
  author: PostAuthorInputSchema.optional().describe(AUTHOR_DOC),
});
export type VoteBody = z.infer<typeof VoteBodySchema>;

export const VoteResultSchema = z.strictObject({
  postId: z.string(),
  voteCount: z.number().int().min(0).nullable(),
  voted: z.boolean(),
});
export type VoteResult = z.infer<typeof VoteResultSchema>;

/** A cursor page's query: `limit` 1–100 (default 20) and the previous page's `nextCursor`. */
export const PageQuerySchema = z.strictObject({
  limit: ListLimitSchema,
  cursor: z.string().min(1).max(500).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A comment's text: 1–5,000 characters after trimming. */
const CommentTextSchema = z
  .string({ error: 'body must be a string' })
  .trim()
  .min(1, { error: 'body must not be empty' })
  .max(LIMITS.commentBodyMaxLength, { error: `body must be at most ${LIMITS.commentBodyMaxLength} characters` });

/**
 * A comment on a post (docs/feedback.md). `team`: written from the dashboard or with an author
 * token whose claims carry `role: "team"`. A deleted comment with replies keeps its place with an
 * empty body and `deleted: true`.
 */
export const CommentSchema = z.strictObject({
  id: z.string(),
  object: z.literal('comment'),
  postId: z.string(),
  parentId: z.string().nullable(),
  body: z.string(),
  author: PostAuthorSchema,
  team: z.boolean(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  deleted: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** `POST /api/v1/posts/:postId/comments`: a comment, or a reply to a top-level comment. */
export const CreateCommentBodySchema = z.strictObject({
  body: CommentTextSchema,
  parentId: z.string().min(1).max(64).optional(),
  author: PostAuthorInputSchema.optional().describe(AUTHOR_DOC),
});
export type CreateCommentBody = z.input<typeof CreateCommentBodySchema>;

/** `POST /api/v1/comments/:commentId`: edit (the author, within 15 minutes) or delete (the author or the team). */
export const CommentActionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('edit'), body: CommentTextSchema, author: PostAuthorInputSchema.optional().describe(AUTHOR_DOC) }),
    z.strictObject({ action: z.literal('delete'), author: PostAuthorInputSchema.optional().describe(AUTHOR_DOC) }),
  ],
  { error: 'action must be "edit" or "delete"' },
);
export type CommentActionBody = z.input<typeof CommentActionBodySchema>;

/** What a delete answers: the comment gone, or kept in place as deleted while it has replies. */
export const DeletedCommentSchema = z.strictObject({
  id: z.string(),
  object: z.literal('comment'),
  deleted: z.literal(true),
});
export type DeletedComment = z.infer<typeof DeletedCommentSchema>;

/**
 * One voter of a post (`GET /api/v1/posts/:postId/voters`, secret key): name and email as the
 * author token carried them; `anonymous` for a visitor's own id (`author.anonymous`), which may
 * equal one of the host's user ids.
 */
export const VoterSchema = z.strictObject({
  authorId: z.string(),
  anonymous: z.boolean(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  votedAt: z.iso.datetime(),
});
export type Voter = z.infer<typeof VoterSchema>;
