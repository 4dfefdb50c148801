import { AuthorTokenSchema, dataEnvelope, type AuthorTokenClaims, type ServiceDescriptor } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { mintAuthorToken } from './author-tokens.js';
import { authOf } from '../context.js';
import { notFound } from '../errors.js';
import { resourceExists } from '../repositories/publishing/resources.js';
import type { ZodTypeProvider } from '../type-provider.js';

export interface AuthorTokenRouteOptions<B extends z.ZodType> {
  body: B;
  /** The flow or board the token is for. */
  resourceId: (body: z.output<B>) => string;
  /** The body field naming it, for the 404's `param`. */
  resourceParam: string;
  claims: (body: z.output<B>) => Partial<Pick<AuthorTokenClaims, 'wsk' | 'name' | 'email' | 'avatarUrl' | 'role'>>;
}

/** `POST /api/v1/author-tokens` (secret key): a short-lived token for one end user and one resource. */
export function registerAuthorTokenRoute<B extends z.ZodType<{ authorId: string; expiresInSec: number }>>(
  parent: FastifyInstance,
  service: ServiceDescriptor,
  options: AuthorTokenRouteOptions<B>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.inlay;
  app.post(
    '/api/v1/author-tokens',
    { config: { auth: 'secret', rateLimitGroup: 'author-tokens' }, schema: { body: options.body, response: { 200: dataEnvelope(AuthorTokenSchema) } } },
    async (request) => {
      const auth = authOf(request);
      const body = request.body as z.output<B>;
      const resourceId = options.resourceId(body);
      if (!(await resourceExists(storage, { workspaceId: auth.workspaceId, kind: service.kind }, resourceId))) {
        throw notFound(service.kind, resourceId, options.resourceParam);
      }
      const minted = await mintAuthorToken(storage, {
        workspaceId: auth.workspaceId,
        mode: auth.mode,
        service: service.service,
        resourceId,
        authorId: body.authorId,
        expiresInSec: body.expiresInSec,
        claims: options.claims(body),
      });
      return { data: minted };
    },
  );
}
