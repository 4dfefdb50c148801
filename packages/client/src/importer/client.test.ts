import type { ImporterConfig, ImportSession, PublishedConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { InlayConflictError, InlayInvalidRequestError, InlayNotFoundError } from '../errors.js';
import { apiError, ok, stubFetch, type Answer } from '../testing/fetch-stub.js';
import { createTransport } from '../transport.js';
import { createImporterClient, importerClient } from './client.js';

const KEY = 'svc_test_pub_0123456789abcdefghijABCDEFGHIJ01';
const BASE = 'http://127.0.0.1:4000/importer';

function session(overrides: Partial<ImportSession> = {}): ImportSession {
  return {
    id: 'sess_1',
    object: 'import_session',
    importerId: 'imp_1',
    revisionId: 'rev_1',
    mode: 'test',
    status: 'open',
    metadata: {},
    mapping: null,
    rowCount: null,
    errorCount: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    expiresAt: '2025-01-02T00:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

const COMPLETED = session({ status: 'completed', mapping: { email: 'E-mail', name: 'Name' }, rowCount: 10, errorCount: 2, completedAt: '2025-01-01T00:05:00.000Z' });

function setup(...answers: Answer[]) {
  const stub = stubFetch(...answers);
  const sleeps: number[] = [];
  const client = importerClient(
    createTransport({
      publishableKey: KEY,
      baseUrl: BASE,
      fetch: stub.fetch,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    }),
  );
  return { client, requests: stub.requests, sleeps };
}

describe('ImporterClient wire shapes', () => {
  it('reads the published importer with GET /api/v1/config/:importerId', async () => {
    const config: PublishedConfig<'importer', ImporterConfig> = {
      id: 'imp_1',
      object: 'importer',
      name: 'Contacts',
      revisionId: 'rev_1',
      publishedAt: '2025-01-01T00:00:00.000Z',
      config: { fields: [{ key: 'email', label: 'Email', type: 'email', required: true }], duplicateKey: 'email' },
    };
    const { client, requests } = setup(ok(config));
    expect(await client.getConfig('imp_1')).toEqual(config);
    expect(requests[0]).toMatchObject({ method: 'GET', url: `${BASE}/api/v1/config/imp_1`, body: undefined });
    expect(requests[0]!.headers['authorization']).toBe(`Bearer ${KEY}`);
  });

  it('opens a session with POST /api/v1/sessions {importerId, metadata}', async () => {
    const { client, requests } = setup(ok(session({ metadata: { team: 'sales' } })), ok(session()));
    expect(await client.openSession({ importerId: 'imp_1', metadata: { team: 'sales' } })).toMatchObject({ id: 'sess_1', metadata: { team: 'sales' } });
    await client.openSession({ importerId: 'imp_1' });
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', `${BASE}/api/v1/sessions`, { importerId: 'imp_1', metadata: { team: 'sales' } }],
      // No metadata: the field is left out rather than sent as null.
      ['POST', `${BASE}/api/v1/sessions`, { importerId: 'imp_1' }],
    ]);
    expect(requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('completes a session with POST /api/v1/sessions/:id/complete {mapping, rowCount, errorCount}, and no rows', async () => {
    const { client, requests } = setup(ok(COMPLETED));
    const params = { mapping: { email: 'E-mail', name: 'Name' }, rowCount: 10, errorCount: 2, rows: [{ email: 'a@b.c' }] };
    expect(await client.completeSession('sess_1', params)).toEqual(COMPLETED);
    expect(requests[0]).toMatchObject({ method: 'POST', url: `${BASE}/api/v1/sessions/sess_1/complete` });
    // Only the three fields: rows passed by mistake never leave the browser.
    expect(requests[0]!.body).toEqual({ mapping: { email: 'E-mail', name: 'Name' }, rowCount: 10, errorCount: 2 });
  });

  it('encodes ids as one path segment and refuses empty ids before sending', async () => {
    const { client, requests } = setup(ok(COMPLETED));
    await client.completeSession('s/../x', { mapping: {}, rowCount: 0, errorCount: 0 }).catch(() => undefined);
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/sessions/s%2F..%2Fx/complete`);
    await expect(client.getConfig('')).rejects.toThrow(/importerId/);
    await expect(client.openSession({ importerId: '' })).rejects.toThrow(/importerId/);
    await expect(client.completeSession('', { mapping: {}, rowCount: 0, errorCount: 0 })).rejects.toThrow(/sessionId/);
    expect(requests).toHaveLength(1);
  });

  it('works with createImporterClient, a trailing slash and detached methods', async () => {
    const stub = stubFetch(ok(session()));
    const { openSession } = createImporterClient({ publishableKey: KEY, baseUrl: `${BASE}/`, fetch: stub.fetch });
    await openSession({ importerId: 'imp_1' });
    expect(stub.requests[0]!.url).toBe(`${BASE}/api/v1/sessions`);
  });

  it('refuses a secret key before anything is sent', () => {
    expect(() => createImporterClient({ publishableKey: 'svc_test_sec_0123456789abcdefghijABCDEFGHIJ01', baseUrl: BASE })).toThrow(/secret key/);
  });
});

describe('ImporterClient failures and retries', () => {
  const fail = () => apiError(503, { type: 'internal', code: 'internal_error' });

  it('never retries openSession: each attempt that reached the server would open another session', async () => {
    for (const failure of [fail(), new TypeError('fetch failed')]) {
      const { client, requests, sleeps } = setup(failure, ok(session()));
      await expect(client.openSession({ importerId: 'imp_1' })).rejects.toThrow();
      expect(requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
  });

  it('retries completeSession after a 5xx or a lost connection, since the server completes a session once', async () => {
    const { client, requests, sleeps } = setup(new TypeError('fetch failed'), fail(), ok(COMPLETED));
    expect(await client.completeSession('sess_1', { mapping: { email: 'E-mail', name: 'Name' }, rowCount: 10, errorCount: 2 })).toEqual(COMPLETED);
    expect(requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('answers the completed session when a retry finds it completed with the same mapping and counts', async () => {
    const { client } = setup(new TypeError('fetch failed'), apiError(409, { type: 'conflict', code: 'session_completed', current: COMPLETED }));
    expect(await client.completeSession('sess_1', { mapping: { name: 'Name', email: 'E-mail' }, rowCount: 10, errorCount: 2 })).toEqual(COMPLETED);
  });

  it('rejects with session_completed when the session was completed with something else', async () => {
    const { client } = setup(apiError(409, { type: 'conflict', code: 'session_completed', current: COMPLETED }));
    const error = await client.completeSession('sess_1', { mapping: { email: 'E-mail' }, rowCount: 10, errorCount: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConflictError);
    expect(error).toMatchObject({ code: 'session_completed', current: COMPLETED });
  });

  it('surfaces expired sessions, unpublished importers and refused mappings with their codes', async () => {
    const { client } = setup(
      apiError(409, { type: 'conflict', code: 'session_expired' }),
      apiError(404, { type: 'not_found', code: 'not_published', param: 'importerId' }),
      apiError(400, { type: 'invalid_request', code: 'parameter_invalid', param: 'mapping' }),
    );
    await expect(client.completeSession('sess_1', { mapping: {}, rowCount: 0, errorCount: 0 })).rejects.toMatchObject({ code: 'session_expired' });
    await expect(client.openSession({ importerId: 'imp_1' })).rejects.toBeInstanceOf(InlayNotFoundError);
    const error = await client.completeSession('sess_1', { mapping: {}, rowCount: 0, errorCount: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayInvalidRequestError);
    expect(error).toMatchObject({ param: 'mapping' });
  });
});

describe('ImporterClient uploads for server delivery', () => {
  const fail = () => apiError(503, { type: 'internal', code: 'internal_error' });
  const result = { sessionId: 'sess_1', chunk: 1, rowCount: 2, invalidRowCount: 0, errors: [] };

  it('uploads a chunk with POST /api/v1/sessions/:id/rows {chunk, rows}, without keepalive (browsers cap keepalive bodies at 64 KiB)', async () => {
    const { client, requests } = setup(ok(result));
    const rows = [{ email: 'a@b.c' }, { email: 'd@e.f' }];
    expect(await client.uploadRows('sess_1', { chunk: 1, rows })).toEqual(result);
    expect(requests[0]).toMatchObject({ method: 'POST', url: `${BASE}/api/v1/sessions/sess_1/rows`, body: { chunk: 1, rows }, keepalive: false });
  });

  it('retries an upload after a lost connection or a 5xx: the same chunk number replaces itself', async () => {
    const { client, requests, sleeps } = setup(new TypeError('fetch failed'), fail(), ok(result));
    await client.uploadRows('sess_1', { chunk: 1, rows: [{ email: 'a@b.c' }] });
    expect(requests.map((r) => (r.body as { chunk: number }).chunk)).toEqual([1, 1, 1]);
    expect(sleeps).toHaveLength(2);
  });

  it('asks which chunks are stored with GET /api/v1/sessions/:id/chunks', async () => {
    const status = { object: 'import_upload', sessionId: 'sess_1', status: 'open', chunks: [0, 1], rowCount: 7 };
    const { client, requests } = setup(ok(status));
    expect(await client.uploadStatus('sess_1')).toEqual(status);
    expect(requests[0]).toMatchObject({ method: 'GET', url: `${BASE}/api/v1/sessions/sess_1/chunks`, body: undefined });
  });
});
