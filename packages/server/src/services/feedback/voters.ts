import { dataEnvelope, listPage, PageQuerySchema, VoterSchema, type ListPage, type Voter } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Storage } from '../../db/connect.js';
import { decodeJsonCursor, encodeJsonCursor } from '../../platform/json-cursor.js';
import { votersPage } from '../../repositories/feedback/post-reads.js';
import type { ZodTypeProvider } from '../../type-provider.js';
import { openPost } from './board-access.js';

const VoterCursorSchema = z.strictObject({ k: z.string().max(300) });

/** A vote's author key is `u:<id>` or `a:<id>` (repositories/feedback/posts.ts): the id is the rest. */
const authorIdOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** A page of a post's voters, in a stable order (their author keys), with what their author tokens carried. */
export async function listVoters(storage: Storage, postId: string, page: { limit: number; cursor?: string | undefined }): Promise<ListPage<Voter>> {
  const afterKey = page.cursor === undefined ? undefined : decodeJsonCursor(VoterCursorSchema, page.cursor).k;
  const rows = await votersPage(storage, postId, { afterKey, limit: page.limit + 1 });
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map((row) => ({ authorId: authorIdOf(row.author_key), anonymous: row.author_key.startsWith('a:'), name: row.author_name, email: row.author_email, votedAt: row.created_at })),
    nextCursor: rows.length > page.limit && last ? encodeJsonCursor({ k: last.author_key }) : null,
  };
}

/**
 * `GET /api/v1/posts/:postId/voters?limit&cursor` (secret key, docs/feedback.md, Voters): so a
 * host's backend can tell the voters its own way. Live keys need the `hosted` plan, as for posts.
 */
export function registerVoterRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/posts/:postId/voters',
    {
      config: { auth: 'secret' },
      schema: { params: z.object({ postId: z.string().max(64) }), querystring: PageQuerySchema, response: { 200: dataEnvelope(listPage(VoterSchema)) } },
    },
    async (request) => {
      const { post } = await openPost(app, request, request.params.postId);
      return { data: await listVoters(app.inlay.storage, post.id, request.query) };
    },
  );
}
