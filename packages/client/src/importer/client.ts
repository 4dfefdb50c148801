import type { ColumnMapping, ImporterConfig, ImportSession, PublishedConfig, UploadRowsBody, UploadRowsResult, UploadStatus } from '@inlay/core';
import { InlayConflictError } from '../errors.js';
import type { ClientOptions } from '../options.js';
import { segment } from '../path.js';
import { createTransport, type Transport } from '../transport.js';

/** `POST /api/v1/sessions` parameters. */
export interface OpenSessionParams {
  importerId: string;
  /**
   * The host's own key–value pairs for this import (≤ 20 keys of 1–40 characters, string values
   * ≤ 500), kept with the session and shown in usage. Never put row contents here.
   */
  metadata?: Record<string, string>;
}

/** `POST /api/v1/sessions/:id/complete` parameters. Rows are not sent: they stay in the browser. */
export interface CompleteSessionParams {
  /** Field key → the header of the source column that filled it. Every required field must be mapped. */
  mapping: ColumnMapping;
  /** Rows imported. */
  rowCount: number;
  /** Cell errors left in those rows (≤ `rowCount`). */
  errorCount: number;
}

/**
 * The importer service's publishable-key routes (docs/importer.md): the published config
 * and import sessions. A session keeps metadata and counts, never row contents.
 */
export interface ImporterClient {
  /** `GET /api/v1/config/:importerId`: the published importer (fields and `duplicateKey`). */
  getConfig(importerId: string): Promise<PublishedConfig<'importer', ImporterConfig>>;
  /** `POST /api/v1/sessions`: opens a session pinned to the importer's published revision. */
  openSession(params: OpenSessionParams): Promise<ImportSession>;
  /**
   * `POST /api/v1/sessions/:id/complete`. Retried after connection errors and 5xx like a read:
   * the server completes a session once, so a repeat cannot count an import twice. When a retry
   * finds the session already completed with the same mapping and counts, that session is the
   * answer; any other completed session rejects with `InlayConflictError` (`session_completed`).
   */
  completeSession(sessionId: string, params: CompleteSessionParams): Promise<ImportSession>;
  /**
   * `POST /api/v1/sessions/:id/rows`: one chunk of rows (≤ 5,000, ≤ 8 MiB of JSON), for
   * `delivery: "server"` (docs/importer.md#server-delivery). Retried after connection errors and
   * 5xx: sending a chunk number again replaces that chunk, so a repeat is counted once.
   */
  uploadRows(sessionId: string, body: UploadRowsBody): Promise<UploadRowsResult>;
  /** `GET /api/v1/sessions/:id/chunks`: the chunk numbers the server has stored, to resume an upload. */
  uploadStatus(sessionId: string): Promise<UploadStatus>;
}

/** How long one chunk upload may take: up to 8 MiB on a slow connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * A client for the importer service's publishable routes. Takes the same options as the other
 * service clients, with the importer base URL. Methods are plain functions.
 *
 * @example
 * ```ts
 * import { createImporterClient } from '@inlay/client';
 *
 * const importer = createImporterClient({
 *   publishableKey: 'svc_test_pub_…',
 *   baseUrl: 'https://inlay.example.com/importer',
 * });
 * const { config } = await importer.getConfig('imp_123');
 * const session = await importer.openSession({ importerId: 'imp_123', metadata: { team: 'sales' } });
 * await importer.completeSession(session.id, { mapping: { email: 'E-mail' }, rowCount: 120, errorCount: 0 });
 * ```
 */
export function createImporterClient(options: ClientOptions): ImporterClient {
  return importerClient(createTransport(options));
}

/**
 * The importer client over any transport (tests inject one that never sleeps).
 * @internal
 */
export function importerClient(transport: Transport): ImporterClient {
  return {
    getConfig: async (importerId) =>
      transport.request({ method: 'GET', path: `/api/v1/config/${segment('importerId', importerId)}`, idempotent: true }),
    openSession: async (params) => {
      segment('importerId', params.importerId);
      // Not retried: each attempt that reached the server would open (and count) another session.
      return transport.request({
        method: 'POST',
        path: '/api/v1/sessions',
        body: { importerId: params.importerId, metadata: params.metadata },
        idempotent: false,
      });
    },
    completeSession: async (sessionId, params) => {
      const body = { mapping: { ...params.mapping }, rowCount: params.rowCount, errorCount: params.errorCount };
      try {
        return await transport.request<ImportSession>({
          method: 'POST',
          path: `/api/v1/sessions/${segment('sessionId', sessionId)}/complete`,
          body,
          idempotent: true,
        });
      } catch (error) {
        // An earlier attempt may have completed it before its answer was lost.
        if (error instanceof InlayConflictError && error.code === 'session_completed' && sameCompletion(error.current, body)) {
          return error.current;
        }
        throw error;
      }
    },
    uploadRows: async (sessionId, body) =>
      transport.request<UploadRowsResult>({
        method: 'POST',
        path: `/api/v1/sessions/${segment('sessionId', sessionId)}/rows`,
        body: { chunk: body.chunk, rows: body.rows },
        idempotent: true,
        keepalive: false,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }),
    uploadStatus: async (sessionId) =>
      transport.request<UploadStatus>({ method: 'GET', path: `/api/v1/sessions/${segment('sessionId', sessionId)}/chunks`, idempotent: true }),
  };
}

function sameCompletion(current: unknown, body: CompleteSessionParams): current is ImportSession {
  if (typeof current !== 'object' || current === null) return false;
  const session = current as Partial<ImportSession>;
  if (session.rowCount !== body.rowCount || session.errorCount !== body.errorCount || !session.mapping) return false;
  const keys = Object.keys(body.mapping);
  const mapping = session.mapping;
  return keys.length === Object.keys(mapping).length && keys.every((key) => mapping[key] === body.mapping[key]);
}
