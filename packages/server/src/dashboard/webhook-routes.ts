import { KeyModeSchema, WEBHOOK_EVENT_TYPES, wholeNumberParam } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, notFound } from '../errors.js';
import type { ZodTypeProvider } from '../type-provider.js';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveriesWithRequests,
  listEndpoints,
  parseEventTypes,
  replayDelivery,
  rotateEndpointSecret,
  sendTestEvent,
  setEndpointEnabled,
  setEndpointEvents,
  WebhookInputError,
} from '../webhooks/endpoints.js';
import { sessionOf } from './session-auth.js';

const Events = z.union([z.literal('*'), z.array(z.string().max(100)).min(1).max(WEBHOOK_EVENT_TYPES.length)]);
const EndpointParams = z.object({ endpointId: z.string().max(100) });

/**
 * Webhook endpoints of the session's workspace (docs/dashboard-api.md#webhooks), through
 * webhooks/endpoints.ts as `inlay webhooks` is; every call passes the workspace, so an id of
 * another workspace is not found.
 */
export async function webhookRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage, options } = app.inlay;
  const ws = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).workspace.id;

  /** The service's refusals ("no webhook endpoint …", a refused URL) in the documented shape. */
  const run = async <T>(param: string, action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof WebhookInputError)) throw error;
      if (error.message.startsWith('no webhook')) throw new ApiError('not_found', `${error.message} in this workspace.`, { param });
      throw new ApiError('parameter_invalid', error.message.replace(/^--url refused: /, 'url refused: '), { param });
    }
  };
  const events = (value: '*' | string[] | undefined) => run('events', async () => parseEventTypes(value));

  app.get('/webhooks', { schema: { querystring: z.strictObject({ mode: KeyModeSchema.optional() }) } }, async (request) => {
    const all = await listEndpoints(storage, ws(request));
    return { data: request.query.mode === undefined ? all : all.filter((endpoint) => endpoint.mode === request.query.mode) };
  });

  app.post('/webhooks', { schema: { body: z.strictObject({ url: z.string().max(2048), mode: KeyModeSchema, events: Events.optional() }) } }, async (request, reply) => {
    const parsed = await events(request.body.events);
    const created = await run('url', () =>
      createEndpoint(storage, { workspaceId: ws(request), mode: request.body.mode, url: request.body.url, events: parsed }, { allowPrivateTargets: options.webhooks.allowPrivateTargets }),
    );
    reply.code(201).header('Cache-Control', 'no-store');
    return { data: created };
  });

  app.patch('/webhooks/:endpointId', { schema: { params: EndpointParams, body: z.strictObject({ events: Events.optional(), enabled: z.boolean().optional() }) } }, async (request) => {
    const { endpointId } = request.params;
    let summary = await run('endpointId', async () => (await listEndpoints(storage, ws(request))).find((endpoint) => endpoint.id === endpointId));
    if (!summary) throw notFound('webhook endpoint', endpointId, 'endpointId');
    if (request.body.events !== undefined) {
      const parsed = await events(request.body.events);
      summary = await run('endpointId', () => setEndpointEvents(storage, endpointId, parsed, ws(request)));
    }
    if (request.body.enabled !== undefined && request.body.enabled !== summary.enabled) {
      summary = await run('endpointId', () => setEndpointEnabled(storage, endpointId, request.body.enabled as boolean, ws(request)));
    }
    return { data: summary };
  });

  app.delete('/webhooks/:endpointId', { schema: { params: EndpointParams } }, async (request) => {
    await run('endpointId', () => deleteEndpoint(storage, request.params.endpointId, ws(request)));
    return { data: { id: request.params.endpointId, deleted: true } };
  });

  app.post('/webhooks/:endpointId/rotate-secret', { schema: { params: EndpointParams } }, async (request, reply) => {
    const rotated = await run('endpointId', () => rotateEndpointSecret(storage, request.params.endpointId, ws(request)));
    reply.header('Cache-Control', 'no-store');
    return { data: rotated };
  });

  app.get(
    '/webhooks/:endpointId/deliveries',
    { schema: { params: EndpointParams, querystring: z.strictObject({ limit: wholeNumberParam(z.number().int().min(1).max(200).default(50)) }) } },
    async (request) => {
      const workspaceId = ws(request);
      // Each delivery with the request it sends (its JSON body), beside the attempts' responses.
      const deliveries = await run('endpointId', () => listDeliveriesWithRequests(storage, request.params.endpointId, { limit: request.query.limit, workspaceId }));
      return { data: deliveries };
    },
  );

  app.post('/webhooks/deliveries/:deliveryId/replay', { schema: { params: z.object({ deliveryId: z.string().max(100) }) } }, async (request) => {
    const queued = await run('deliveryId', () => replayDelivery(storage, request.params.deliveryId, ws(request)));
    return { data: { deliveryId: request.params.deliveryId, queued } };
  });

  app.post('/webhooks/:endpointId/test', { schema: { params: EndpointParams } }, async (request) => ({
    data: { deliveryId: await run('endpointId', () => sendTestEvent(storage, request.params.endpointId, ws(request))) },
  }));
}
