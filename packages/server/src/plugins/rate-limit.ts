import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from '../context.js';
import { ApiError } from '../errors.js';
import { addRouteHook } from './route-hooks.js';

type Limiter = (request: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number; max: number }>;

const MINUTE = 60_000;

/**
 * Limits per key after authentication (DESIGN.md §4). A publishable key is shared by every
 * visitor of a site, so its routes have two limits: per (key, client IP) and a higher ceiling
 * per key. @fastify/rate-limit's stores count; this hook picks the limiters and answers 429.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, { global: false, cache: 20_000 });
    const limits = app.inlay.options.rateLimits;
    const limiter = (max: number, name: string, client: boolean): Limiter =>
      app.createRateLimit({
        max,
        timeWindow: MINUTE,
        keyGenerator: (request) => `${name}:${authOf(request).keyId}${client ? `:${request.ip}` : ''}`,
      }) as Limiter;
    const perClient = limiter(limits.publishablePerClient, 'pc', true);
    const perPublishableKey = limiter(limits.publishablePerKey, 'pk', false);
    const perSecretKey = limiter(limits.secretPerKey, 'sk', false);
    const perAuthorTokenKey = limiter(limits.authorTokensPerKey, 'at', false);

    const enforce = (chain: Limiter[]) =>
      async function rateLimit(request: FastifyRequest): Promise<void> {
        for (const check of chain) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            const retryAfter = String(Math.max(1, result.ttlInSeconds));
            throw new ApiError('rate_limited', `Too many requests: at most ${result.max} a minute. Retry after ${retryAfter} s.`, {
              headers: { 'Retry-After': retryAfter },
            });
          }
        }
      };
    const publishable = enforce([perClient, perPublishableKey]);
    const secret = enforce([perSecretKey]);
    const authorTokens = enforce([perAuthorTokenKey]);

    app.addHook('onRoute', (route) => {
      const auth = route.config?.auth;
      if (auth === undefined) return;
      const hook = route.config?.rateLimitGroup === 'author-tokens' ? authorTokens : auth === 'publishable' ? publishable : secret;
      addRouteHook(route, 'onRequest', hook);
    });
  },
  { name: 'inlay-rate-limit', dependencies: ['inlay-auth'] },
);
