import {
  CompleteSessionBodySchema,
  CreateSessionBodySchema,
  dataEnvelope,
  ImportSessionSchema,
  LIMITS,
  UploadRowsBodySchema,
  UploadRowsResultSchema,
  type ImporterConfig,
  type UploadRowsResult,
} from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf, type AuthContext } from '../../context.js';
import { requirePlan } from '../../engine/plans.js';
import { ApiError, notFound } from '../../errors.js';
import { completeSession, createSession, findSession, loadUploadedRows, saveRowChunk, toSession } from '../../repositories/import-sessions.js';
import { validateUploadedRows } from './row-validation.js';
import { findRevisionConfig } from '../../repositories/resources.js';
import type { ZodTypeProvider } from '../../type-provider.js';
import { recordEvent } from '../../webhooks/events.js';

/**
 * Import sessions (seed 002, DESIGN.md §8), publishable key:
 *   POST /api/v1/sessions               {importerId, metadata?}
 *   POST /api/v1/sessions/:id/rows      {chunk, rows}   (optional, for webhook delivery)
 *   POST /api/v1/sessions/:id/complete  {mapping, rowCount, errorCount}
 * Rows stay in the browser unless a session uploads them; uploads are validated again here.
 */
const SESSION = { 200: dataEnvelope(ImportSessionSchema) };

export function registerSessionRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'publishable' } as const;
  const { db, published, usage } = app.inlay;
  const live = (auth: AuthContext) => requirePlan(auth, ['byo', 'hosted'], 'Live import sessions');
  const scope = (auth: AuthContext, importerId: string) => ({ workspaceId: auth.workspaceId, mode: auth.mode, service: 'importer' as const, resourceId: importerId });

  app.post('/api/v1/sessions', { config, schema: { body: CreateSessionBodySchema, response: SESSION } }, async (request) => {
    const auth = authOf(request);
    const { importerId, metadata } = request.body;
    const found = await published.get('importer', importerId);
    if (!found || found.workspaceId !== auth.workspaceId) throw notFound('importer', importerId, 'importerId');
    if ('unpublished' in found) throw new ApiError('not_published', `The importer ${importerId} has not been published yet.`, { param: 'importerId' });
    live(auth);
    const session = await createSession(db, auth, { importerId, revisionId: found.revisionId, metadata: metadata ?? {} });
    usage.increment({ ...scope(auth, importerId), metric: 'sessionsStarted' });
    return { data: session };
  });

  app.post(
    '/api/v1/sessions/:id/rows',
    {
      config,
      bodyLimit: LIMITS.importChunkBytes,
      schema: { params: z.object({ id: z.string() }), body: UploadRowsBodySchema, response: { 200: dataEnvelope(UploadRowsResultSchema) } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await findSession(db, auth, request.params.id);
      if (!row) throw notFound('import session', request.params.id);
      live(auth);
      const session = toSession(row);
      if (session.status === 'completed') throw new ApiError('session_completed', 'Rows can only be uploaded before the session completes.', { current: session });
      if (session.status === 'expired') throw new ApiError('session_expired', 'This session expired 24 hours after it opened; open a new one.');
      const importerConfig = (await findRevisionConfig(db, auth.workspaceId, row.revision_id)) as ImporterConfig;
      const known = new Set(importerConfig.fields.map((field) => field.key));
      for (const [index, uploaded] of request.body.rows.entries()) {
        const unknown = Object.keys(uploaded).find((key) => !known.has(key));
        if (unknown !== undefined) {
          throw new ApiError('parameter_invalid', `rows.${index} has ${JSON.stringify(unknown)}, which is not a field of this importer.`, { param: `rows.${index}.${unknown}` });
        }
      }
      const validation = validateUploadedRows(importerConfig, request.body.rows);
      await saveRowChunk(db, row.id, request.body.chunk, request.body.rows);
      const data: UploadRowsResult = {
        sessionId: row.id,
        chunk: request.body.chunk,
        rowCount: validation.rowCount,
        invalidRowCount: validation.invalidRowCount,
        errors: validation.errors.slice(0, 100).map(({ row: r, field, code, message }) => ({ row: r, field, code, message })),
      };
      return { data };
    },
  );

  app.post(
    '/api/v1/sessions/:id/complete',
    { config, schema: { params: z.object({ id: z.string() }), body: CompleteSessionBodySchema, response: SESSION } },
    async (request) => {
      const auth = authOf(request);
      const row = await findSession(db, auth, request.params.id);
      if (!row) throw notFound('import session', request.params.id);
      live(auth);
      const session = toSession(row);
      if (session.status === 'completed') throw new ApiError('session_completed', 'This session was already completed.', { current: session });
      if (session.status === 'expired') throw new ApiError('session_expired', 'This session expired 24 hours after it opened; open a new one.');
      const { mapping, rowCount, errorCount } = request.body;
      if (errorCount > rowCount) throw new ApiError('parameter_invalid', 'errorCount cannot exceed rowCount.', { param: 'errorCount' });
      const importerConfig = (await findRevisionConfig(db, auth.workspaceId, row.revision_id)) as ImporterConfig | undefined;
      const fields = importerConfig?.fields ?? [];
      const known = new Set(fields.map((field) => field.key));
      const unknown = Object.keys(mapping).find((key) => !known.has(key));
      if (unknown !== undefined) {
        throw new ApiError('parameter_invalid', `mapping names ${JSON.stringify(unknown)}, which is not a field of this importer.`, { param: `mapping.${unknown}` });
      }
      const unmapped = fields.filter((field) => field.required && !(field.key in mapping)).map((field) => field.key);
      if (unmapped.length > 0) {
        throw new ApiError('parameter_invalid', `Required fields are not mapped: ${unmapped.join(', ')}.`, { param: 'mapping' });
      }
      // Uploaded rows are counted by the server's own validation, not the browser's claim.
      const uploaded = await loadUploadedRows(db, row.id);
      const counts =
        uploaded.length > 0 && importerConfig
          ? (() => {
              const validation = validateUploadedRows(importerConfig, uploaded);
              return { rowCount: validation.rowCount, errorCount: validation.invalidRowCount };
            })()
          : { rowCount, errorCount };
      const completedAt = new Date();
      // The completion and its webhook event commit together (docs/webhooks.md).
      const completed = await db.transaction().execute(async (trx) => {
        if (!(await completeSession(trx, row.id, { mapping, ...counts }, completedAt))) return false;
        recordEvent(db, {
          type: 'import_session.completed',
          objectKey: `import_session:${row.id}`,
          data: {
            workspaceId: auth.workspaceId,
            mode: auth.mode,
            sessionId: row.id,
            importerId: row.importer_id,
            revisionId: row.revision_id,
            rowCount: counts.rowCount,
            errorCount: counts.errorCount,
            completedAt: completedAt.toISOString(),
          },
        });
        return true;
      });
      if (!completed) {
        const current = await findSession(db, auth, row.id);
        throw new ApiError('session_completed', 'This session was already completed.', { current: current && toSession(current) });
      }
      const s = scope(auth, row.importer_id);
      usage.increment({ ...s, metric: 'sessionsCompleted' });
      usage.increment({ ...s, metric: 'rowsImported' }, counts.rowCount);
      usage.increment({ ...s, metric: 'rowErrors' }, counts.errorCount);
      const done = await findSession(db, auth, row.id);
      if (!done) throw notFound('import session', row.id);
      return { data: toSession(done) };
    },
  );
}
