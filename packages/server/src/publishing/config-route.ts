import { dataEnvelope, publishedConfigSchema, type ServiceDescriptor } from '@inlay/core';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, type AuthContext } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { requirePlan } from '../platform/plans.js';
import type { PublishedEntry, PublishedLookup } from './published-cache.js';

export interface ConfigRouteOptions {
  /** A service's own check of who may read the config (onboarding: `allowedOrigins`). */
  checkAccess?: (request: FastifyRequest, auth: AuthContext, entry: PublishedEntry) => void;
}

/**
 * `GET /api/v1/config/:id` (publishable key): the published config only. Served from memory,
 * with an ETag per published revision so browsers and CDNs revalidate with a 304.
 */
/**
 * The `:id` parameter for the OpenAPI document only: validating it would cost a zod parse on
 * the hottest route, and the router already guarantees a string.
 */
const OPENAPI_ONLY_ID = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };

export function registerConfigRoute(parent: FastifyInstance, service: ServiceDescriptor, options: ConfigRouteOptions = {}): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { published, usage, options: serverOptions } = app.inlay;

  app.get(
    '/api/v1/config/:id',
    // No params schema: the router guarantees a string, and this is the hottest route.
    {
      config: { auth: 'publishable' },
      schema: {
        params: OPENAPI_ONLY_ID,
        response: { 200: dataEnvelope(publishedConfigSchema(service.kind, service.configSchema)), 304: z.null().describe('Not modified (If-None-Match)') },
      },
    },
    // Not an async function: a cached config is answered without a promise round, since this
    // is the hottest route of the product; the first fetch after a publish reads the database.
    (request, reply) => {
      const { id } = request.params as { id: string };
      const cached = published.peek(service.kind, id);
      if (cached !== undefined) {
        answer(request, reply, id, cached);
        return;
      }
      return published.get(service.kind, id).then((found) => answer(request, reply, id, found));
    },
  );

  function answer(request: FastifyRequest, reply: FastifyReply, id: string, found: PublishedLookup): void {
    const auth = authOf(request);
    if (!found || found.workspaceId !== auth.workspaceId) throw notFound(service.kind, id);
    if ('unpublished' in found) {
      throw new ApiError('not_published', `The ${service.kind} ${id} has not been published yet; publish it with POST /api/v1/${service.plural}/${id}.`, { param: 'id' });
    }
    requirePlan(auth, ['byo', 'hosted'], 'Live config fetches');
    options.checkAccess?.(request, auth, found);
    usage.increment({ workspaceId: auth.workspaceId, mode: auth.mode, service: service.service, resourceId: id, metric: 'configFetches' });
    sendCacheable(request, reply, found, serverOptions.configCacheControl);
  }
}

function sendCacheable(request: FastifyRequest, reply: FastifyReply, entry: PublishedEntry, cacheControl: string): FastifyReply {
  reply.header('ETag', entry.etag).header('Cache-Control', cacheControl).header('Vary', varyWithAuthorization(reply));
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => stripWeak(tag.trim()) === entry.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

function stripWeak(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** What @fastify/cors sets on every publishable route, with Authorization added: one string, not one per request. */
const VARY_ORIGIN_AUTHORIZATION = 'Origin, Authorization';

function varyWithAuthorization(reply: FastifyReply): string {
  const current = reply.getHeader('vary');
  if (current === 'Origin') return VARY_ORIGIN_AUTHORIZATION;
  if (current === undefined || current === '') return 'Authorization';
  const values = typeof current === 'string' ? current.split(',').map((v) => v.trim()) : [];
  if (!values.includes('Authorization')) values.push('Authorization');
  return values.join(', ');
}
