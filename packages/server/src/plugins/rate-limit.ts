import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from '../context.js';
import { isPostgres } from '../db/dialect.js';
import { RateLimit } from './rate-limiter.js';
import { SharedRateCounts } from './shared-rate-counts.js';
import { addRouteHook } from './route-hooks.js';

/**
 * Limits per key after authentication (docs/api.md). A publishable key is shared by every
 * visitor of a site, so its routes have two limits: per (key, client IP) and a higher ceiling
 * per key. A synchronous hook: see {@link RateLimit}.
 */
export const rateLimitPlugin = fp(
  (app: FastifyInstance) => {
    const limits = app.inlay.options.rateLimits;
    const refusal = (max: number) => (retryAfter: string) => `Too many requests: at most ${max} a minute. Retry after ${retryAfter} s.`;
    const counts = sharedCounts(app);
    const limit = (max: number, name: string) => new RateLimit(max, refusal(max), counts && { counts, name });
    const perClient = limit(limits.publishablePerClient, 'client');
    const perPublishableKey = limit(limits.publishablePerKey, 'publishable');
    const perSecretKey = limit(limits.secretPerKey, 'secret');
    const perAuthorTokenKey = limit(limits.authorTokensPerKey, 'author-tokens');

    const hook = (count: (request: FastifyRequest, keyId: string) => void) =>
      function rateLimit(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
        try {
          count(request, authOf(request).keyId);
        } catch (error) {
          done(error as Error);
          return;
        }
        done();
      };
    const publishable = hook((request, keyId) => {
      perClient.hit(`${keyId}:${request.ip}`);
      perPublishableKey.hit(keyId);
    });
    const secret = hook((_request, keyId) => perSecretKey.hit(keyId));
    const authorTokens = hook((_request, keyId) => perAuthorTokenKey.hit(keyId));

    app.addHook('onRoute', (route) => {
      const auth = route.config?.auth;
      if (auth === undefined) return;
      addRouteHook(route, 'onRequest', route.config?.rateLimitGroup === 'author-tokens' ? authorTokens : auth === 'publishable' ? publishable : secret);
    });
  },
  { name: 'inlay-rate-limit', dependencies: ['inlay-auth'] },
);

/**
 * The shared counts when the limits are counted across instances (`rateLimits.store`), closed
 * with the app; undefined for the per-process store.
 */
function sharedCounts(app: FastifyInstance): SharedRateCounts | undefined {
  const { db, options } = app.inlay;
  const { store, sharedFlushMs } = options.rateLimits;
  if (store !== 'auto' && store !== 'memory' && store !== 'postgres') throw new Error(`rateLimits.store must be memory, postgres or auto, not ${store}`);
  if (store === 'memory' || (store === 'auto' && !isPostgres(db))) return undefined;
  if (!isPostgres(db)) throw new Error('rateLimits.store postgres needs a PostgreSQL database');
  const counts = new SharedRateCounts(db, sharedFlushMs);
  app.addHook('onClose', () => counts.close());
  return counts;
}
