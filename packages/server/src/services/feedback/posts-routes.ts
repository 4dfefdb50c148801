import {
  CreatePostBodySchema,
  dataEnvelope,
  listPage,
  PostListQuerySchema,
  PostReadQuerySchema,
  PostSchema,
  VoteBodySchema,
  VoteResultSchema,
  type VoteResult,
} from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { antiSpam } from './anti-spam.js';
import { z } from 'zod';
import { authOf } from '../../context.js';
import { ApiError, notFound } from '../../errors.js';
import { findPost, mergedInto } from '../../repositories/feedback/post-reads.js';
import { setVote, votedPostIds } from '../../repositories/feedback/posts.js';
import type { ZodTypeProvider } from '../../type-provider.js';
import { checkCategory, openHostedBoard, openPost, readerKeys, resolveAuthor, type BoardAccess } from './board-access.js';
import { createPost, listPosts, toPost } from './post-service.js';

/**
 * The hosted post routes (docs/feedback.md), publishable key:
 *   GET  /api/v1/posts?boardId&q&sort&status&categoryId&limit&cursor&authorId
 *   POST /api/v1/posts                {boardId, title, body, categoryId?, author?}
 *   GET  /api/v1/posts/:id?authorId   (a merged post's id answers with the post it went into)
 *   POST /api/v1/posts/:id            {action: "vote" | "unvote", author?}
 */
export function registerPostRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'publishable' } as const;
  const { storage, usage } = app.inlay;
  const scope = (access: BoardAccess) => ({ workspaceId: access.auth.workspaceId, mode: access.auth.mode, service: 'feedback' as const, resourceId: access.boardId });

  const spamCheck = antiSpam(parent, 'posts');

  app.get('/api/v1/posts', { config, schema: { querystring: PostListQuerySchema, response: { 200: dataEnvelope(listPage(PostSchema)) } } }, async (request) => {
    const access = await openHostedBoard(app, request, request.query.boardId);
    const keys = await readerKeys(app, request, access, request.query.authorId);
    const page = await listPosts(app.inlay, access, request.query, keys);
    if (request.query.q) usage.increment({ ...scope(access), metric: 'searches' });
    return { data: page };
  });

  app.post('/api/v1/posts', { config, schema: { body: CreatePostBodySchema, response: { 200: dataEnvelope(PostSchema) } } }, async (request) => {
    const access = await openHostedBoard(app, request, request.body.boardId);
    if (!access.config.submissionsEnabled) throw new ApiError('feature_disabled', 'This board does not take new posts (submissionsEnabled is false).');
    const author = await resolveAuthor(app, request, access, request.body.author);
    // A bad category is refused before the write counts against the author's anti-spam limit.
    const categoryId = request.body.categoryId === undefined ? null : checkCategory(access.config, request.body.categoryId);
    await spamCheck(request, `${access.boardId}:${author.key}`);
    const row = await createPost(app.inlay, access, { title: request.body.title, body: request.body.body, author, categoryId });
    usage.increment({ ...scope(access), metric: 'postsCreated' });
    usage.markActive(scope(access), author.key);
    return { data: toPost(row, access, false) };
  });

  app.get('/api/v1/posts/:id', { config, schema: { params: z.object({ id: z.string().max(64) }), querystring: PostReadQuerySchema, response: { 200: dataEnvelope(PostSchema) } } }, async (request) => {
    const auth = authOf(request);
    // A merged post's id answers with the post it went into.
    const id = (await mergedInto(storage, auth, request.params.id)) ?? request.params.id;
    const row = await findPost(storage, auth, id);
    if (!row) throw notFound('post', request.params.id);
    const access = await openHostedBoard(app, request, row.board_id, 'id');
    const keys = await readerKeys(app, request, access, request.query.authorId);
    const voted = await votedPostIds(storage, keys, [row.id]);
    return { data: toPost(row, access, voted.has(row.id)) };
  });

  app.post('/api/v1/posts/:id', { config, schema: { params: z.object({ id: z.string() }), body: VoteBodySchema, response: { 200: dataEnvelope(VoteResultSchema) } } }, async (request) => {
    const { post, access } = await openPost(app, request, request.params.id, 'id');
    if (!access.config.votingEnabled) throw new ApiError('feature_disabled', 'Voting is turned off on this board (votingEnabled is false).');
    const author = await resolveAuthor(app, request, access, request.body.author);
    const vote = request.body.action === 'vote';
    const result = await setVote(storage, post, author.key, vote, author.viaToken === true ? { name: author.name, email: author.email ?? null } : undefined);
    if (result === null) throw notFound('post', post.id);
    const { voteCount, changed } = result;
    if (changed) usage.increment({ ...scope(access), metric: vote ? 'votes' : 'unvotes' });
    usage.markActive(scope(access), author.key);
    const data: VoteResult = { postId: post.id, voteCount: access.config.showVoteCounts ? voteCount : null, voted: vote };
    return { data };
  });
}
