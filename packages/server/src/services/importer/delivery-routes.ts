import { dataEnvelope, RowsAcknowledgementSchema, SessionRowsPageSchema, SessionRowsQuerySchema, UploadStatusSchema, type RowsAcknowledgement, type UploadStatus } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf, type AuthContext } from '../../context.js';
import { ApiError, notFound } from '../../errors.js';
import { findSession, toSession } from '../../repositories/importer/import-sessions.js';
import { formatRowsCursor, parseRowsCursor, readRowsPage } from './session-rows.js';
import { acknowledgeRows, deleteSessionRows, storedChunks } from '../../repositories/importer/session-rows.js';
import type { ZodTypeProvider } from '../../type-provider.js';

/**
 * Server delivery of import rows (docs/importer.md#server-delivery):
 *   GET  /api/v1/sessions/:id/chunks       publishable: which chunks are stored (to resume an upload)
 *   GET  /api/v1/sessions/:id/rows         secret: the rows, a page at a time, in the file's order
 *   POST /api/v1/sessions/:id/acknowledge  secret: the backend has them; they are deleted
 */
const Params = z.object({ id: z.string() });

/** The publishable route: registered in the importer's cross-origin scope with the upload route. */
export function registerUploadStatusRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.inlay;
  app.get(
    '/api/v1/sessions/:id/chunks',
    { config: { auth: 'publishable' }, schema: { params: Params, response: { 200: dataEnvelope(UploadStatusSchema) } } },
    async (request) => {
      const row = await findSession(storage, authOf(request), request.params.id);
      if (!row) throw notFound('import session', request.params.id);
      const chunks = await storedChunks(storage, row.id);
      const data: UploadStatus = {
        object: 'import_upload',
        sessionId: row.id,
        status: toSession(row).status,
        chunks: chunks.map((chunk) => chunk.chunk),
        rowCount: chunks.reduce((sum, chunk) => sum + chunk.rowCount, 0),
      };
      return { data };
    },
  );
}

/** The secret-key routes: outside the cross-origin scope, so no browser can read their answers. */
export function registerRowsRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage, options } = app.inlay;
  const config = { auth: 'secret' } as const;

  /** The session, if its rows can be read now: completed, not acknowledged, within its 24 hours. */
  const readable = async (auth: AuthContext, id: string) => {
    const row = await findSession(storage, auth, id);
    if (!row) throw notFound('import session', id);
    if (row.rows_acknowledged_at !== null) {
      throw new ApiError('rows_acknowledged', "This session's rows were acknowledged and deleted.", { current: acknowledgement(row.id, row.rows_acknowledged_at) });
    }
    if (Date.parse(row.expires_at) <= Date.now()) {
      throw new ApiError('session_expired', "This session's rows were deleted 24 hours after it opened.");
    }
    if (row.completed_at === null) throw new ApiError('session_not_completed', "This session is still open; its rows are served once it completes.");
    return row;
  };

  app.get(
    '/api/v1/sessions/:id/rows',
    { config, schema: { params: Params, querystring: SessionRowsQuerySchema, response: { 200: dataEnvelope(SessionRowsPageSchema) } } },
    async (request, reply) => {
      const row = await readable(authOf(request), request.params.id);
      const { limit, cursor } = request.query;
      const start = cursor === undefined ? { chunk: 0, offset: 0 } : parseRowsCursor(cursor);
      if (start === undefined) throw new ApiError('parameter_invalid', 'cursor is not a nextCursor this route answered.', { param: 'cursor' });
      const page = await readRowsPage(storage, row.id, start, limit, options.importRowsPageMaxBytes);
      const next = page.next === null ? 'null' : JSON.stringify(formatRowsCursor(page.next));
      // The rows are sent as stored text: parsing and serialising up to 8 MiB per page again
      // would cost more than the read itself (docs/decisions.md, "Server delivery").
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"data":{"items":[${page.members}],"firstRow":${page.firstRow},"nextCursor":${next}}}` as never);
    },
  );

  app.post(
    '/api/v1/sessions/:id/acknowledge',
    { config, schema: { params: Params, response: { 200: dataEnvelope(RowsAcknowledgementSchema) } } },
    async (request) => {
      const row = await findSession(storage, authOf(request), request.params.id);
      if (!row) throw notFound('import session', request.params.id);
      if (row.completed_at === null) throw new ApiError('session_not_completed', 'This session is still open; acknowledge its rows once it completes.');
      const acknowledgedAt = await acknowledgeRows(storage, row.id, new Date());
      await deleteSessionRows(storage, row.id);
      return { data: acknowledgement(row.id, acknowledgedAt) };
    },
  );
}

function acknowledgement(sessionId: string, acknowledgedAt: string): RowsAcknowledgement {
  return { object: 'import_rows_acknowledgement', sessionId, acknowledgedAt };
}
