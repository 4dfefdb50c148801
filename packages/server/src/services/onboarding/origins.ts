import { isLocalDevelopmentOrigin, originAllowed, type FlowConfig } from '@inlay/core';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../context.js';
import type { PublishedEntry } from '../../publishing/published-cache.js';
import { ApiError } from '../../errors.js';

/**
 * A flow's `allowedOrigins` against the `Origin` header, on every widget route of the flow
 * (docs/api.md). Requests without an `Origin` (servers, curl) are not browsers embedding the
 * widget and are let through; test keys also allow localhost so development works before
 * origins are configured.
 */
export function enforceAllowedOrigins(request: FastifyRequest, auth: AuthContext, entry: Pick<PublishedEntry, 'config'>): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // The published config was validated by FlowConfigSchema when its draft was saved.
  const { allowedOrigins } = entry.config as Pick<FlowConfig, 'allowedOrigins'>;
  if (originAllowed(allowedOrigins, origin)) return;
  if (auth.mode === 'test' && isLocalDevelopmentOrigin(origin)) return;
  throw new ApiError('origin_not_allowed', `The origin ${origin} is not in this flow's allowedOrigins.`);
}
