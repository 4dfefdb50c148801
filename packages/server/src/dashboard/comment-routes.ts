import { LIMITS, PageQuerySchema } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addComment, liveComment, listComments, removeComment } from '../services/feedback/comments.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { ownPost } from './own-post.js';
import { sessionOf } from './session-auth.js';

const PostParams = z.object({ postId: z.string().max(100) });
const TeamCommentBody = z.strictObject({
  body: z.string().trim().min(1, { error: 'body must not be empty' }).max(LIMITS.commentBodyMaxLength, { error: `body must be at most ${LIMITS.commentBodyMaxLength} characters` }),
  parentId: z.string().max(100).optional(),
  /** The name shown for the reply (the member's account has an email, not a name); the workspace's name when absent. */
  name: z.string().trim().min(1).max(LIMITS.nameMaxLength).optional(),
});

/**
 * A post's comments in the inbox (docs/dashboard-api.md#feedback-inbox): read them, reply as the
 * team (`team: true`), delete any of them; through services/feedback/comments.ts as the public
 * comment routes do.
 */
export async function commentRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.inlay;

  app.get('/posts/:postId/comments', { schema: { params: PostParams, querystring: PageQuerySchema } }, async (request) => {
    const post = await ownPost(storage, sessionOf(request).workspace.id, request.params.postId);
    return { data: await listComments(storage, post, request.query) };
  });

  app.post('/posts/:postId/comments', { schema: { params: PostParams, body: TeamCommentBody } }, async (request) => {
    const { account, workspace } = sessionOf(request);
    const post = await ownPost(storage, workspace.id, request.params.postId);
    const author = { key: `team:${account.id}`, id: account.id, name: request.body.name ?? workspace.name, anonymous: false };
    const place = { workspaceId: post.workspace_id, mode: post.mode, boardId: post.board_id, postId: post.id };
    return { data: await addComment(storage, place, { body: request.body.body, parentId: request.body.parentId, author, team: true }) };
  });

  app.delete('/comments/:commentId', { schema: { params: z.object({ commentId: z.string().max(100) }) } }, async (request) => {
    // A comment of either mode of the session's workspace.
    const comment = await liveComment(storage, { workspaceId: sessionOf(request).workspace.id }, request.params.commentId);
    return { data: await removeComment(storage, comment, { team: true }) };
  });
}
