import {
  CompleteSessionBodySchema,
  CreateSessionBodySchema,
  dataEnvelope,
  ImportSessionSchema,
  LIMITS,
  UploadRowsBodySchema,
  UploadRowsResultSchema,
  type ImporterConfig,
  type UploadRowsBody,
  type UploadRowsResult,
} from '@inlay/core';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf, type AuthContext } from '../../context.js';
import { requirePlan } from '../../platform/plans.js';
import { enforceAllowedOrigins } from '../../publishing/allowed-origins.js';
import { ApiError, notFound } from '../../errors.js';
import { precheckUpload, storeRowChunk, type CapBreach, type UploadCaps } from './import-sessions.js';
import { completeSession, createSession, findSession, toSession } from '../../repositories/importer/import-sessions.js';
import { chunkFigures, deleteSessionKeys, readUploadedChunk, repeatOnlyRows, storeLateFigures } from '../../repositories/importer/upload-chunks.js';
import type { Storage } from '../../db/connect.js';
import { parseOrThrow } from '../../validation.js';
import { validateChunk } from './chunk-validation.js';
import { findRevisionConfig } from '../../repositories/publishing/resources.js';
import type { ZodTypeProvider } from '../../type-provider.js';
import { recordEvent } from '../../webhooks/events.js';


/**
 * Import sessions (docs/importer.md), publishable key:
 *   POST /api/v1/sessions               {importerId, metadata?}
 *   POST /api/v1/sessions/:id/rows      {chunk, rows}   (optional, for webhook delivery)
 *   POST /api/v1/sessions/:id/complete  {mapping, rowCount, errorCount}
 * Rows stay in the browser unless a session uploads them; uploads are validated again here.
 */
const SESSION = { 200: dataEnvelope(ImportSessionSchema) };

