import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DashboardAuthOptions } from '../options.js';
import { signInThrottle } from '../plugins/sign-in-throttle.js';

/**
 * Dashboard sign-in limits (docs/security.md#dashboard), counted as the OAuth sign-in's are
 * (plugins/sign-in-throttle.ts). The email is the body's, or an invite's.
 */
export function dashboardThrottles(app: FastifyInstance, limits: DashboardAuthOptions): { signIn(request: FastifyRequest, email: string): Promise<number | undefined> } {
  return { signIn: signInThrottle(app, limits, 'dashboard') };
}
