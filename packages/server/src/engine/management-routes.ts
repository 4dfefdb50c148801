import {
  CreateResourceBodySchema,
  ListQuerySchema,
  ResourceActionBodySchema,
  saveDraftBodySchema,
  type ResourceRecord,
  type ServiceDescriptor,
} from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../context.js';
import { notFound } from '../errors.js';
import {
  createResource,
  getResource,
  listResources,
  publishDraft,
  saveDraft,
  type ResourceScope,
} from '../repositories/resources.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { decodeCursor, encodeCursor } from './cursor.js';

export interface ManagementRouteOptions {
  /** The body of a create response; the seeds differ here (importer: `{importerId, revisionId}`). */
  createResponse?: (record: ResourceRecord) => unknown;
}

const IdParamsSchema = z.object({ id: z.string() });

/**
 * The secret-key routes of the draft/publish/revision engine, for one service's resource kind:
 * list, create, retrieve, save draft, publish. The same code serves flows, boards and importers.
 */
export function registerManagementRoutes(
  parent: FastifyInstance,
  service: ServiceDescriptor,
  options: ManagementRouteOptions = {},
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const base = `/api/v1/${service.plural}`;
  const config = { auth: 'secret' } as const;
  const scopeOf = (request: Parameters<typeof authOf>[0]): ResourceScope => ({
    workspaceId: authOf(request).workspaceId,
    kind: service.kind,
  });
  const bodySchema = saveDraftBodySchema(service.configSchema);
  const { db, published } = app.inlay;

  app.get(base, { config, schema: { querystring: ListQuerySchema } }, async (request) => {
    const after = request.query.cursor === undefined ? undefined : decodeCursor(request.query.cursor, service.idPrefix);
    const page = await listResources(db, scopeOf(request), { limit: request.query.limit, after });
    return { data: { items: page.items, nextCursor: page.nextCursor && encodeCursor(page.nextCursor) } };
  });

  app.post(base, { config, schema: { body: CreateResourceBodySchema } }, async (request) => {
    const record = await createResource(db, scopeOf(request), service.idPrefix, request.body.name, service.initialConfig());
    return { data: options.createResponse ? options.createResponse(record) : record };
  });

  app.get(`${base}/:id`, { config, schema: { params: IdParamsSchema } }, async (request) => {
    const record = await getResource(db, scopeOf(request), request.params.id);
    if (!record) throw notFound(service.kind, request.params.id);
    return { data: record };
  });

  app.patch(`${base}/:id`, { config, schema: { params: IdParamsSchema, body: bodySchema } }, async (request) => {
    const body = request.body as { name: string; config: unknown };
    const saved = await saveDraft(db, scopeOf(request), request.params.id, body.name, body.config);
    if (!saved) throw notFound(service.kind, request.params.id);
    return { data: saved };
  });

  app.post(
    `${base}/:id`,
    { config, schema: { params: IdParamsSchema, body: ResourceActionBodySchema } },
    async (request) => {
      const result = await publishDraft(db, scopeOf(request), request.params.id);
      if (!result) throw notFound(service.kind, request.params.id);
      published.invalidate(service.kind, request.params.id);
      return { data: result };
    },
  );
}

