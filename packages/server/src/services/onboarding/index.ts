import {
  type FlowConfig,
  isLocalDevelopmentOrigin,
  OnboardingAuthorTokenRequestSchema,
  originAllowed,
  SERVICES,
} from '@inlay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../context.js';
import { registerAuthorTokenRoute } from '../../engine/author-token-route.js';
import { registerConfigRoute } from '../../engine/config-route.js';
import { registerManagementRoutes } from '../../engine/management-routes.js';
import type { PublishedEntry } from '../../engine/published-cache.js';
import { registerUsageRoute } from '../../engine/usage-route.js';
import { ApiError } from '../../errors.js';

/** Usage metrics of onboarding (DESIGN.md §6). */
export const ONBOARDING_METRICS = ['configFetches'] as const;

/** Onboarding flows (seed 000), served under `/onboarding`. */
export async function onboardingService(app: FastifyInstance): Promise<void> {
  const service = SERVICES.onboarding;
  registerManagementRoutes(app, service);
  registerConfigRoute(app, service, { checkAccess: enforceAllowedOrigins });
  registerUsageRoute(app, service, ONBOARDING_METRICS);
  registerAuthorTokenRoute(app, service, {
    body: OnboardingAuthorTokenRequestSchema,
    resourceId: (body) => body.flowId,
    resourceParam: 'flowId',
    claims: (body) => ({ wsk: body.workspaceKey }),
  });
}

/**
 * A flow's `allowedOrigins` against the `Origin` header (DESIGN.md §4). Requests without an
 * `Origin` (servers, curl) are not browsers embedding the widget and are let through; test keys
 * also allow localhost so development works before origins are configured.
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
