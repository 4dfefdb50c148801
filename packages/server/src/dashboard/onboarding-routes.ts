import { Readable } from 'node:stream';
import { KeyModeSchema, type ProgressItem } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, notFound } from '../errors.js';
import { progressPage, type ProgressPageAfter } from '../services/onboarding/progress-pages.js';
import { findPublished } from '../publishing/resources.js';
import { EXPORT_PAGE_SIZE, exportProgressCsv } from '../services/onboarding/progress-export.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { sessionOf } from './session-auth.js';

const FlowParams = z.object({ id: z.string().max(100) });
const ModeQuery = z.strictObject({ mode: KeyModeSchema.default('live') });

function itemsOf(config: unknown): { id: string; title: string }[] {
  const items = (config as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: { id?: unknown; title?: unknown }) => (typeof item.id === 'string' ? [{ id: item.id, title: typeof item.title === 'string' ? item.title : item.id }] : []));
}

/**
 * A flow's funnel, progress export and outcome summaries (docs/dashboard-api.md#onboarding),
 * read from the stored progress and outcomes of the session's workspace. The export is the CLI's
 * (services/onboarding/progress-export.ts), streamed page by page.
 */
export async function onboardingRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage: storage } = app.inlay;

  const ownFlow = async (workspaceId: string, id: string) => {
    const flow = await findPublished(storage, 'flow', id);
    if (!flow || flow.workspaceId !== workspaceId) throw notFound('flow', id);
    return flow;
  };

  app.get('/flows/:id/funnel', { schema: { params: FlowParams, querystring: ModeQuery } }, async (request) => {
    const { id } = request.params;
    const { mode } = request.query;
    const flow = await ownFlow(sessionOf(request).workspace.id, id);
    if (!flow.published) throw new ApiError('not_published', `The flow ${id} has not been published yet.`, { param: 'id' });
    const items = itemsOf(flow.published.config).map((item) => ({ ...item, done: 0, skipped: 0 }));
    const byId = new Map(items.map((item) => [item.id, item]));
    let users = 0;
    let completed = 0;
    let dismissed = 0;
    // Page by page, as the export reads, so a flow with many users never sits in memory at once.
    let after: ProgressPageAfter | undefined;
    for (;;) {
      const rows = await progressPage(storage, id, mode, after, EXPORT_PAGE_SIZE);
      for (const row of rows) {
        users++;
        if (row.completed_at !== null) completed++;
        if (row.dismissed_at !== null) dismissed++;
        for (const item of JSON.parse(row.items) as ProgressItem[]) {
          const counted = byId.get(item.id);
          if (counted && item.state === 'completed') counted.done++;
          else if (counted && item.state === 'skipped') counted.skipped++;
        }
      }
      const last = rows[rows.length - 1];
      if (last === undefined || rows.length < EXPORT_PAGE_SIZE) break;
      after = { workspaceKey: last.workspace_key, userId: last.user_id };
    }
    return { data: { flowId: id, mode, revisionId: flow.published.revisionId, users, completed, dismissed, items } };
  });

  app.get('/flows/:id/progress.csv', { schema: { params: FlowParams, querystring: ModeQuery } }, async (request, reply) => {
    const { id } = request.params;
    const { mode } = request.query;
    await ownFlow(sessionOf(request).workspace.id, id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="progress-${id.replace(/[^\w-]/g, '')}-${mode}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(exportProgressCsv(storage, id, mode)));
  });

  app.get(
    '/flows/:id/outcomes',
    { schema: { params: FlowParams, querystring: z.strictObject({ mode: KeyModeSchema.default('live'), limit: z.coerce.number().int().min(1).max(200).default(50) }) } },
    async (request) => {
      const { id } = request.params;
      const { mode, limit } = request.query;
      const workspaceId = sessionOf(request).workspace.id;
      await ownFlow(workspaceId, id);
      const base = storage.db.selectFrom('outcomes').where('workspace_id', '=', workspaceId).where('flow_id', '=', id).where('mode', '=', mode);
      const events = await base
        .select((eb) => [
          'event',
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.count<number | string>('user_id').distinct().as('users'),
          eb.fn.max('occurred_at').as('last_at'),
        ])
        .groupBy('event')
        .orderBy('event')
        .execute();
      const recent = await base
        .select(['id', 'event', 'user_id', 'workspace_key', 'occurred_at', 'completed_item_ids'])
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return {
        data: {
          events: events.map((row) => ({ event: row.event, count: Number(row.count), users: Number(row.users), lastAt: row.last_at })),
          recent: recent.map((row) => ({
            id: row.id,
            event: row.event,
            userId: row.user_id,
            workspaceKey: row.workspace_key,
            occurredAt: row.occurred_at,
            completedItemIds: JSON.parse(row.completed_item_ids) as string[],
          })),
        },
      };
    },
  );
}
