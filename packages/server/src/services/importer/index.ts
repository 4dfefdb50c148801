import { SERVICES, type ImporterCreateResult } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { registerConfigRoute } from '../../engine/config-route.js';
import { registerManagementRoutes } from '../../engine/management-routes.js';
import { registerUsageRoute } from '../../engine/usage-route.js';

/** Usage metrics of the importer (DESIGN.md §8). */
export const IMPORTER_METRICS = ['configFetches'] as const;

/** Importers (seed 002), served under `/importer`. The importer mints no author tokens. */
export async function importerService(app: FastifyInstance): Promise<void> {
  const service = SERVICES.importer;
  registerManagementRoutes(app, service, {
    createResponse: (record): ImporterCreateResult => ({ importerId: record.id, revisionId: record.draft.revisionId }),
  });
  registerConfigRoute(app, service);
  registerUsageRoute(app, service, IMPORTER_METRICS);
}
