import {
  dataEnvelope,
  ProgressQuerySchema,
  ProgressSchema,
  ProgressWriteBodySchema,
  SnoozeBodySchema,
  type ProgressOperation,
  type ProgressWriteBody,
} from '@inlay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../type-provider.js';
import { openHostedFlow, resolveEndUser } from './flow-access.js';
import { readProgress, writeProgress } from './progress-service.js';

const FlowParams = z.object({ flowId: z.string() });
const ItemParams = z.object({ flowId: z.string(), itemId: z.string() });
const WriteBody = ProgressWriteBodySchema.default({});
const PROGRESS = { 200: dataEnvelope(ProgressSchema) };

/**
 * Hosted progress (docs/onboarding.md), publishable key:
 *
 *   GET  /api/v1/progress/:flowId?userId&workspaceKey
 *   POST /api/v1/progress/:flowId/items/:itemId/complete | /items/:itemId/skip
 *   POST /api/v1/progress/:flowId/dismiss | /snooze {days} | /resume | /reset
 *
 * Every write answers the whole new progress; repeating one changes nothing.
 */
export function registerProgressRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'publishable' } as const;
  const base = '/api/v1/progress/:flowId';

  async function write(request: FastifyRequest, flowId: string, body: ProgressWriteBody, operation: ProgressOperation) {
    const access = await openHostedFlow(app, request, flowId);
    const user = await resolveEndUser(app, request, access, body, { write: true });
    return { data: await writeProgress(app.inlay, access, user, operation) };
  }

  app.get(base, { config, schema: { params: FlowParams, querystring: ProgressQuerySchema, response: PROGRESS } }, async (request) => {
    const access = await openHostedFlow(app, request, request.params.flowId);
    const user = await resolveEndUser(app, request, access, request.query, { write: false });
    return { data: await readProgress(app.inlay, access, user) };
  });

  for (const type of ['complete', 'skip'] as const) {
    app.post(`${base}/items/:itemId/${type}`, { config, schema: { params: ItemParams, body: WriteBody, response: PROGRESS } }, async (request) =>
      write(request, request.params.flowId, request.body, { type, itemId: request.params.itemId }),
    );
  }
  for (const type of ['dismiss', 'resume', 'reset'] as const) {
    app.post(`${base}/${type}`, { config, schema: { params: FlowParams, body: WriteBody, response: PROGRESS } }, async (request) =>
      write(request, request.params.flowId, request.body, { type }),
    );
  }
  app.post(`${base}/snooze`, { config, schema: { params: FlowParams, body: SnoozeBodySchema, response: PROGRESS } }, async (request) => {
    const { days, ...identity } = request.body;
    return write(request, request.params.flowId, identity, { type: 'snooze', days });
  });
}
