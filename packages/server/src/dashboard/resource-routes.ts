import { CreateResourceBodySchema, ListQuerySchema, saveDraftBodySchema, SERVICES, wholeNumberParam } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deleteResource, previewResourceDeletion } from '../publishing/resource-deletion.js';
import { resourceService } from '../publishing/resource-service.js';
import { ApiError, notFound } from '../errors.js';
import { findRevision } from '../repositories/publishing/resources.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { sessionOf } from './session-auth.js';

const IdParams = z.object({ id: z.string().max(100) });
const RevisionParams = z.object({ id: z.string().max(100), revisionId: z.string().max(100) });

/**
 * Flows, boards and importers (docs/dashboard-api.md#flows-boards-importers): the same
 * resource service as the secret-key routes and MCP, plus deletion, which only operators have
 * (publishing/resource-deletion.ts, as `inlay flows delete`). Scoped to the session's workspace.
 */
export async function resourceRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.inlay;
  for (const name of app.inlay.options.services) {
    const descriptor = SERVICES[name];
    const service = resourceService(app.inlay, descriptor);
    const base = `/${descriptor.plural}`;
    const ws = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).workspace.id;
    const RevisionListQuery = z.strictObject({ limit: wholeNumberParam(z.number().int().min(1).max(100).default(20)), cursor: z.string().max(100).optional() });

    app.get(base, { schema: { querystring: ListQuerySchema } }, async (request) => ({ data: await service.list(ws(request), request.query) }));

    app.post(base, { schema: { body: CreateResourceBodySchema } }, async (request, reply) => {
      const record = await service.create(ws(request), request.body.name);
      reply.code(201);
      return { data: record };
    });

    app.get(`${base}/:id`, { schema: { params: IdParams } }, async (request) => ({ data: await service.retrieve(ws(request), request.params.id) }));

    app.put(`${base}/:id/draft`, { schema: { params: IdParams, body: saveDraftBodySchema(descriptor.configSchema) } }, async (request) => {
      const body = request.body as { name: string; config: unknown };
      return { data: await service.saveDraft(ws(request), request.params.id, body.name, body.config) };
    });

    app.post(`${base}/:id/publish`, { schema: { params: IdParams } }, async (request) => {
      const result = await service.publish(ws(request), request.params.id);
      return { data: result };
    });

    app.get(`${base}/:id/revisions`, { schema: { params: IdParams, querystring: RevisionListQuery } }, async (request) => ({
      data: await service.listRevisions(ws(request), request.params.id, request.query),
    }));

    app.get(`${base}/:id/revisions/:revisionId`, { schema: { params: RevisionParams } }, async (request) => {
      const revision = await findRevision(storage, { workspaceId: ws(request), kind: descriptor.kind }, request.params.id, request.params.revisionId);
      if (!revision) throw new ApiError('not_found', `No revision ${JSON.stringify(request.params.revisionId)} of ${descriptor.kind} ${request.params.id}.`, { param: 'revisionId' });
      return { data: revision };
    });

    app.post(`${base}/:id/revisions/:revisionId/restore`, { schema: { params: RevisionParams } }, async (request) => ({
      data: await service.restoreRevision(ws(request), request.params.id, request.params.revisionId),
    }));

    /** The resource of this kind in the session's workspace, or 404 as if it did not exist. */
    const ownHead = async (workspaceId: string, id: string) => {
      const preview = await previewResourceDeletion(storage.db, descriptor.kind, id).catch(() => undefined);
      if (!preview || preview.resource.workspaceId !== workspaceId) throw notFound(descriptor.kind, id);
      return preview;
    };

    app.get(`${base}/:id/deletion`, { schema: { params: IdParams } }, async (request) => ({ data: await ownHead(ws(request), request.params.id) }));

    app.delete(`${base}/:id`, { schema: { params: IdParams, body: z.strictObject({ confirmName: z.string().max(500) }) } }, async (request) => {
      const preview = await ownHead(ws(request), request.params.id);
      if (request.body.confirmName !== preview.resource.name) {
        throw new ApiError('confirmation_mismatch', `confirmName must be the ${descriptor.kind}'s name, exactly.`, { param: 'confirmName' });
      }
      const deletion = await deleteResource(storage, descriptor.kind, request.params.id);
      return { data: deletion };
    });
  }
}
