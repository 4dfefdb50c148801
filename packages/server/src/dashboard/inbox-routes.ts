import { CategoryIdSchema, KeyModeSchema, PageQuerySchema, PostAuthorInputSchema, PostStatusSchema, CreatePostBodySchema, wholeNumberParam } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changePostCategory, changePostStatus, deletePost, inboxPage, mergePosts } from '../services/feedback/inbox.js';
import { checkCategory, openBoardAs, publishedBoardConfig } from '../services/feedback/board-access.js';
import { createPost, toPost } from '../services/feedback/post-service.js';
import { listVoters } from '../services/feedback/voters.js';
import type { ZodTypeProvider } from '../type-provider.js';
import type { Plan } from '../repositories/platform/workspaces.js';
import { ownPost } from './own-post.js';
import { sessionOf } from './session-auth.js';

const InboxQuery = z.strictObject({
  mode: KeyModeSchema.optional(),
  boardId: z.string().max(100).optional(),
  status: PostStatusSchema.optional(),
  categoryId: CategoryIdSchema.optional(),
  q: z.string().max(200).optional(),
  limit: wholeNumberParam(z.number().int().min(1).max(100).default(50)),
  cursor: z.string().max(100).optional(),
});
const PostParams = z.object({ postId: z.string().max(100) });
/** A post written for one of the host app's users: named by their id and name, as the public route's `author`. */
const OnBehalfBody = CreatePostBodySchema.omit({ author: true }).extend({
  mode: KeyModeSchema,
  author: PostAuthorInputSchema.omit({ anonymous: true }).required({ name: true }),
});

/**
 * The feedback inbox (docs/dashboard-api.md#feedback-inbox): the list, status, category, merge and
 * delete through services/feedback/inbox.ts (status, merge and delete as `inlay posts` does), a
 * post on a user's behalf and a post's voters, after checking the posts are the session's
 * workspace's (the services take ids of any workspace).
 */
export async function inboxRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.inlay;

  app.get('/posts', { schema: { querystring: InboxQuery } }, async (request) => ({ data: await inboxPage(storage, sessionOf(request).workspace.id, request.query) }));

  app.post('/posts/:postId/status', { schema: { params: PostParams, body: z.strictObject({ status: PostStatusSchema }) } }, async (request) => {
    await ownPost(storage, sessionOf(request).workspace.id, request.params.postId);
    const change = await changePostStatus(storage, request.params.postId, request.body.status);
    return { data: change };
  });

  app.post('/posts/:postId/category', { schema: { params: PostParams, body: z.strictObject({ categoryId: CategoryIdSchema.nullable() }) } }, async (request) => {
    const post = await ownPost(storage, sessionOf(request).workspace.id, request.params.postId);
    const config = await publishedBoardConfig(app.inlay, post.workspace_id, post.board_id, 'postId');
    const categoryId = request.body.categoryId === null ? null : checkCategory(config, request.body.categoryId);
    return { data: await changePostCategory(storage, post.id, categoryId) };
  });

  app.post('/posts', { schema: { body: OnBehalfBody } }, async (request) => {
    const { workspace } = sessionOf(request);
    const { mode, boardId, title, body, categoryId, author } = request.body;
    const access = await openBoardAs(app.inlay, { workspaceId: workspace.id, mode, plan: workspace.plan as Plan }, boardId);
    const category = categoryId === undefined ? null : checkCategory(access.config, categoryId);
    const row = await createPost(app.inlay, access, { title, body, categoryId: category, author: { key: `u:${author.id}`, id: author.id, name: author.name, anonymous: false } });
    return { data: toPost(row, access, false) };
  });

  app.get('/posts/:postId/voters', { schema: { params: PostParams, querystring: PageQuerySchema } }, async (request) => {
    const post = await ownPost(storage, sessionOf(request).workspace.id, request.params.postId);
    return { data: await listVoters(storage, post.id, request.query) };
  });

  app.post('/posts/:postId/merge', { schema: { params: PostParams, body: z.strictObject({ into: z.string().max(100) }) } }, async (request) => {
    const workspaceId = sessionOf(request).workspace.id;
    await ownPost(storage, workspaceId, request.params.postId);
    await ownPost(storage, workspaceId, request.body.into, 'into');
    const result = await mergePosts(storage, request.params.postId, request.body.into);
    return { data: result };
  });

  app.delete('/posts/:postId', { schema: { params: PostParams } }, async (request) => {
    await ownPost(storage, sessionOf(request).workspace.id, request.params.postId);
    const result = await deletePost(storage, request.params.postId);
    return { data: result };
  });
}
