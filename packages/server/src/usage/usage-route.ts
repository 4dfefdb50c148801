import { dataEnvelope, UsageQuerySchema, UsageSchema, type ServiceDescriptor, type Usage } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { authOf, type AuthContext } from '../context.js';
import { countResources } from '../repositories/publishing/resources.js';
import { readActiveUsers, readUsage } from '../repositories/platform/usage.js';
import type { ZodTypeProvider } from '../type-provider.js';

/**
 * `GET /api/v1/usage` (secret key): counts for the key's workspace and mode over the last
 * `days` days. `metrics` lists the service's metric names, so totals show zeros explicitly.
 */
export function registerUsageRoute(
  parent: FastifyInstance,
  service: ServiceDescriptor,
  metrics: readonly string[],
  /** The metric that counts distinct end users (docs/onboarding.md, docs/feedback.md), if the service has one. */
  distinctMetric?: string,
  /** Service-specific additions to the usage object (the importer's recent sessions). */
  extra?: (auth: AuthContext) => Promise<Partial<Usage>>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage, usage } = app.inlay;
  app.get('/api/v1/usage', { config: { auth: 'secret' }, schema: { querystring: UsageQuerySchema, response: { 200: dataEnvelope(UsageSchema) } } }, async (request) => {
    const auth = authOf(request);
    await usage.flush();
    const to = new Date();
    const from = new Date(to.getTime() - (request.query.days - 1) * 86_400_000);
    const window = { workspaceId: auth.workspaceId, mode: auth.mode, service: service.service, from: day(from), to: day(to) };
    const [counted, active, resources] = await Promise.all([
      readUsage(storage, window),
      readActiveUsers(storage, window),
      countResources(storage, { workspaceId: auth.workspaceId, kind: service.kind }),
    ]);
    const totals: Record<string, number> = Object.fromEntries(metrics.map((metric) => [metric, 0]));
    const daily = new Map<string, Usage['daily'][number]>();
    const distinctRows = distinctMetric === undefined ? [] : active.rows.map((row) => ({ ...row, metric: distinctMetric }));
    const rows = [...counted, ...distinctRows].sort((a, b) => a.day.localeCompare(b.day) || a.resourceId.localeCompare(b.resourceId));
    for (const row of rows) {
      // Distinct users are counted over the window, not summed over days.
      if (row.metric !== distinctMetric) totals[row.metric] = (totals[row.metric] ?? 0) + row.count;
      const key = `${row.day}|${row.resourceId}`;
      const entry = daily.get(key) ?? { date: row.day, resourceId: row.resourceId, counts: {} };
      entry.counts[row.metric] = (entry.counts[row.metric] ?? 0) + row.count;
      daily.set(key, entry);
    }
    if (distinctMetric !== undefined) totals[distinctMetric] = active.distinct;
    const data: Usage = {
      object: 'usage',
      service: service.service,
      mode: auth.mode,
      from: day(from),
      to: day(to),
      resources,
      totals,
      daily: [...daily.values()],
      ...(extra ? await extra(auth) : {}),
    };
    return { data };
  });
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}
