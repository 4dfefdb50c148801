import { KeyModeSchema, PostStatusSchema } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Storage } from '../db/connect.js';
import { notFound } from '../errors.js';
import { findPostById } from '../services/feedback/post-inbox.js';
import { changePostStatus, deletePost, mergePosts } from '../services/feedback/inbox.js';
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

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The inbox's page: every board and (unless one is asked for) both modes, newest first by id. */
async function inboxPage(storage: Storage, workspaceId: string, query: z.output<typeof InboxQuery>) {
  let select = storage.db.selectFrom('posts')
    .innerJoin('resources', 'resources.id', 'posts.board_id')
    .select([
      'posts.id',
      'posts.mode',
      'posts.board_id',
      'resources.name as board_name',
      'posts.title',
      'posts.body',
      'posts.status',
      'posts.vote_count',
      'posts.author_id',
      'posts.author_name',
      'posts.author_anonymous',
      'posts.created_at',
      'posts.updated_at',
    ])
    .where('posts.workspace_id', '=', workspaceId);
  if (query.mode !== undefined) select = select.where('posts.mode', '=', query.mode);
  if (query.boardId !== undefined) select = select.where('posts.board_id', '=', query.boardId);
  if (query.status !== undefined) select = select.where('posts.status', '=', query.status);
  if (query.cursor !== undefined) select = select.where('posts.id', '<', query.cursor);
  if (query.q !== undefined && query.q.trim() !== '') {
    const pattern = likePattern(query.q.trim());
    // ESCAPE spelled out: SQLite's LIKE has no escape character by default (PostgreSQL's is the same backslash).
    select = select.where(sql<boolean>`(lower(posts.title) like ${pattern} escape '\\' or lower(posts.body) like ${pattern} escape '\\')`);
  }
  const rows = await select.orderBy('posts.id', 'desc').limit(query.limit + 1).execute();
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      mode: row.mode,
      boardId: row.board_id,
      boardName: row.board_name,
      title: row.title,
      body: row.body,
      status: row.status,
      voteCount: row.vote_count,
      author: { id: row.author_id, name: row.author_name, anonymous: row.author_anonymous === 1 },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
    nextCursor: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/**
 * The feedback inbox (docs/dashboard-api.md#feedback-inbox): status, merge and delete through
 * services/feedback/inbox.ts, as `inlay posts` does, after checking the posts are the
 * session's workspace's (the service takes ids of any workspace).
 */
export async function inboxRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage: storage } = app.inlay;
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
