import { KeyModeSchema, type ServiceName, wholeNumberParam } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listSessionsWithImporter, toSession } from '../repositories/importer/import-sessions.js';
import { readActiveUsers, readUsage } from '../repositories/platform/usage.js';
import { PLANS, setWorkspacePlan, type Plan } from '../repositories/platform/workspaces.js';
import { FEEDBACK_METRICS } from '../services/feedback/index.js';
import { IMPORTER_METRICS } from '../services/importer/index.js';
import { ONBOARDING_METRICS } from '../services/onboarding/index.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { sessionOf } from './session-auth.js';

/** Each service's metrics and the one that counts distinct end users, as its `GET /api/v1/usage` (usage/usage-route.ts). */
const METRICS: Record<ServiceName, { metrics: readonly string[]; distinct?: string }> = {
  onboarding: { metrics: ONBOARDING_METRICS, distinct: 'activeUsers' },
  feedback: { metrics: FEEDBACK_METRICS, distinct: 'authors' },
  importer: { metrics: IMPORTER_METRICS },
};

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The overview (usage of every service), import sessions and the plan (docs/dashboard-api.md),
 * for the session's workspace.
 */
export async function workspaceRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage, usage, options } = app.inlay;

  app.get('/usage', { schema: { querystring: z.strictObject({ mode: KeyModeSchema.default('live'), days: wholeNumberParam(z.number().int().min(1).max(90).default(30)) }) } }, async (request) => {
    const workspaceId = sessionOf(request).workspace.id;
    const { mode, days } = request.query;
    await usage.flush();
    const to = new Date();
    const from = new Date(to.getTime() - (days - 1) * 86_400_000);
    const services: Record<string, { totals: Record<string, number>; daily: { date: string; counts: Record<string, number> }[] }> = {};
    for (const service of options.services) {
      const { metrics, distinct } = METRICS[service];
      const window = { workspaceId, mode, service, from: day(from), to: day(to) };
      const [counted, active] = await Promise.all([readUsage(storage, window), readActiveUsers(storage, window)]);
      const totals: Record<string, number> = Object.fromEntries(metrics.map((metric) => [metric, 0]));
      const daily = new Map<string, Record<string, number>>();
      const rows = [...counted, ...(distinct === undefined ? [] : active.rows.map((row) => ({ ...row, metric: distinct })))];
      for (const row of rows) {
        if (row.metric !== distinct) totals[row.metric] = (totals[row.metric] ?? 0) + row.count;
        const counts = daily.get(row.day) ?? {};
        counts[row.metric] = (counts[row.metric] ?? 0) + row.count;
        daily.set(row.day, counts);
      }
      if (distinct !== undefined) totals[distinct] = active.distinct;
      services[service] = { totals, daily: [...daily.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, counts]) => ({ date, counts })) };
    }
    return { data: { mode, from: day(from), to: day(to), services } };
  });

  app.get(
    '/import-sessions',
    { schema: { querystring: z.strictObject({ mode: KeyModeSchema.default('live'), importerId: z.string().max(100).optional(), limit: wholeNumberParam(z.number().int().min(1).max(200).default(50)) }) } },
    async (request) => {
      const workspaceId = sessionOf(request).workspace.id;
      const { mode, importerId, limit } = request.query;
      const rows = await listSessionsWithImporter(storage, { workspaceId, mode, importerId }, limit);
      const now = new Date();
      // Metadata, figures and outcome only: the uploaded rows never leave the importer's own routes.
      return {
        data: rows.map(({ importer_name, ...row }) => {
          const session = toSession(row, now);
          return {
            id: session.id,
            importerId: session.importerId,
            importerName: importer_name,
            mode: session.mode,
            status: session.status,
            rowCount: session.rowCount,
            errorCount: session.errorCount,
            createdAt: session.createdAt,
            completedAt: session.completedAt,
            durationMs: session.completedAt === null ? null : Date.parse(session.completedAt) - Date.parse(session.createdAt),
            metadata: session.metadata,
            rowsAcknowledgedAt: row.rows_acknowledged_at,
          };
        }),
      };
    },
  );

  app.get('/plan', async (request) => ({ data: { plan: sessionOf(request).workspace.plan, plans: PLANS } }));

  app.put('/plan', { schema: { body: z.strictObject({ plan: z.enum(PLANS as [Plan, ...Plan[]]) }) } }, async (request) => {
    await setWorkspacePlan(storage, sessionOf(request).workspace.id, request.body.plan);
    return { data: { plan: request.body.plan } };
  });
}