export function registerSessionRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'publishable' } as const;
  const { storage, published, usage, options } = app.inlay;
  const caps: UploadCaps = {
    sessionMaxRows: options.importSessionMaxRows,
    sessionMaxBytes: options.importSessionMaxBytes,
    dailyMaxRows: options.importDailyMaxRows,
    dailyMaxBytes: options.importDailyMaxBytes,
  };
  const live = (auth: AuthContext) => requirePlan(auth, ['byo', 'hosted'], 'Live import sessions');
  const scope = (auth: AuthContext, importerId: string) => ({ workspaceId: auth.workspaceId, mode: auth.mode, service: 'importer' as const, resourceId: importerId });

  app.post('/api/v1/sessions', { config, schema: { body: CreateSessionBodySchema, response: SESSION } }, async (request) => {
    const auth = authOf(request);
    const { importerId, metadata } = request.body;
    const found = await published.get('importer', importerId);
    if (!found || found.workspaceId !== auth.workspaceId) throw notFound('importer', importerId, 'importerId');
    if ('unpublished' in found) throw new ApiError('not_published', `The importer ${importerId} has not been published yet.`, { param: 'importerId' });
    live(auth);
    enforceAllowedOrigins(request, auth, found.config, 'importer');
    const session = await createSession(storage, auth, { importerId, revisionId: found.revisionId, metadata: metadata ?? {} });
    usage.increment({ ...scope(auth, importerId), metric: 'sessionsStarted' });
    return { data: session };
  });

  app.post(
    '/api/v1/sessions/:id/rows',
    {
      config,
      bodyLimit: LIMITS.importChunkBytes,
      // The body schema is checked in the handler, a few rows at a time (see uploadOf): checked
      // whole, 5,000 rows would hold the event loop far too long. Here it documents the route.
      schema: { params: z.object({ id: z.string() }), body: UPLOAD_BODY_DOC, response: { 200: dataEnvelope(UploadRowsResultSchema) } },
    },
    async (request) => {
      const auth = authOf(request);
      const { chunk, rows } = uploadOf(request.body);
      const row = await findSession(storage, auth, request.params.id);
      if (!row) throw notFound('import session', request.params.id);
      live(auth);
      // The revision the session was opened with: its allowedOrigins, as its fields, apply.
      const importerConfig = (await findRevisionConfig(storage, auth.workspaceId, row.revision_id)) as ImporterConfig;
      enforceAllowedOrigins(request, auth, importerConfig, 'importer');
      const session = toSession(row);
      if (session.status === 'completed') throw new ApiError('session_completed', 'Rows can only be uploaded before the session completes.', { current: session });
      if (session.status === 'expired') throw new ApiError('session_expired', 'This session expired 24 hours after it opened; open a new one.');
      const target = { sessionId: row.id, workspaceId: auth.workspaceId, chunk };
      // Refuse a chunk whose rows alone pass a cap before spending time validating it.
      const early = await precheckUpload(storage, { ...target, rowCount: rows.length }, caps);
      if (early !== null) throw capError(early);
      const validation = await validateChunk(importerConfig, rows, { checkShape: true });
      const breach = await storeRowChunk(
        storage,
        { ...target, rowCount: validation.rowCount, invalidRowCount: validation.ownInvalidRowCount, json: validation.json, bytes: validation.bytes, keys: validation.keys },
        caps,
      );
      if (breach !== null) throw capError(breach);
      const data: UploadRowsResult = {
        sessionId: row.id,
        chunk,
        rowCount: validation.rowCount,
        invalidRowCount: validation.invalidRowCount,
        errors: validation.errors.map(({ row: r, field, code, message }) => ({ row: r, field, code, message })),
      };
      return { data };
    },
  );

  app.post(
    '/api/v1/sessions/:id/complete',
    { config, schema: { params: z.object({ id: z.string() }), body: CompleteSessionBodySchema, response: SESSION } },
    async (request) => {
      const auth = authOf(request);
      const row = await findSession(storage, auth, request.params.id);
      if (!row) throw notFound('import session', request.params.id);
      live(auth);
      const importerConfig = (await findRevisionConfig(storage, auth.workspaceId, row.revision_id)) as ImporterConfig | undefined;
      enforceAllowedOrigins(request, auth, importerConfig ?? {}, 'importer');
      const session = toSession(row);
      if (session.status === 'completed') throw new ApiError('session_completed', 'This session was already completed.', { current: session });
      if (session.status === 'expired') throw new ApiError('session_expired', 'This session expired 24 hours after it opened; open a new one.');
      const { mapping, rowCount, errorCount } = request.body;
      if (errorCount > rowCount) throw new ApiError('parameter_invalid', 'errorCount cannot exceed rowCount.', { param: 'errorCount' });
      const fields = importerConfig?.fields ?? [];
      const known = new Set(fields.map((field) => field.key));
      const unknown = Object.keys(mapping).find((key) => !known.has(key));
      if (unknown !== undefined) {
        throw new ApiError('parameter_invalid', `mapping names ${JSON.stringify(unknown)}, which is not a field of this importer.`, { param: `mapping.${unknown}` });
      }
      // Own keys only: `constructor` or `toString` is "in" every object through its prototype.
      const unmapped = fields.filter((field) => field.required && !Object.hasOwn(mapping, field.key)).map((field) => field.key);
      if (unmapped.length > 0) {
        throw new ApiError('parameter_invalid', `Required fields are not mapped: ${unmapped.join(', ')}.`, { param: 'mapping' });
      }
      // Uploaded rows are counted by the server's own validation, not the browser's claim: the
      // figures stored with each chunk, plus rows that repeat an earlier chunk's value.
      const counts = importerConfig ? ((await uploadedCounts(storage, row.id, importerConfig)) ?? { rowCount, errorCount }) : { rowCount, errorCount };
      const completedAt = new Date();
      // The completion and its webhook event commit together (docs/webhooks.md).
      const completed = await storage.transaction(async (tx) => {
              if (!(await completeSession(tx.db, row.id, { mapping, ...counts }, completedAt))) return false;
              await recordEvent(storage, tx, {
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
                  delivery: importerConfig?.delivery ?? 'page',
                },
              });
              return true;
            });
      if (!completed) {
        const current = await findSession(storage, auth, row.id);
        throw new ApiError('session_completed', 'This session was already completed.', { current: current && toSession(current) });
      }
      await deleteSessionKeys(storage, row.id);
      const s = scope(auth, row.importer_id);
      usage.increment({ ...s, metric: 'sessionsCompleted' });
      usage.increment({ ...s, metric: 'rowsImported' }, counts.rowCount);
      usage.increment({ ...s, metric: 'rowErrors' }, counts.errorCount);
      const done = await findSession(storage, auth, row.id);
      if (!done) throw notFound('import session', row.id);
      return { data: toSession(done) };
    },
  );
}

