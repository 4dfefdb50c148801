import { z } from 'zod';
import { LIMITS } from '../limits.js';

/** A post's status on the board's roadmap (docs/feedback.md). */
export const PostStatusSchema = z.enum(['open', 'under_review', 'planned', 'in_progress', 'completed', 'closed']);
export type PostStatus = z.infer<typeof PostStatusSchema>;

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

export const PostAuthorSchema = z.strictObject({
  id: z.string(),
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
  createdAt: z.iso.datetime(),
});
export type Post = z.infer<typeof PostSchema>;

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
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int({ error: 'limit must be a whole number from 1 to 100' })
    .min(1)
    .max(LIMITS.listLimitMax)
    .default(LIMITS.listLimitDefault),
  cursor: z.string().min(1).max(500).optional(),
  /** The anonymous visitor's id, so `voted` can be computed without a token. */
  authorId: z.string().min(1).max(200).optional(),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

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
