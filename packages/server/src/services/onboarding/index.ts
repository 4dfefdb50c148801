import { OnboardingAuthorTokenRequestSchema, SERVICES } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { registerAuthorTokenRoute } from '../../auth/author-token-route.js';
import { registerConfigRoute } from '../../publishing/config-route.js';
import { registerManagementRoutes } from '../../publishing/management-routes.js';
import { resourceService } from '../../publishing/resource-service.js';
import { registerMcpRoute } from '../../mcp/mcp-route.js';
import { publishableRoutes } from '../../plugins/cors.js';
import { registerOpenApi } from '../../plugins/openapi.js';
import { registerUsageRoute } from '../../usage/usage-route.js';
import { configOriginCheck } from '../../publishing/allowed-origins.js';
import { registerOutcomeRoute } from './outcome-route.js';
import { registerProgressRoutes } from './progress-routes.js';

/** Usage metrics of onboarding (docs/onboarding.md). */
export const ONBOARDING_METRICS = ['configFetches', 'activeUsers', 'progressWrites', 'itemCompletions', 'flowCompletions', 'outcomes'] as const;

/** Onboarding flows (docs/onboarding.md), served under `/onboarding`. */
export async function onboardingService(app: FastifyInstance): Promise<void> {
  const service = SERVICES.onboarding;
  await registerOpenApi(app, 'onboarding');
  const resources = resourceService(app.inlay, service);
  registerManagementRoutes(app, resources);
  registerUsageRoute(app, service, ONBOARDING_METRICS, 'activeUsers');
  registerAuthorTokenRoute(app, service, {
    body: OnboardingAuthorTokenRequestSchema,
    resourceId: (body) => body.flowId,
    resourceParam: 'flowId',
    claims: (body) => ({ wsk: body.workspaceKey }),
  });
  await publishableRoutes(app, (scope) => {
    registerConfigRoute(scope, service, { checkAccess: configOriginCheck('flow') });
    registerProgressRoutes(scope);
    registerOutcomeRoute(scope);
  });
  registerMcpRoute(app, resources, { revisions: true, installSnippet: true });
}
