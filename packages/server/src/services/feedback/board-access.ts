import type { BoardConfig, PostAuthorInput } from '@inlay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyAuthorToken } from '../../auth/author-tokens.js';
import { authOf, type AuthContext, type InlayContext } from '../../context.js';
import { requirePlan } from '../../platform/plans.js';
import { ApiError, notFound } from '../../errors.js';
import { enforceAllowedOrigins } from '../../publishing/allowed-origins.js';
import { findPostBoard, type StoredAuthor, type VotedPost } from '../../repositories/feedback/posts.js';

/** Who acts on a board: a key's workspace, mode and plan, or a dashboard member's. */
export type BoardActor = Pick<AuthContext, 'workspaceId' | 'mode' | 'plan'>;

/** A published board the caller may use on the hosted post routes. */
export interface BoardAccess {
  auth: BoardActor;
  boardId: string;
  config: BoardConfig;
}

/** Published, in the key's workspace, the `hosted` plan for live keys (docs/concepts.md), and the board's `allowedOrigins`. */
export async function openHostedBoard(app: FastifyInstance, request: FastifyRequest, boardId: string, param = 'boardId'): Promise<BoardAccess> {
  const auth = authOf(request);
  const access = await openBoardAs(app.inlay, auth, boardId, param);
  enforceAllowedOrigins(request, auth, access.config, 'board');
  return access;
}

/** {@link openHostedBoard} for any actor (the dashboard acts for its member's workspace). */
export async function openBoardAs(context: Pick<InlayContext, 'published'>, auth: BoardActor, boardId: string, param = 'boardId'): Promise<BoardAccess> {
  const config = await publishedBoardConfig(context, auth.workspaceId, boardId, param);
  requirePlan(auth, ['hosted'], 'Hosted posts and votes');
  return { auth, boardId, config };
}

/** The published config of a board of the workspace; 404 on `param` otherwise. */
export async function publishedBoardConfig(context: Pick<InlayContext, 'published'>, workspaceId: string, boardId: string, param = 'boardId'): Promise<BoardConfig> {
  const found = await context.published.get('board', boardId);
  if (!found || found.workspaceId !== workspaceId) throw notFound('board', boardId, param);
  if ('unpublished' in found) throw new ApiError('not_published', `The board ${boardId} has not been published yet.`, { param });
  return found.config as BoardConfig;
}

/** A post of the key's workspace and mode, and its board opened as {@link openHostedBoard} does; 404 on `param` otherwise. */
export async function openPost(app: FastifyInstance, request: FastifyRequest, postId: string, param = 'postId'): Promise<{ post: VotedPost; access: BoardAccess }> {
  const post = await findPostBoard(app.inlay.storage, authOf(request), postId);
  if (!post) throw notFound('post', postId, param);
  return { post, access: await openHostedBoard(app, request, post.board_id, param) };
}

/** A category of the board's config, or a 400 on `param` (docs/feedback.md, Categories). */
export function checkCategory(config: BoardConfig, categoryId: string, param = 'categoryId'): string {
  if (!(config.categories ?? []).some((category) => category.id === categoryId)) {
    throw new ApiError('parameter_invalid', `${param}: the board has no category "${categoryId}".`, { param });
  }
  return categoryId;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['inlay-author-token'];
  const token = Array.isArray(header) ? header[0] : header;
  return token === '' ? undefined : token;
}

/**
 * The author of a write (docs/concepts.md#author-tokens, docs/feedback.md). An author token decides, and a body naming someone
 * else is refused. Without one: refused when the board requires a token; an anonymous author
 * (client-generated id) only when the board allows anonymous authors; otherwise a named author
 * in test mode only — live writes by identified users need a token.
 */
export async function resolveAuthor(
  app: FastifyInstance,
  request: FastifyRequest,
  access: BoardAccess,
  input: PostAuthorInput | undefined,
): Promise<StoredAuthor> {
  const token = tokenOf(request);
  if (token !== undefined) {
    const claims = await verifyAuthorToken(
      app.inlay.storage,
      token,
      { workspaceId: access.auth.workspaceId, mode: access.auth.mode, service: 'feedback', resourceId: access.boardId },
      app.inlay.signingSecrets,
    );
    // A visitor who was anonymous and has signed in may still send its anonymous author: the
    // token wins. Naming another identified user is refused.
    if (input !== undefined && input.anonymous !== true && input.id !== claims.sub) {
      throw new ApiError('identity_mismatch', 'author differs from the author token’s user.', { param: 'author.id' });
    }
    return { key: `u:${claims.sub}`, id: claims.sub, name: claims.name ?? null, anonymous: false, email: claims.email ?? null, team: claims.role === 'team', viaToken: true };
  }
  if (access.config.requireAuthorToken) {
    throw new ApiError('author_token_required', 'This board requires an author token: send Inlay-Author-Token.');
  }
  if (input === undefined) throw new ApiError('parameter_missing', 'author is required without an author token.', { param: 'author' });
  if (input.anonymous === true) {
    if (!access.config.allowAnonymous) throw new ApiError('feature_disabled', 'This board does not allow anonymous authors (allowAnonymous).');
    return { key: `a:${input.id}`, id: input.id, name: input.name ?? null, anonymous: true };
  }
  if (access.auth.mode === 'live') {
    throw new ApiError('author_token_required', 'Live posts and votes by identified users require an author token: send Inlay-Author-Token.');
  }
  return { key: `u:${input.id}`, id: input.id, name: input.name ?? null, anonymous: false };
}

/** Author keys whose votes count as the caller's, for `voted` on reads. */
export async function readerKeys(app: FastifyInstance, request: FastifyRequest, access: BoardAccess, authorId: string | undefined): Promise<string[]> {
  const token = tokenOf(request);
  if (token !== undefined) {
    const claims = await verifyAuthorToken(
      app.inlay.storage,
      token,
      { workspaceId: access.auth.workspaceId, mode: access.auth.mode, service: 'feedback', resourceId: access.boardId },
      app.inlay.signingSecrets,
    );
    return [`u:${claims.sub}`];
  }
  // Reading needs no token; without one, a board that requires tokens trusts no claimed id.
  if (authorId === undefined || access.config.requireAuthorToken) return [];
  return [`u:${authorId}`, `a:${authorId}`];
}
