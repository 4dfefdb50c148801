import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OAuthOptions } from '../options.js';
import { signInThrottle, throttle, waitOf } from '../plugins/sign-in-throttle.js';

const HOUR = 3_600_000;

/**
 * The authorization server's abuse limits (docs/security.md#oauth): registrations per client
 * address (IPv6 per /64) and hour, and the sign-in limits (plugins/sign-in-throttle.ts). Each
 * method answers the seconds to wait when the limit is reached, or undefined.
 */
export function oauthThrottles(app: FastifyInstance, limits: OAuthOptions) {
  const registrations = throttle(app, { max: limits.registrationsPerAddressPerHour, timeWindow: HOUR, sharedName: 'oauth-registrations' });
  const signIn = signInThrottle(app, limits, 'oauth');
  return {
    /** Counts one registration from the request's address. */
    async registration(request: FastifyRequest): Promise<number | undefined> {
      return waitOf(await registrations(request));
    },
    /** Counts one sign-in attempt for the body's email and for the address. */
    signIn(request: FastifyRequest): Promise<number | undefined> {
      const email = (request.body as Record<string, unknown> | undefined)?.email;
      return signIn(request, typeof email === 'string' ? email : '');
    },
  };
}
