import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from '../context.js';
import { RateLimit } from './rate-limiter.js';
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
    const limit = (max: number) => new RateLimit(max, refusal(max));
    const perClient = limit(limits.publishablePerClient);
    const perPublishableKey = limit(limits.publishablePerKey);
    const perSecretKey = limit(limits.secretPerKey);
    const perAuthorTokenKey = limit(limits.authorTokensPerKey);

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
