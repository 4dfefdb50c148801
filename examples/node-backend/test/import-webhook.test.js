/**
 * Server delivery of import rows, end to end: a real Inlay server, rows uploaded with the
 * publishable key as the widget does, and this backend's webhook receiver reading them with
 * `@inlay/node` and acknowledging them. The event is signed here with the endpoint secret the
 * backend is configured with, as Inlay signs it.
 */
import { Inlay, signWebhook } from '@inlay/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { startInlay } from './inlay-server.js';

const SECRET = `whsec_${Buffer.from('example-endpoint-secret-0123456789').toString('base64')}`;

/** @type {import('./inlay-server.js').InlayServer} */
let inlayServer;
/** @type {import('node:http').Server} */
let backend;
/** @type {string} */
let backendUrl;
/** @type {Inlay} */
let inlay;
/** @type {Map<string, import('../src/import-webhook.js').ReceivedImport>} */
const imports = new Map();

beforeAll(async () => {
  inlayServer = await startInlay();
  const { origin, keys } = inlayServer;
  inlay = new Inlay({ secretKey: keys.testSecret, baseUrl: origin });
  const config = readConfig({
    INLAY_BASE_URL: origin,
    INLAY_SECRET_KEY: keys.testSecret,
    INLAY_PUBLISHABLE_KEY: keys.testPublishable,
    INLAY_FLOW_ID: 'flow_unused',
    INLAY_BOARD_ID: 'board_unused',
    INLAY_WEBHOOK_SECRET: SECRET,
    PORT: '0',
  });
  backend = createBackend({ config, inlay, imports });
  await new Promise((resolve) => backend.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = backend.address();
  if (address === null || typeof address !== 'object') throw new Error('the backend is not listening');
  backendUrl = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  if (backend?.listening) await new Promise((resolve) => backend.close(resolve));
  await inlayServer?.stop();
});

/**
 * A publishable-key call to the importer, as the widget makes it.
 *
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<any>}
 */
async function widgetCall(path, body) {
  const response = await fetch(`${inlayServer.origin}/importer${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inlayServer.keys.testPublishable}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = /** @type {any} */ (await response.json());
  if (!response.ok) throw new Error(JSON.stringify(json));
  return json.data;
}

/**
 * Posts a signed event to the backend.
 *
 * @param {unknown} event
 * @param {string} [secret]
 */
function deliver(event, secret = SECRET) {
  const payload = JSON.stringify(event);
  return fetch(`${backendUrl}/webhooks/inlay`, { method: 'POST', headers: { 'content-type': 'application/json', ...signWebhook(payload, secret) }, body: payload });
}

describe('the import webhook receiver', () => {
  it('reads the rows of a completed session on import_session.completed and acknowledges them', async () => {
    const { importerId } = await inlay.importer.importers.create({ name: 'Contacts' });
    await inlay.importer.importers.updateDraft(importerId, {
      name: 'Contacts',
      config: { fields: [{ key: 'email', label: 'Email', type: 'email', required: true }], delivery: 'server' },
    });
    await inlay.importer.importers.publish(importerId);
    const session = await widgetCall('/api/v1/sessions', { importerId });
    const rows = Array.from({ length: 7 }, (_, i) => ({ email: `u${i}@example.com` }));
    await widgetCall(`/api/v1/sessions/${session.id}/rows`, { chunk: 0, rows: rows.slice(0, 4) });
    await widgetCall(`/api/v1/sessions/${session.id}/rows`, { chunk: 1, rows: rows.slice(4) });
    const completed = await widgetCall(`/api/v1/sessions/${session.id}/complete`, { mapping: { email: 'Email' }, rowCount: 7, errorCount: 0 });

    const event = {
      type: 'import_session.completed',
      timestamp: completed.completedAt,
      data: { workspaceId: 'ws_x', mode: 'test', sessionId: session.id, importerId, revisionId: completed.revisionId, rowCount: 7, errorCount: 0, completedAt: completed.completedAt, delivery: 'server' },
    };
    expect((await deliver(event)).status).toBe(204);
    expect(imports.get(session.id)?.rows).toEqual(rows);
    // Acknowledged: Inlay no longer has the rows.
    await expect(inlay.importer.sessions.rows(session.id)).rejects.toMatchObject({ code: 'rows_acknowledged' });
    // The same event delivered again is answered without reading.
    expect((await deliver(event)).status).toBe(204);
  });

  it('refuses a delivery signed with another secret', async () => {
    const other = `whsec_${Buffer.from('another-secret-0123456789abcdef').toString('base64')}`;
    expect((await deliver({ type: 'import_session.completed', timestamp: new Date().toISOString(), data: {} }, other)).status).toBe(400);
  });
});
