import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { readSession, type DashboardSession } from '../repositories/dashboard/sessions.js';

/** The session cookie: scoped to the dashboard's path, so the public API never receives it. */
export const SESSION_COOKIE = 'inlay_dashboard';
export const COOKIE_PATH = '/dashboard';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    dashboard: DashboardSession | null;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** `Secure` everywhere but plain http on the machine itself, where browsers would drop a Secure cookie. */
export function cookieIsSecure(request: FastifyRequest): boolean {
  return !(request.protocol === 'http' && LOCAL_HOSTS.has(request.hostname));
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  reply.setCookie(SESSION_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: cookieIsSecure(request), expires: new Date(expiresAt) });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: cookieIsSecure(request) });
}

/**
 * Dashboard routes take the session cookie and nothing else: a request that carries an API key
 * (or any `Authorization`) is refused outright, so no key can reach an operator action even
 * alongside a cookie (docs/dashboard-api.md).
 */
export async function refuseApiKeys(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization !== undefined) {
    throw new ApiError('session_required', 'Dashboard routes take the dashboard session cookie only; API keys are refused here. Sign in at /dashboard.');
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Resolves the session and, on every method but GET/HEAD, checks the CSRF token: a synchronizer
 * token stored with the session and sent back in a header, which another site can neither read
 * nor set (docs/decisions.md, "Dashboard sessions and CSRF").
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  await refuseApiKeys(request);
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? await readSession(request.server.inlay.storage, token) : undefined;
  if (!session) throw new ApiError('session_required', 'Not signed in, or the session expired. Sign in at /dashboard.');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) {
      throw new ApiError('csrf_token_invalid', `Send the session's csrfToken (GET /dashboard/api/session) in the ${CSRF_HEADER} header.`);
    }
  }
  request.dashboard = session;
}

/** The session of a route behind {@link requireSession}. */
export function sessionOf(request: FastifyRequest): DashboardSession {
  if (!request.dashboard) throw new Error('route has no dashboard session: register it behind requireSession');
  return request.dashboard;
}

/** What `GET /dashboard/api/session` answers. */
export function sessionInfo(session: DashboardSession) {
  return {
    account: session.account,
    workspaces: session.workspaces,
    workspace: session.workspace,
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
  };
}
