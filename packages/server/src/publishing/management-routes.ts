import {
  CreateResourceBodySchema,
  dataEnvelope,
  listPage,
  ListQuerySchema,
  PublishResultSchema,
  ResourceActionBodySchema,
  resourceRecordSchema,
  resourceSummarySchema,
  saveDraftBodySchema,
  SaveDraftResultSchema,
  type ResourceRecord,
} from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../context.js';
import type { ZodTypeProvider } from '../type-provider.js';
import type { ResourceService } from './resource-service.js';

export interface ManagementRouteOptions {
  /** The body of a create response; the seeds differ here (importer: `{importerId, revisionId}`). */
  createResponse?: (record: ResourceRecord) => unknown;
  /** Its schema, for the OpenAPI document. */
  createResponseSchema?: z.ZodType;
}

const IdParamsSchema = z.object({ id: z.string() });

/**
 * The secret-key routes of the draft/publish/revision engine, for one service's resource kind:
 * list, create, retrieve, save draft, publish. The same code serves flows, boards and importers.
 */
export function registerManagementRoutes(
  parent: FastifyInstance,
  service: ResourceService,
  options: ManagementRouteOptions = {},
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { descriptor } = service;
  const base = `/api/v1/${descriptor.plural}`;
  const config = { auth: 'secret' } as const;
  const workspace = (request: Parameters<typeof authOf>[0]) => authOf(request).workspaceId;
  const bodySchema = saveDraftBodySchema(descriptor.configSchema);
  const record = dataEnvelope(resourceRecordSchema(descriptor.kind, descriptor.configSchema));
  const responses = {
    list: { 200: dataEnvelope(listPage(resourceSummarySchema(descriptor.kind))) },
    create: { 200: options.createResponseSchema ? dataEnvelope(options.createResponseSchema) : record },
    record: { 200: record },
    saved: { 200: dataEnvelope(SaveDraftResultSchema) },
    published: { 200: dataEnvelope(PublishResultSchema) },
  };

  app.get(base, { config, schema: { querystring: ListQuerySchema, response: responses.list } }, async (request) => ({
    data: await service.list(workspace(request), request.query),
  }));

  app.post(base, { config, schema: { body: CreateResourceBodySchema, response: responses.create } }, async (request) => {
    const record = await service.create(workspace(request), request.body.name);
    return { data: options.createResponse ? options.createResponse(record) : record };
  });

  app.get(`${base}/:id`, { config, schema: { params: IdParamsSchema, response: responses.record } }, async (request) => ({
    data: await service.retrieve(workspace(request), request.params.id),
  }));

  app.patch(`${base}/:id`, { config, schema: { params: IdParamsSchema, body: bodySchema, response: responses.saved } }, async (request) => {
    const body = request.body as { name: string; config: unknown };
    return { data: await service.saveDraft(workspace(request), request.params.id, body.name, body.config) };
  });

  app.post(`${base}/:id`, { config, schema: { params: IdParamsSchema, body: ResourceActionBodySchema, response: responses.published } }, async (request) => ({
    data: await service.publish(workspace(request), request.params.id),
  }));
}
