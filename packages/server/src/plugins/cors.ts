import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { addRouteHook } from './route-hooks.js';
import { crossOriginHeaders } from './security-headers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors reads it per route: `false` sends no CORS headers on that route. */
    cors?: false;
  }
}

/** CORS of the publishable routes, normalised once by @fastify/cors (docs/security.md#cors-and-allowedorigins). */
const PUBLISHABLE_CORS: FastifyCorsOptions = {
  origin: true,
  methods: ['GET', 'POST'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Inlay-Author-Token', 'If-None-Match'],
  // A string, not a list: the plugin joins a list on every request.
  exposedHeaders: 'Request-Id, ETag, Retry-After',
  maxAge: 600,
  strictPreflight: false,
};

/**
 * Registers a service's publishable routes in their own scope with CORS for any origin: the
 * browser on a customer's site may call them, and per-resource rules (a flow's
 * `allowedOrigins`) are enforced by the routes, answering 403 in a body the page can read.
 * Secret-key routes and MCP live outside this scope and send no CORS headers, so browsers
 * cannot read their answers — not even a preflight's.
 */
export async function publishableRoutes(app: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await crossOriginRoutes(app, PUBLISHABLE_CORS, register);
}

/**
 * Registers routes with CORS in a scope of their own. @fastify/cors answers preflights through an
 * `OPTIONS *` route at the scope's prefix, which under `/onboarding` would also answer for every
 * secret-key route and `/mcp` beside the publishable ones; that route is switched off here and
 * each cross-origin route gets an `OPTIONS` route of its own instead. `crossOrigin` picks the
 * routes of the scope that are cross-origin (default: all); the others send no CORS headers.
 */
export async function crossOriginRoutes(
  app: FastifyInstance,
  options: FastifyCorsOptions,
  register: (scope: FastifyInstance) => unknown,
  crossOrigin: (url: string) => boolean = () => true,
): Promise<void> {
  await app.register(async (scope) => {
    const preflightPaths = new Set<string>();
    scope.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.includes('OPTIONS')) {
        // @fastify/cors's catch-all: no CORS headers, so it answers the usual 404.
        if (route.url.endsWith('*')) route.config = { ...route.config, cors: false };
        return;
      }
      if (!crossOrigin(route.url)) {
        route.config = { ...route.config, cors: false };
        return;
      }
      addRouteHook(route, 'onRequest', crossOriginHeaders);
      if (!methods.includes('HEAD')) preflightPaths.add(route.url.slice(scope.prefix.length));
    });
    await scope.register(cors, options);
    await register(scope);
    // The CORS hook answers every preflight before a handler runs; the handler is only a target.
    for (const path of preflightPaths) scope.options(path, { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
  });
}
