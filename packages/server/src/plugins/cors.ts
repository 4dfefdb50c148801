import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** CORS of the publishable routes, normalised once by @fastify/cors (DESIGN.md §4). */
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
 * Secret-key routes live outside this scope and send no CORS headers, so browsers cannot read
 * their answers.
 */
export async function publishableRoutes(app: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(cors, PUBLISHABLE_CORS);
    register(scope);
  });
}
