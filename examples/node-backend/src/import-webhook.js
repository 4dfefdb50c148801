/**
 * The webhook receiver for importers with `delivery: "server"` (docs/importer.md#server-delivery):
 * on `import_session.completed`, read the session's rows with `@inlay/node` (a page at a time,
 * in the file's order), keep them, and acknowledge them so Inlay deletes its copy.
 *
 *   POST /webhooks/inlay   Standard Webhooks delivery, verified with INLAY_WEBHOOK_SECRET
 */
import { isInlayError } from '@inlay/node';

/** Largest webhook body read: Inlay's events are small (counts only, never rows). */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * @typedef {import('@inlay/node').SessionRow} Row
 * @typedef {{ sessionId: string, importerId: string, rows: Row[] }} ReceivedImport
 */

/**
 * Answers a webhook delivery. The rows are read before answering, so a failure makes Inlay
 * deliver the event again later; a large import would rather be queued and answered at once.
 *
 * @param {{ inlay: import('@inlay/node').Inlay, secret: string, imports: Map<string, ReceivedImport> }} context
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<{ status: number, body: unknown }>}
 */
export async function receiveImportWebhook({ inlay, secret, imports }, request) {
  const payload = await readBody(request);
  if (payload === undefined) return { status: 413, body: { error: { code: 'too_large', message: 'Body too large.' } } };
  /** @type {{ type: string, data: Record<string, unknown> }} */
  let event;
  try {
    event = inlay.webhooks.verify(payload, /** @type {Record<string, string>} */ (request.headers), secret);
  } catch (error) {
    if (!isInlayError(error)) throw error;
    return { status: 400, body: { error: { code: 'bad_signature', message: error.message } } };
  }
  if (event.type !== 'import_session.completed' || event.data.delivery !== 'server') return { status: 204, body: undefined };
  const sessionId = String(event.data.sessionId);
  // A delivery may come twice: rows already kept are not read again.
  if (!imports.has(sessionId)) {
    /** @type {Row[]} */
    const rows = [];
    for await (const row of inlay.importer.sessions.rows(sessionId)) rows.push(row);
    // Check the rows with `inlay.importer.validateRows(config, rows)` before saving them for real.
    imports.set(sessionId, { sessionId, importerId: String(event.data.importerId), rows });
  }
  await inlay.importer.sessions.acknowledge(sessionId);
  return { status: 204, body: undefined };
}

/**
 * The raw body (verification needs the exact bytes), or undefined past MAX_BODY_BYTES.
 *
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<Buffer | undefined>}
 */
async function readBody(request) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += /** @type {Buffer} */ (chunk).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(/** @type {Buffer} */ (chunk));
  }
  return Buffer.concat(chunks);
}
