import { dataEnvelope, publishedConfigSchema, type ServiceDescriptor } from '@inlay/core';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, type AuthContext } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { requirePlan } from './plans.js';
import type { PublishedEntry } from './published-cache.js';

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
    async (request, reply) => {
      const auth = authOf(request);
      const { id } = request.params as { id: string };
      const found = await published.get(service.kind, id);
      if (!found || found.workspaceId !== auth.workspaceId) throw notFound(service.kind, id);
      if ('unpublished' in found) {
        throw new ApiError('not_published', `The ${service.kind} ${id} has not been published yet; publish it with POST /api/v1/${service.plural}/${id}.`, { param: 'id' });
      }
      requirePlan(auth, ['byo', 'hosted'], 'Live config fetches');
      options.checkAccess?.(request, auth, found);
      usage.increment({ workspaceId: auth.workspaceId, mode: auth.mode, service: service.service, resourceId: id, metric: 'configFetches' });
      return sendCacheable(request, reply, found, serverOptions.configCacheControl);
    },
  );
}

function sendCacheable(request: FastifyRequest, reply: FastifyReply, entry: PublishedEntry, cacheControl: string): FastifyReply {
  reply.header('ETag', entry.etag).header('Cache-Control', cacheControl).header('Vary', appendVary(reply, 'Authorization'));
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => stripWeak(tag.trim()) === entry.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

function stripWeak(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

function appendVary(reply: FastifyReply, name: string): string {
  const current = reply.getHeader('vary');
  const values = typeof current === 'string' && current !== '' ? current.split(',').map((v) => v.trim()) : [];
  if (!values.includes(name)) values.push(name);
  return values.join(', ');
}
