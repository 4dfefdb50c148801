import type { ListPage, PublishedConfig, PublishResult, ResourceRecord, ResourceSummary, ServiceDescriptor } from '@inlay/core';
import type { InlayContext } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import {
  createResource,
  findRevision,
  getResource,
  listResources,
  listRevisions,
  publishDraft,
  saveDraft,
  type RevisionRow,
} from '../repositories/publishing/resources.js';


import { recordSharedEvent } from '../webhooks/events.js';
import { decodeCursor, encodeCursor } from '../platform/cursor.js';

/**
 * The draft/publish/revision engine's operations for one service's resource kind, shared by the
 * REST routes and the MCP tools so there is one implementation of each. Every call is scoped to
 * a workspace; objects of other workspaces are not found.
 */
export interface ResourceService {
  descriptor: ServiceDescriptor;
  list(workspaceId: string, page: { limit: number; cursor?: string | undefined }): Promise<ListPage<ResourceSummary>>;
  create(workspaceId: string, name: string): Promise<ResourceRecord>;
  retrieve(workspaceId: string, id: string): Promise<ResourceRecord>;
  /** `config` must already have passed the descriptor's config schema. */
  saveDraft(workspaceId: string, id: string, name: string, config: unknown): Promise<{ revisionId: string }>;
  publish(workspaceId: string, id: string): Promise<PublishResult>;
  publishedConfig(workspaceId: string, id: string): Promise<PublishedConfig>;
  listRevisions(workspaceId: string, id: string, page: { limit: number; cursor?: string | undefined }): Promise<ListPage<RevisionRow>>;
  /** Copies an old revision into the draft as a new revision. Never publishes. */
  restoreRevision(workspaceId: string, id: string, revisionId: string): Promise<{ revisionId: string; restoredFrom: string }>;
}

export function resourceService(context: InlayContext, descriptor: ServiceDescriptor): ResourceService {
  const { storage } = context;
  const { kind } = descriptor;
  const scope = (workspaceId: string) => ({ workspaceId, kind });
  const missing = (id: string) => notFound(kind, id);

  return {
    descriptor,
    async list(workspaceId, page) {
      const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, descriptor.idPrefix);
      const result = await listResources(storage, scope(workspaceId), { limit: page.limit, after });
      return { items: result.items, nextCursor: result.nextCursor && encodeCursor(result.nextCursor) };
    },
    create(workspaceId, name) {
      return createResource(storage, scope(workspaceId), descriptor.idPrefix, name, descriptor.initialConfig());
    },
    async retrieve(workspaceId, id) {
      return (await getResource(storage, scope(workspaceId), id)) ?? Promise.reject(missing(id));
    },
    async saveDraft(workspaceId, id, name, config) {
      return (await saveDraft(storage, scope(workspaceId), id, name, config)) ?? Promise.reject(missing(id));
    },
    async publish(workspaceId, id) {
      // One transaction: the publish and its webhook events (one per mode: docs/webhooks.md).
      const result = await storage.transaction((tx) =>
              publishDraft(tx.db, scope(workspaceId), id, (published) => {
                const common = { workspaceId, name: published.name, revisionId: published.revisionId, publishedAt: published.publishedAt };
                const objectKey = `${kind}:${id}`;
                if (kind === 'flow') return recordSharedEvent(storage, tx, { type: 'flow.published', objectKey, data: { ...common, flowId: id } });
                if (kind === 'board') return recordSharedEvent(storage, tx, { type: 'board.published', objectKey, data: { ...common, boardId: id } });
                return recordSharedEvent(storage, tx, { type: 'importer.published', objectKey, data: { ...common, importerId: id } });
              }));
      if (!result) throw missing(id);
      // Every instance serves the new revision from its next request (db/changes.ts).
      storage.changes.announce({ topic: 'published', kind, id });
      return result;
    },
    async publishedConfig(workspaceId, id) {
      const record = await getResource(storage, scope(workspaceId), id);
      if (!record) throw missing(id);
      if (!record.published) throw new ApiError('not_published', `The ${kind} ${id} has not been published yet.`, { param: 'id' });
      const { name, config, revisionId, publishedAt } = record.published;
      return { id, object: kind, name, revisionId, publishedAt, config };
    },
    async listRevisions(workspaceId, id, page) {
      const before = page.cursor === undefined ? undefined : Number(page.cursor);
      if (before !== undefined && !(Number.isInteger(before) && before > 0)) {
        throw new ApiError('parameter_invalid', 'cursor is not a cursor this list returned.', { param: 'cursor' });
      }
      return (await listRevisions(storage, scope(workspaceId), id, { limit: page.limit, before })) ?? Promise.reject(missing(id));
    },
    async restoreRevision(workspaceId, id, revisionId) {
      const revision = await findRevision(storage, scope(workspaceId), id, revisionId);
      if (!revision) throw new ApiError('not_found', `No revision ${JSON.stringify(revisionId)} of ${kind} ${id}.`, { param: 'revisionId' });
      const saved = await saveDraft(storage, scope(workspaceId), id, revision.name, revision.config);
      if (!saved) throw missing(id);
      return { revisionId: saved.revisionId, restoredFrom: revision.id };
    },
  };
}
