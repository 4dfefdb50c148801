import {
  CreatePostBodySchema,
  dataEnvelope,
  listPage,
  PostListQuerySchema,
  PostSchema,
  VoteBodySchema,
  VoteResultSchema,
  type VoteResult,
} from '@inlay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../context.js';
import { ApiError, notFound } from '../../errors.js';
import { RateLimit } from '../../plugins/rate-limiter.js';
import { findPostBoard, insertPost, setVote } from '../../repositories/feedback/posts.js';
import type { ZodTypeProvider } from '../../type-provider.js';
import { openHostedBoard, readerKeys, resolveAuthor, type BoardAccess } from './board-access.js';
import { listPosts, listPrefix, toPost } from './post-service.js';

/**
 * The hosted post routes (docs/feedback.md), publishable key:
 *   GET  /api/v1/posts?boardId&q&sort&limit&cursor&authorId
 *   POST /api/v1/posts                {boardId, title, body, author?}
 *   POST /api/v1/posts/:id            {action: "vote" | "unvote", author?}
 */
export function registerPostRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'publishable' } as const;
  const { storage, usage, options } = app.inlay;
  const scope = (access: BoardAccess) => ({ workspaceId: access.auth.workspaceId, mode: access.auth.mode, service: 'feedback' as const, resourceId: access.boardId });

  // Counted once across instances when the server shares its counts (`rateLimits.store`).
  const counts = parent.sharedRateCounts;
  const perClient = new RateLimit(options.rateLimits.postsPerClient, (retryAfter) => `Too many posts from this address; retry after ${retryAfter} s.`, counts && { counts, name: 'posts-client' });
  const perAuthor = new RateLimit(options.rateLimits.postsPerAuthor, (retryAfter) => `Too many posts by this author; retry after ${retryAfter} s.`, counts && { counts, name: 'posts-author' });
  const spamCheck = (request: FastifyRequest, authorKey: string) => {
    perClient.hit(`${authOf(request).keyId}:${request.ip}`);
    perAuthor.hit(authorKey);
  };

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
    spamCheck(request, `${access.boardId}:${author.key}`);
    const boardScope = { workspaceId: access.auth.workspaceId, mode: access.auth.mode, boardId: access.boardId };
    const row = await insertPost(storage, boardScope, { title: request.body.title, body: request.body.body, author });
    // The next first page ranks the board again, so the new post shows at once.
    app.inlay.storage.changes.announce({ topic: 'lists', id: listPrefix(boardScope) });
    usage.increment({ ...scope(access), metric: 'postsCreated' });
    usage.markActive(scope(access), author.key);
    return { data: toPost(row, access, false) };
  });

  app.post('/api/v1/posts/:id', { config, schema: { params: z.object({ id: z.string() }), body: VoteBodySchema, response: { 200: dataEnvelope(VoteResultSchema) } } }, async (request) => {
    const post = await findPostBoard(storage, authOf(request), request.params.id);
    if (!post) throw notFound('post', request.params.id);
    const access = await openHostedBoard(app, request, post.board_id, 'id');
    if (!access.config.votingEnabled) throw new ApiError('feature_disabled', 'Voting is turned off on this board (votingEnabled is false).');
    const author = await resolveAuthor(app, request, access, request.body.author);
    const vote = request.body.action === 'vote';
    const result = await setVote(storage, post, author.key, vote);
    if (result === null) throw notFound('post', post.id);
    const { voteCount, changed } = result;
    if (changed) usage.increment({ ...scope(access), metric: vote ? 'votes' : 'unvotes' });
    usage.markActive(scope(access), author.key);
    const data: VoteResult = { postId: post.id, voteCount: access.config.showVoteCounts ? voteCount : null, voted: vote };
    return { data };
  });
}
