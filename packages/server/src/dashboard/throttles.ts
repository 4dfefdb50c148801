import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DashboardAuthOptions } from '../options.js';

/** Keys each limit remembers; the least recently seen go first. */
const CACHE_KEYS = 20_000;
const EMAIL_KEY_LENGTH = 320;

/** The email a sign-in is for, set by the route before counting (the body's, or the invite's). */
const emailOf = new WeakMap<FastifyRequest, string>();

/**
 * Dashboard sign-in limits (docs/security.md#dashboard), counted by @fastify/rate-limit (the
 * caller registers it) as the OAuth sign-in is (src/oauth/throttles.ts): fixed windows per
 * email and per client address, shared by the instances as the per-key limits are
 * (`rateLimits.store`), counted before the password is checked.
 */
export function dashboardThrottles(app: FastifyInstance, limits: DashboardAuthOptions) {
  const withCache = <T extends object>(options: T): T => ({ ...options, cache: CACHE_KEYS });
  const perAccount = app.createRateLimit(
    withCache({ max: limits.loginAttemptsPerAccount, timeWindow: limits.loginWindowMs, keyGenerator: (request: FastifyRequest) => `email:${emailOf.get(request) ?? ''}`, sharedName: 'dashboard-sign-in-email' }),
  );
  const perAddress = app.createRateLimit(withCache({ max: limits.loginAttemptsPerAddress, timeWindow: limits.loginWindowMs, sharedName: 'dashboard-sign-in-address' }));
  const wait = (result: Awaited<ReturnType<typeof perAddress>>): number | undefined =>
    !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : undefined;
  return {
    /** Counts one attempt for `email` and for the address; the seconds to wait when either limit is reached. */
    async signIn(request: FastifyRequest, email: string): Promise<number | undefined> {
      emailOf.set(request, email.trim().toLowerCase().slice(0, EMAIL_KEY_LENGTH));
      const waits = [wait(await perAccount(request)), wait(await perAddress(request))].filter((seconds) => seconds !== undefined);
      return waits.length === 0 ? undefined : Math.max(...waits);
    },
  };
}