const UPLOAD_BODY_DOC = z.toJSONSchema(UploadRowsBodySchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

/**
 * The upload's chunk number and rows, its envelope checked here. The rows are checked against
 * the schema later, in slices (chunk-validation.ts): the envelope is checked with each row
 * replaced by an empty one, which keeps the schema's own messages for the row count.
 */
function uploadOf(body: unknown): { chunk: number; rows: readonly unknown[] } {
  const rows = typeof body === 'object' && body !== null && Array.isArray((body as { rows?: unknown }).rows) ? ((body as { rows: unknown[] }).rows) : undefined;
  const envelope: UploadRowsBody = parseOrThrow(UploadRowsBodySchema, rows === undefined ? body : { ...(body as object), rows: rows.map(() => ({})) });
  return { chunk: envelope.chunk, rows: rows ?? [] };
}

const CAP_TEXT: Record<keyof UploadCaps, { what: string; option: string; code: 'session_upload_limit' | 'daily_upload_limit' }> = {
  sessionMaxRows: { what: 'rows per import session', option: 'importSessionMaxRows', code: 'session_upload_limit' },
  sessionMaxBytes: { what: 'bytes of rows per import session', option: 'importSessionMaxBytes', code: 'session_upload_limit' },
  dailyMaxRows: { what: 'uploaded rows per workspace per day (UTC)', option: 'importDailyMaxRows', code: 'daily_upload_limit' },
  dailyMaxBytes: { what: 'uploaded bytes of rows per workspace per day (UTC)', option: 'importDailyMaxBytes', code: 'daily_upload_limit' },
};

/** The 413 for an upload that would pass a cap: names the limit and the server option that sets it. */
function capError(breach: CapBreach): ApiError {
  const text = CAP_TEXT[breach.cap];
  return new ApiError(
    text.code,
    `This chunk would bring the ${text.what} to ${breach.would}, past the limit of ${breach.max} (server option ${text.option}); nothing was stored.`,
    { param: 'rows' },
  );
}

/**
 * A session's uploaded row and invalid-row counts, from the figures stored with each chunk plus
 * the rows that are invalid only for repeating an earlier chunk's value (counted by the database,
 * a chunk at a time, yielding between). Undefined when nothing was uploaded. Chunks stored before
 * their figures existed (migration 0010) are validated now, one at a time.
 */
async function uploadedCounts(storage: Storage, sessionId: string, config: ImporterConfig): Promise<{ rowCount: number; errorCount: number } | undefined> {
  const chunks = await chunkFigures(storage, sessionId);
  if (chunks.length === 0) return undefined;
  for (const chunk of chunks) {
    if (chunk.invalidRowCount !== null) continue;
    const stored = await readUploadedChunk(storage, sessionId, chunk.chunk - 1);
    if (stored === undefined) continue;
    const late = await validateChunk(config, stored.rows, { checkShape: false });
    await storeLateFigures(storage, sessionId, chunk.chunk, late.ownInvalidRowCount, late.keys);
    chunk.invalidRowCount = late.ownInvalidRowCount;
  }
  let rowCount = 0;
  let errorCount = 0;
  for (const chunk of chunks) {
    rowCount += chunk.rowCount;
    errorCount += (chunk.invalidRowCount ?? 0) + (await repeatOnlyRows(storage, sessionId, chunk.chunk));
    await nextTurn();
  }
  return { rowCount, errorCount };
}
