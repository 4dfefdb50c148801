import { redactUrl } from '../config/redact.js';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from '../context.js';
import { RateLimit } from './rate-limiter.js';
import { RedisRateCounts } from './rate-counts/redis-rate-counts.js';
import { SharedRateCounts, whenCounted } from './rate-counts/shared-rate-counts.js';
import { addRouteHook } from './route-hooks.js';

/**
 * Limits per key after authentication (docs/api.md). A publishable key is shared by every
 * visitor of a site, so its routes have two limits: per (key, client IP) and a higher ceiling
 * per key. A synchronous hook: see {@link RateLimit}.
 */
export const rateLimitPlugin = fp(
  // Async, so a bad `rateLimits.store` fails the app's start with its message.
  async (app: FastifyInstance) => {
    const limits = app.inlay.options.rateLimits;
    const refusal = (max: number) => (retryAfter: string) => `Too many requests: at most ${max} a minute. Retry after ${retryAfter} s.`;
    const counts = sharedCounts(app);
    app.decorate('sharedRateCounts', counts);
    const limit = (max: number, name: string) => new RateLimit(max, refusal(max), counts && { counts, name });
    const perClient = limit(limits.publishablePerClient, 'client');
    const perPublishableKey = limit(limits.publishablePerKey, 'publishable');
    const perSecretKey = limit(limits.secretPerKey, 'secret');
    const perAuthorTokenKey = limit(limits.authorTokensPerKey, 'author-tokens');

    // Synchronous unless a shared count makes a hit wait for the store (RateLimit.hit).
    const hook = (count: (request: FastifyRequest, keyId: string) => void | Promise<void>) =>
      function rateLimit(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
        let counted: void | Promise<void>;
        try {
          counted = count(request, authOf(request).keyId);
        } catch (error) {
          done(error as Error);
          return;
        }
        void whenCounted(counted, () => done(), (error) => done(error as Error));
      };
    const publishable = hook((request, keyId) => whenCounted(perClient.hit(`${keyId}:${request.ip}`), () => perPublishableKey.hit(keyId)));
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The counts every instance shares (`rateLimits.store`); undefined when each process counts alone. */
    sharedRateCounts: SharedRateCounts | undefined;
  }
}

/**
 * The shared counts when the limits are counted across instances (`rateLimits.store`: `postgres`,
 * or a `redis://`/`rediss://` URL of a Valkey/Redis server), closed with the app; undefined for
 * the per-process store.
 */
function sharedCounts(app: FastifyInstance): SharedRateCounts | undefined {
  const { storage, options } = app.inlay;
  const { store, sharedFlushMs } = options.rateLimits;
  const redis = /^rediss?:\/\//.test(store);
  if (!redis && store !== 'auto' && store !== 'memory' && store !== 'postgres') {
    throw new Error(`rateLimits.store must be memory, postgres, auto or a redis:// URL, not ${JSON.stringify(redactUrl(store))}`);
  }
  // Storage shared by several processes counts in itself (PostgreSQL); a single process needs no sharing.
  const inStorage = redis || store === 'memory' ? undefined : storage.sharedCounters();
  if (store === 'memory' || (store === 'auto' && inStorage === undefined)) return undefined;
  if (!redis && inStorage === undefined) throw new Error('rateLimits.store postgres needs a PostgreSQL database');
  // Reported once per failing streak, never with the URL (it may hold a password).
  let failing = false;
  const onError = (error: Error) => {
    if (!failing) app.log.warn({ err: { message: error.message } }, 'rate-limit counts cannot reach the shared store; each instance counts alone until it can');
    failing = true;
  };
  const counts = new SharedRateCounts(redis || inStorage === undefined ? new RedisRateCounts(store, onError) : inStorage, sharedFlushMs, {
    onError,
    onSuccess: () => (failing = false),
  });
  app.addHook('onClose', () => counts.close());
  return counts;
}
