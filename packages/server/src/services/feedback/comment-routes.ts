import {
  CommentActionBodySchema,
  CommentSchema,
  CreateCommentBodySchema,
  dataEnvelope,
  DeletedCommentSchema,
  listPage,
  PageQuerySchema,
} from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../context.js';
import type { ZodTypeProvider } from '../../type-provider.js';
import { antiSpam } from './anti-spam.js';
import { openHostedBoard, openPost, resolveAuthor } from './board-access.js';
import { addComment, editComment, liveComment, listComments, removeComment } from './comments.js';

const PostParams = z.object({ postId: z.string().max(64) });
const CommentParams = z.object({ commentId: z.string().max(64) });

/**
 * The comment routes (docs/feedback.md, Comments), publishable key, with the posts' rules: the
 * `hosted` plan for live keys, an author token where the board requires one, and the posts'
 * anti-spam limits for new comments.
 *   GET  /api/v1/posts/:postId/comments?limit&cursor
 *   POST /api/v1/posts/:postId/comments  {body, parentId?, author?}
 *   POST /api/v1/comments/:commentId     {action: "edit", body, author?} | {action: "delete", author?}
 */
export function registerCommentRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'publishable' } as const;
  const { storage } = app.inlay;
  const spamCheck = antiSpam(parent, 'comments');

  app.get(
    '/api/v1/posts/:postId/comments',
    { config, schema: { params: PostParams, querystring: PageQuerySchema, response: { 200: dataEnvelope(listPage(CommentSchema)) } } },
    async (request) => {
      const { post } = await openPost(app, request, request.params.postId);
      return { data: await listComments(storage, post, request.query) };
    },
  );

  app.post(
    '/api/v1/posts/:postId/comments',
    { config, schema: { params: PostParams, body: CreateCommentBodySchema, response: { 200: dataEnvelope(CommentSchema) } } },
    async (request) => {
      const { post, access } = await openPost(app, request, request.params.postId);
      const author = await resolveAuthor(app, request, access, request.body.author);
      const place = { workspaceId: post.workspace_id, mode: post.mode, boardId: post.board_id, postId: post.id };
      const input = { body: request.body.body, parentId: request.body.parentId, author, team: author.team === true };
      const comment = await addComment(storage, place, input, () => spamCheck(request, `${access.boardId}:${author.key}`));
      return { data: comment };
    },
  );

  app.post(
    '/api/v1/comments/:commentId',
    {
      config,
      schema: { params: CommentParams, body: CommentActionBodySchema, response: { 200: dataEnvelope(z.union([CommentSchema, DeletedCommentSchema])) } },
    },
    async (request) => {
      const comment = await liveComment(storage, authOf(request), request.params.commentId);
      const access = await openHostedBoard(app, request, comment.board_id, 'commentId');
      const author = await resolveAuthor(app, request, access, request.body.author);
      if (request.body.action === 'edit') return { data: await editComment(storage, comment, author.key, request.body.body) };
      return { data: await removeComment(storage, comment, { authorKey: author.key, team: author.team === true }) };
    },
  );
}
