import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OAuthOptions } from '../options.js';

const HOUR = 3_600_000;
/** Keys each limit remembers; the least recently seen go first (the plugin's default is 5,000). */
const CACHE_KEYS = 20_000;
/** The longest email address there is: longer keys would only cost memory. */
const EMAIL_KEY_LENGTH = 320;

/** The email a sign-in names, as accounts store it, so `A@x` and `a@x ` share one limit. */
function emailKey(request: FastifyRequest): string {
  const email = (request.body as Record<string, unknown> | undefined)?.email;
  return `email:${(typeof email === 'string' ? email : '').trim().toLowerCase().slice(0, EMAIL_KEY_LENGTH)}`;
}

/**
 * The authorization server's abuse limits (docs/security.md#oauth), counted by
 * @fastify/rate-limit (registered by the caller): fixed windows per key, in the counts every
 * instance shares when `rateLimits.store` is shared, else per process, forgotten on restart. Client addresses are `request.ip` (the proxy's
 * `X-Forwarded-For` with `trustProxy`), IPv6 grouped per /64. Each method answers the seconds to
 * wait when the limit is reached, or undefined.
 */
export function oauthThrottles(app: FastifyInstance, limits: OAuthOptions) {
  // `cache` sizes each limit's own LRU store, `sharedName` names its shared counts
  // (plugins/rate-counts/throttle-store.ts); the plugin passes both on, its types list neither.
  const withCache = <T extends object>(options: T): T => ({ ...options, cache: CACHE_KEYS });
  const registrations = app.createRateLimit(withCache({ max: limits.registrationsPerAddressPerHour, timeWindow: HOUR, sharedName: 'oauth-registrations' }));
  const signInsPerAccount = app.createRateLimit(withCache({ max: limits.loginAttemptsPerAccount, timeWindow: limits.loginWindowMs, keyGenerator: emailKey, sharedName: 'oauth-sign-in-email' }));
  const signInsPerAddress = app.createRateLimit(withCache({ max: limits.loginAttemptsPerAddress, timeWindow: limits.loginWindowMs, sharedName: 'oauth-sign-in-address' }));

  const wait = (result: Awaited<ReturnType<typeof registrations>>): number | undefined =>
    !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : undefined;

  return {
    /** Counts one registration from the request's address. */
    async registration(request: FastifyRequest): Promise<number | undefined> {
      return wait(await registrations(request));
    },
    /**
     * Counts one sign-in attempt for the email and for the address, before the password is
     * checked: counting only failures afterwards would let concurrent guesses all pass the check.
     * Both count even when one refuses, so guesses at a locked email still use up the address's.
     */
    async signIn(request: FastifyRequest): Promise<number | undefined> {
      const waits = [wait(await signInsPerAccount(request)), wait(await signInsPerAddress(request))].filter((seconds) => seconds !== undefined);
      return waits.length === 0 ? undefined : Math.max(...waits);
    },
  };
}
