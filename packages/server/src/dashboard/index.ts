import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { commentRoutes } from './comment-routes.js';
import { inboxRoutes } from './inbox-routes.js';
import { keyRoutes } from './key-routes.js';
import { onboardingRoutes } from './onboarding-routes.js';
import { resourceRoutes } from './resource-routes.js';
import { requireSession } from './session-auth.js';
import { sessionRoutes } from './session-routes.js';
import { dashboardHeaders, spaRoutes } from './spa-routes.js';
import { webhookRoutes } from './webhook-routes.js';
import { workspaceRoutes } from './workspace-routes.js';
import { registerThrottles } from '../plugins/rate-counts/throttle-store.js';

/**
 * The operator dashboard (docs/dashboard.md): the app under `/dashboard` and its JSON routes
 * under `/dashboard/api` (docs/dashboard-api.md). The routes take only the session cookie; the
 * actions call the same service code as the public API and the operator CLI.
 */
export async function dashboardPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('dashboard', null);
  await app.register(cookie);
  // Only the sign-in limits made with `createRateLimit`: no route gets the plugin's own hook.
  await registerThrottles(app);
  app.addHook('onRequest', dashboardHeaders);
  await app.register(
    async (api) => {
      await api.register(sessionRoutes);
      await api.register(async (signed) => {
        signed.addHook('onRequest', requireSession);
        await signed.register(workspaceRoutes);
        await signed.register(resourceRoutes);
        await signed.register(keyRoutes);
        await signed.register(webhookRoutes);
        await signed.register(inboxRoutes);
        await signed.register(commentRoutes);
        if (app.inlay.options.services.includes('onboarding')) await signed.register(onboardingRoutes);
      });
    },
    { prefix: '/dashboard/api' },
  );
  await app.register(spaRoutes);
}
