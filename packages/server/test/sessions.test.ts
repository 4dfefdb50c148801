import { describe, expect, it, vi } from 'vitest';
import { completeSession, findSession, toSession } from '../src/repositories/importer/import-sessions.js';
import { pruneUploadedRows, readUploadedChunk } from '../src/repositories/importer/upload-chunks.js';
import { call, createResource, dataOf, errorOf, harness, publishResource } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const FIELDS = {
  fields: [
    { key: 'email', label: 'Email', type: 'email', required: true },
    { key: 'name', label: 'Name', type: 'string' },
  ],
};

const publishImporter = (config: unknown = FIELDS, key = secret, existing?: string) =>
  publishResource(h.app, key, 'importer', 'importers', { name: 'Contacts', config }, existing);

interface Session {
  id: string;
  status: string;
  revisionId: string;
  importerId: string;
  metadata: Record<string, string>;
  rowCount: number | null;
  expiresAt: string;
  createdAt: string;
}

const open = (importerId: string, extra: Record<string, unknown> = {}, key = pub) =>
  call(h.app, 'POST', '/importer/api/v1/sessions', { key, body: { importerId, ...extra } });
const complete = (sessionId: string, body: Record<string, unknown>, key = pub) =>
  call(h.app, 'POST', `/importer/api/v1/sessions/${sessionId}/complete`, { key, body });
const done = { mapping: { email: 'E-mail', name: 'Full name' }, rowCount: 120, errorCount: 3 };

