import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paths of publishable routes: the only ones a browser on a customer's site may call. */
export const PUBLISHABLE_PATH = /^\/(onboarding|feedback|importer)\/api\/v1\/(config|progress|outcomes|posts|sessions)(\/|\?|$)/;

/**
 * CORS for the publishable routes only (DESIGN.md §4): any origin may ask, and per-resource
 * rules (a flow's `allowedOrigins`) are enforced by the routes themselves, which answer 403 in a
 * body the page can read. Secret-key routes send no CORS headers, so browsers cannot call them.
 */
export const corsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(cors, {
      delegator: (request, callback) => {
        if (!PUBLISHABLE_PATH.test(request.url ?? '')) {
          callback(null, { origin: false });
          return;
        }
        callback(null, {
          origin: true,
          methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          allowedHeaders: ['Authorization', 'Content-Type', 'Inlay-Author-Token', 'If-None-Match'],
          exposedHeaders: ['Request-Id', 'ETag', 'Retry-After'],
          maxAge: 600,
          strictPreflight: false,
        });
      },
    });
  },
  { name: 'inlay-cors' },
);
