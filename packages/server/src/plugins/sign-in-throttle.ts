import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Keys each limit remembers; the least recently seen go first (the plugin's default is 5,000). */
const CACHE_KEYS = 20_000;
/** The longest email address there is: longer keys would only cost memory. */
const EMAIL_KEY_LENGTH = 320;

export interface SignInLimits {
  loginAttemptsPerAccount: number;
  loginAttemptsPerAddress: number;
  loginWindowMs: number;
}

type RateLimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A limit counted by @fastify/rate-limit (registered by the caller): `cache` sizes its own LRU
 * store and `sharedName` names its counts shared by every instance when `rateLimits.store` is
 * shared (plugins/rate-counts/throttle-store.ts); the plugin passes both on, its types list neither.
 */
export function throttle(app: FastifyInstance, options: { max: number; timeWindow: number; sharedName: string; keyGenerator?: (request: FastifyRequest) => string }): RateLimitCheck {
  return app.createRateLimit({ ...options, cache: CACHE_KEYS } as Parameters<FastifyInstance['createRateLimit']>[0]);
}

/** The seconds to wait when a limit refused, else undefined. */
export function waitOf(result: Awaited<ReturnType<RateLimitCheck>>): number | undefined {
  return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : undefined;
}

/** The email a sign-in names, as accounts store it, so `A@x` and `a@x ` share one limit. */
const emailOf = new WeakMap<FastifyRequest, string>();

/**
 * Sign-in limits (docs/security.md, Dashboard and OAuth): fixed windows per email and per client
 * address (`request.ip`: the proxy's `X-Forwarded-For` with `trustProxy`, IPv6 per /64), named
 * `<name>-sign-in-email` and `<name>-sign-in-address` in the shared counts. The answer counts one
 * attempt for both before the password is checked (counting only failures afterwards would let
 * concurrent guesses all pass the check), both even when one refuses, so guesses at a locked
 * email still use up the address's; it answers the seconds to wait when either refused.
 */
export function signInThrottle(app: FastifyInstance, limits: SignInLimits, name: string): (request: FastifyRequest, email: string) => Promise<number | undefined> {
  const timeWindow = limits.loginWindowMs;
  const perAccount = throttle(app, { max: limits.loginAttemptsPerAccount, timeWindow, keyGenerator: (request) => `email:${emailOf.get(request) ?? ''}`, sharedName: `${name}-sign-in-email` });
  const perAddress = throttle(app, { max: limits.loginAttemptsPerAddress, timeWindow, sharedName: `${name}-sign-in-address` });
  return async (request, email) => {
    emailOf.set(request, email.trim().toLowerCase().slice(0, EMAIL_KEY_LENGTH));
    const waits = [waitOf(await perAccount(request)), waitOf(await perAddress(request))].filter((seconds) => seconds !== undefined);
    return waits.length === 0 ? undefined : Math.max(...waits);
  };
}
