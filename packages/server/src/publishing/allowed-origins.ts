import { isLocalDevelopmentOrigin, originAllowed } from '@inlay/core';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../context.js';
import type { PublishedEntry } from './published-cache.js';
import { ApiError } from '../errors.js';

/** What a flow, board or importer config may say about where it is used (docs/security.md). */
interface OriginsConfig {
  allowedOrigins?: readonly string[] | undefined;
}

/**
 * A flow's, board's or importer's `allowedOrigins` against the `Origin` header, on every widget
 * route of it (docs/security.md, "CORS and `allowedOrigins`"). Requests without an `Origin`
 * (servers, curl) are not browsers embedding the widget and are let through; test keys also
 * allow localhost so development works before origins are configured. An absent or empty list
 * allows every origin.
 */
export function enforceAllowedOrigins(request: FastifyRequest, auth: AuthContext, config: unknown, kind: 'flow' | 'board' | 'importer'): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // Published configs were validated by their schema when their draft was saved.
  const allowedOrigins = (config as OriginsConfig).allowedOrigins ?? [];
  if (originAllowed(allowedOrigins, origin)) return;
  if (auth.mode === 'test' && isLocalDevelopmentOrigin(origin)) return;
  throw new ApiError('origin_not_allowed', `The origin ${origin} is not in this ${kind}'s allowedOrigins.`);
}

/** The published config route's check (publishing/config-route.ts) for one kind of resource. */
export function configOriginCheck(kind: 'flow' | 'board' | 'importer'): (request: FastifyRequest, auth: AuthContext, entry: Pick<PublishedEntry, 'config'>) => void {
  return (request, auth, entry) => enforceAllowedOrigins(request, auth, entry.config, kind);
}
