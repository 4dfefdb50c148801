import { ImporterCreateResultSchema, SERVICES, type ImportSession, type ImporterCreateResult } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { configOriginCheck } from '../../publishing/allowed-origins.js';
import { registerConfigRoute } from '../../publishing/config-route.js';
import { registerManagementRoutes } from '../../publishing/management-routes.js';
import { resourceService } from '../../publishing/resource-service.js';
import { registerMcpRoute } from '../../mcp/mcp-route.js';
import { publishableRoutes } from '../../plugins/cors.js';
import { registerOpenApi } from '../../plugins/openapi.js';
import { registerUsageRoute } from '../../usage/usage-route.js';
import { recentSessions } from '../../repositories/importer/import-sessions.js';
import { registerSessionRoutes } from './session-routes.js';
import { registerRowsRoutes, registerUploadStatusRoute } from './delivery-routes.js';

/** Usage metrics of the importer (docs/importer.md). */
export const IMPORTER_METRICS = ['configFetches', 'sessionsStarted', 'sessionsCompleted', 'rowsImported', 'rowErrors'] as const;

/** Importers (docs/importer.md), served under `/importer`. The importer mints no author tokens. */
export async function importerService(app: FastifyInstance): Promise<void> {
  const service = SERVICES.importer;
  await registerOpenApi(app, 'importer');
  const resources = resourceService(app.inlay, service);
  registerManagementRoutes(app, resources, {
    createResponse: (record): ImporterCreateResult => ({ importerId: record.id, revisionId: record.draft.revisionId }),
    createResponseSchema: ImporterCreateResultSchema,
  });
  registerUsageRoute(app, service, IMPORTER_METRICS, undefined, async (auth) => ({
    recentSessions: (await recentSessions(app.inlay.storage, auth, 20)).map(summarise),
  }));
  await publishableRoutes(app, (scope) => {
    registerConfigRoute(scope, service, { checkAccess: configOriginCheck('importer') });
    registerSessionRoutes(scope);
    registerUploadStatusRoute(scope);
  });
  registerRowsRoutes(app);
  registerMcpRoute(app, resources, { revisions: true, installSnippet: false });
}

/** A session in usage: counts, duration and outcome, never rows or metadata values. */
function summarise(session: ImportSession) {
  return {
    id: session.id,
    importerId: session.importerId,
    status: session.status,
    rowCount: session.rowCount,
    errorCount: session.errorCount,
    durationMs: session.completedAt === null ? null : Date.parse(session.completedAt) - Date.parse(session.createdAt),
    createdAt: session.createdAt,
  };
}