describe('import sessions', () => {
  it('opens a session pinned to the published revision, expiring in 24 hours', async () => {
    const importerId = await publishImporter();
    const record = dataOf<{ published: { revisionId: string } }>(await call(h.app, 'GET', `/importer/api/v1/importers/${importerId}`, { key: secret }));
    const session = dataOf<Session>(await open(importerId, { metadata: { customer: 'acme' } }));
    expect(session).toMatchObject({ status: 'open', importerId, revisionId: record.published.revisionId, metadata: { customer: 'acme' }, rowCount: null });
    expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBe(24 * 3600_000);
  });

  it('completes once with mapping and counts; a second completion is 409 with the session', async () => {
    const importerId = await publishImporter();
    const session = dataOf<Session>(await open(importerId));
    const completed = dataOf<Session & { mapping: unknown; errorCount: number }>(await complete(session.id, done));
    expect(completed).toMatchObject({ status: 'completed', rowCount: 120, errorCount: 3, mapping: done.mapping });
    const again = await complete(session.id, done);
    expect(again.statusCode).toBe(409);
    const error = errorOf(again) as { code: string; current?: Session };
    expect(error.code).toBe('session_completed');
    expect(error.current?.status).toBe('completed');
  });

  it('completes a session once at the storage level too, so a completion that lost a race changes nothing', async () => {
    const importerId = await publishImporter();
    const session = dataOf<Session>(await open(importerId));
    const scope = { workspaceId: h.ws.id, mode: 'test' as const };
    // Two requests that both found the session open reach the update: only the first may land.
    expect(await completeSession(h.storage.db, session.id, done)).toBe(true);
    expect(await completeSession(h.storage.db, session.id, { ...done, rowCount: 7, errorCount: 0 })).toBe(false);
    const stored = await findSession(h.storage, scope, session.id);
    expect(stored && toSession(stored)).toMatchObject({ status: 'completed', rowCount: 120, errorCount: 3 });
  });

  it('refuses a mapping that names unknown fields or leaves required fields out', async () => {
    const importerId = await publishImporter();
    const session = dataOf<Session>(await open(importerId));
    expect(errorOf(await complete(session.id, { ...done, mapping: { email: 'a', phone: 'b' } }))).toMatchObject({ code: 'parameter_invalid', param: 'mapping.phone' });
    const missing = errorOf(await complete(session.id, { ...done, mapping: { name: 'n' } }));
    expect(missing).toMatchObject({ param: 'mapping' });
    expect(missing.message).toContain('email');
    expect(errorOf(await complete(session.id, { ...done, errorCount: 121 })).param).toBe('errorCount');
    // Every row may have an error.
    expect(dataOf<Session>(await complete(session.id, { ...done, errorCount: 120 })).status).toBe('completed');
  });

  it('validates against the pinned revision, not a later publish', async () => {
    const importerId = await publishImporter();
    const session = dataOf<Session>(await open(importerId));
    // Republish without the fields the session maps; the open session still uses its revision.
    await publishImporter({ fields: [{ key: 'phone', label: 'Phone', type: 'string', required: true }] }, secret, importerId);
    expect(dataOf<Session>(await complete(session.id, done)).status).toBe('completed');
  });

  it('counts a session as expired from the very millisecond of its expiresAt', async () => {
    const session = dataOf<Session>(await open(await publishImporter()));
    const stored = (await findSession(h.storage, { workspaceId: h.ws.id, mode: 'test' }, session.id))!;
    const expires = Date.parse(stored.expires_at);
    expect(toSession(stored, new Date(expires - 1)).status).toBe('open');
    expect(toSession(stored, new Date(expires)).status).toBe('expired');
  });

  it('refuses to complete an expired session', async () => {
    const importerId = await publishImporter();
    const session = dataOf<Session>(await open(importerId));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 3600_000 + 1000);
    try {
      const response = await complete(session.id, done);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('session_expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps sessions to their workspace and mode', async () => {
    const importerId = await publishImporter();
    const session = dataOf<Session>(await open(importerId));
    await h.setPlan(h.ws.id, 'byo');
    expect((await complete(session.id, done, h.ws.keys.livePublishable)).statusCode).toBe(404);
    expect((await complete(session.id, done, h.other.keys.testPublishable)).statusCode).toBe(404);
    const theirs = await publishImporter(FIELDS, h.other.keys.testSecret);
    expect(errorOf(await open(theirs)).code).toBe('not_found');
    await h.setPlan(h.ws.id, 'free');
  });

  it('needs a paid plan for live sessions', async () => {
    const importerId = await publishImporter();
    const refused = await open(importerId, {}, h.ws.keys.livePublishable);
    expect(refused.statusCode).toBe(402);
    await h.setPlan(h.ws.id, 'byo');
    expect((await open(importerId, {}, h.ws.keys.livePublishable)).statusCode).toBe(200);
    await h.setPlan(h.ws.id, 'free');
  });

  it('refuses unpublished importers and bad metadata', async () => {
    const unpublished = await createResource(h.app, secret, 'importer', 'importers');
    expect(errorOf(await open(unpublished)).code).toBe('not_published');
    const importerId = await publishImporter();
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect((await open(importerId, { metadata: many })).statusCode).toBe(400);
    expect((await open(importerId, { metadata: { k: 'v'.repeat(501) } })).statusCode).toBe(400);
    expect((await open(importerId, { rows: [] })).statusCode).toBe(400);
  });

  it('reports counts and recent sessions in usage, never rows', async () => {
    const key = h.other.keys.testSecret;
    const importerId = await publishImporter(FIELDS, key);
    const session = dataOf<Session>(await open(importerId, { metadata: { secretish: 'do-not-leak' } }, h.other.keys.testPublishable));
    dataOf(await complete(session.id, done, h.other.keys.testPublishable));
    dataOf(await open(importerId, {}, h.other.keys.testPublishable));
    const usage = dataOf<{ totals: Record<string, number>; recentSessions: { id: string; status: string; durationMs: number | null }[] }>(
      await call(h.app, 'GET', '/importer/api/v1/usage', { key }),
    );
    expect(usage.totals).toMatchObject({ sessionsStarted: 2, sessionsCompleted: 1, rowsImported: 120, rowErrors: 3 });
    expect(usage.recentSessions.map((s) => s.status)).toEqual(['open', 'completed']);
    expect(usage.recentSessions[1]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(usage)).not.toContain('do-not-leak');
  });
});

describe('row upload for webhook delivery', () => {
  const upload = (sessionId: string, body: unknown) => call(h.app, 'POST', `/importer/api/v1/sessions/${sessionId}/rows`, { key: pub, body });

  it('validates chunks with the core engine, replaces a re-sent chunk, and counts rows itself at completion', async () => {
    const importerId = await publishImporter({ fields: [{ key: 'email', label: 'Email', type: 'email', required: true, unique: true }, { key: 'name', label: 'Name', type: 'string' }] });
    const session = dataOf<Session>(await open(importerId));
    const first = dataOf<{ rowCount: number; invalidRowCount: number; errors: { row: number; field: string; code: string }[] }>(
      await upload(session.id, { chunk: 0, rows: [{ email: 'a@example.com', name: '00123' }, { email: 'not-an-email' }, { name: 'no email' }] }),
    );
    expect(first).toMatchObject({ rowCount: 3, invalidRowCount: 2 });
    expect(first.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [1, 'email', 'invalid_email'],
      [2, 'email', 'required'],
    ]);
    // A retry of chunk 0 replaces it; chunk 1 adds a duplicate of a chunk-0 email.
    dataOf(await upload(session.id, { chunk: 0, rows: [{ email: 'a@example.com' }, { email: 'b@example.com' }] }));
    dataOf(await upload(session.id, { chunk: 1, rows: [{ email: 'A@example.com' }] }));
    // The browser claims no errors; the server's own validation of all chunks decides.
    const done = dataOf<{ rowCount: number; errorCount: number }>(await complete(session.id, { mapping: { email: 'E-mail' }, rowCount: 3, errorCount: 0 }));
    expect(done).toMatchObject({ rowCount: 3, errorCount: 1 });
    expect(errorOf(await upload(session.id, { chunk: 2, rows: [{ email: 'c@example.com' }] })).code).toBe('session_completed');
  });

  it('reads a null cell as empty, and a field key only from the row itself, never its prototype', async () => {
    const importerId = await publishImporter({
      fields: [
        { key: 'email', label: 'Email', type: 'email', required: true },
        { key: 'constructor', label: 'Constructor', type: 'string', required: true },
      ],
    });
    const session = dataOf<Session>(await open(importerId));
    const checked = dataOf<{ errors: { row: number; field: string; code: string }[] }>(
      await upload(session.id, { chunk: 0, rows: [{ email: null, constructor: 'x' }, { email: 'a@example.com' }] }),
    );
    expect(checked.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [0, 'email', 'required'],
      [1, 'constructor', 'required'],
    ]);
  });

  it('keeps the uploaded rows of an open session when expired sessions are pruned', async () => {
    const importerId = await publishImporter();
    const session = dataOf<Session>(await open(importerId));
    dataOf(await upload(session.id, { chunk: 0, rows: [{ email: 'kept@example.com' }] }));
    await pruneUploadedRows(h.storage, new Date());
    expect(await readUploadedChunk(h.storage, session.id)).toEqual({ chunk: 0, rows: [{ email: 'kept@example.com' }] });
    await pruneUploadedRows(h.storage, new Date(Date.now() + 24 * 3600_000 + 1000));
    expect(await readUploadedChunk(h.storage, session.id)).toBeUndefined();
  });

  it('refuses unknown fields, oversized chunks and bad chunk numbers', async () => {
    const importerId = await publishImporter();
    const session = dataOf<Session>(await open(importerId));
    expect(errorOf(await upload(session.id, { chunk: 0, rows: [{ email: 'a@b.co', phone: '1' }] }))).toMatchObject({ code: 'parameter_invalid', param: 'rows.0.phone' });
    expect(errorOf(await upload(session.id, { chunk: 0, rows: Array.from({ length: 5001 }, () => ({ email: 'a@b.co' })) })).param).toBe('rows');
    expect(errorOf(await upload(session.id, { chunk: -1, rows: [{ email: 'a@b.co' }] })).param).toBe('chunk');
    expect(errorOf(await upload(session.id, { chunk: 0, rows: [] })).param).toBe('rows');
  });
});
