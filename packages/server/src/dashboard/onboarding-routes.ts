import { Readable } from 'node:stream';
import { KeyModeSchema, wholeNumberParam } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, notFound } from '../errors.js';
import { findPublished } from '../repositories/publishing/resources.js';
import { flowFunnel, flowOutcomes } from '../services/onboarding/flow-reports.js';
import { exportProgressCsv } from '../services/onboarding/progress-export.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { sessionOf } from './session-auth.js';

const FlowParams = z.object({ id: z.string().max(100) });
const ModeQuery = z.strictObject({ mode: KeyModeSchema.default('live') });

/**
 * A flow's funnel, progress export and outcome summaries (docs/dashboard-api.md#onboarding),
 * read from the stored progress and outcomes of the session's workspace
 * (services/onboarding/flow-reports.ts). The export is the CLI's
 * (services/onboarding/progress-export.ts), streamed page by page.
 */
export async function onboardingRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.inlay;

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
    return { data: await flowFunnel(storage, id, mode, flow.published) };
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
    { schema: { params: FlowParams, querystring: z.strictObject({ mode: KeyModeSchema.default('live'), limit: wholeNumberParam(z.number().int().min(1).max(200).default(50)) }) } },
    async (request) => {
      const { id } = request.params;
      const { mode, limit } = request.query;
      const workspaceId = sessionOf(request).workspace.id;
      await ownFlow(workspaceId, id);
      return { data: await flowOutcomes(storage, { workspaceId, flowId: id, mode }, limit) };
    },
  );
}
