import { FeedbackAuthorTokenRequestSchema, SERVICES } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { registerAuthorTokenRoute } from '../../auth/author-token-route.js';
import { configOriginCheck } from '../../publishing/allowed-origins.js';
import { registerConfigRoute } from '../../publishing/config-route.js';
import { registerManagementRoutes } from '../../publishing/management-routes.js';
import { resourceService } from '../../publishing/resource-service.js';
import { registerMcpRoute } from '../../mcp/mcp-route.js';
import { publishableRoutes } from '../../plugins/cors.js';
import { registerOpenApi } from '../../plugins/openapi.js';
import { registerUsageRoute } from '../../usage/usage-route.js';
import { registerCommentRoutes } from './comment-routes.js';
import { registerPostRoutes } from './posts-routes.js';
import { registerVoterRoutes } from './voters.js';
import { postSearchOf } from './post-service.js';

/** Usage metrics of feedback (docs/feedback.md). */
export const FEEDBACK_METRICS = ['configFetches', 'postsCreated', 'votes', 'unvotes', 'searches', 'authors'] as const;

/** Feedback boards (docs/feedback.md), served under `/feedback`. */
export async function feedbackService(app: FastifyInstance): Promise<void> {
  const service = SERVICES.feedback;
  // Searches read on worker threads, so none holds the event loop (docs/security.md, Search).
  // Opened now, closed with the storage.
  postSearchOf(app.inlay);
  await registerOpenApi(app, 'feedback');
  const resources = resourceService(app.inlay, service);
  registerManagementRoutes(app, resources);
  registerUsageRoute(app, service, FEEDBACK_METRICS, 'authors');
  registerAuthorTokenRoute(app, service, {
    body: FeedbackAuthorTokenRequestSchema,
    resourceId: (body) => body.boardId,
    resourceParam: 'boardId',
    claims: ({ name, email, avatarUrl, role }) => ({
      ...(name !== undefined ? { name } : {}),
      ...(email !== undefined ? { email } : {}),
      ...(avatarUrl !== undefined ? { avatarUrl } : {}),
      ...(role !== undefined ? { role } : {}),
    }),
  });
  await publishableRoutes(app, (scope) => {
    registerConfigRoute(scope, service, { checkAccess: configOriginCheck('board') });
    registerPostRoutes(scope);
    registerCommentRoutes(scope);
  });
  registerVoterRoutes(app);
  registerMcpRoute(app, resources, { revisions: false, installSnippet: false });
}
