import { KeyModeSchema, PostStatusSchema } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors.js';
import { findPostById } from '../repositories/feedback/post-inbox.js';
import { changePostStatus, deletePost, inboxPage, mergePosts } from '../services/feedback/inbox.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { sessionOf } from './session-auth.js';

const InboxQuery = z.strictObject({
  mode: KeyModeSchema.optional(),
  boardId: z.string().max(100).optional(),
  status: PostStatusSchema.optional(),
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(100).optional(),
});
const PostParams = z.object({ postId: z.string().max(100) });

/**
 * The feedback inbox (docs/dashboard-api.md#feedback-inbox): the list, status, merge and delete
 * through services/feedback/inbox.ts (the last three as `inlay posts` does), after checking the
 * posts are the session's workspace's (the service takes ids of any workspace).
 */
export async function inboxRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.inlay;
  const ownPost = async (workspaceId: string, postId: string, param = 'postId') => {
    const row = await findPostById(storage.db, postId);
    if (!row || row.workspace_id !== workspaceId) throw notFound('post', postId, param);
    return row;
  };

  app.get('/posts', { schema: { querystring: InboxQuery } }, async (request) => ({ data: await inboxPage(storage, sessionOf(request).workspace.id, request.query) }));

  app.post('/posts/:postId/status', { schema: { params: PostParams, body: z.strictObject({ status: PostStatusSchema }) } }, async (request) => {
    await ownPost(sessionOf(request).workspace.id, request.params.postId);
    const change = await changePostStatus(storage, request.params.postId, request.body.status);
    return { data: change };
  });

  app.post('/posts/:postId/merge', { schema: { params: PostParams, body: z.strictObject({ into: z.string().max(100) }) } }, async (request) => {
    const workspaceId = sessionOf(request).workspace.id;
    await ownPost(workspaceId, request.params.postId);
    await ownPost(workspaceId, request.body.into, 'into');
    const result = await mergePosts(storage, request.params.postId, request.body.into);
    return { data: result };
  });

  app.delete('/posts/:postId', { schema: { params: PostParams } }, async (request) => {
    await ownPost(sessionOf(request).workspace.id, request.params.postId);
    const result = await deletePost(storage, request.params.postId);
    return { data: result };
  });
}
