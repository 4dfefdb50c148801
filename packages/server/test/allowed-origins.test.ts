// allowedOrigins on boards and importers, as flows have them (docs/security.md, "CORS and
// `allowedOrigins`"): the config route, post and vote routes and import sessions answer a browser on
// another origin 403 origin_not_allowed; requests without an Origin (servers) are served.
import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness, publishResource } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;
const ALLOWED = ['https://app.example.com', 'https://*.example.net'];
const HERE = { origin: 'https://app.example.com' };
const ELSEWHERE = { origin: 'https://evil.example.org' };

const published = (service: string, plural: string, config: unknown) => publishResource(h.app, secret, service, plural, { name: 'Fenced', config });

/** `response`'s error, once it is 403 origin_not_allowed naming the kind. */
function refused(response: Awaited<ReturnType<typeof call>>, kind: string): void {
  expect(response.statusCode).toBe(403);
  const error = errorOf(response);
  expect(error).toMatchObject({ type: 'permission', code: 'origin_not_allowed' });
  expect(error.message).toBe(`The origin https://evil.example.org is not in this ${kind}'s allowedOrigins.`);
  // The page can read the refusal: CORS headers are still sent.
  expect(response.headers['access-control-allow-origin']).toBe('https://evil.example.org');
}

describe('board allowedOrigins', () => {
  it('fences the config, post and vote routes; serves listed origins and requests without an Origin', async () => {
    const boardId = await published('feedback', 'boards', { allowedOrigins: ALLOWED });
    const config = (headers: Record<string, string>) => call(h.app, 'GET', `/feedback/api/v1/config/${boardId}`, { key: pub, headers });
    const post = (headers: Record<string, string>) => call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, headers, body: { boardId, title: 'Dark mode', body: '', author: { id: 'u1' } } });
    expect((await config(HERE)).statusCode).toBe(200);
    expect((await config({ origin: 'https://eu.example.net' })).statusCode).toBe(200);
    refused(await config(ELSEWHERE), 'board');
    refused(await post(ELSEWHERE), 'board');
    const postId = dataOf<{ id: string }>(await post(HERE)).id;
    dataOf(await post({}));
    const vote = (headers: Record<string, string>) => call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, headers, body: { action: 'vote', author: { id: 'u2' } } });
    refused(await vote(ELSEWHERE), 'board');
    dataOf(await vote(HERE));
    refused(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}`, { key: pub, headers: ELSEWHERE }), 'board');
  });

  it('allows every origin without a list, and refuses a malformed pattern when the draft is saved', async () => {
    const boardId = await published('feedback', 'boards', {});
    expect((await call(h.app, 'GET', `/feedback/api/v1/config/${boardId}`, { key: pub, headers: ELSEWHERE })).statusCode).toBe(200);
    const id = await createResource(h.app, secret, 'feedback', 'boards');
    const bad = await call(h.app, 'PATCH', `/feedback/api/v1/boards/${id}`, { key: secret, body: { name: 'B', config: { allowedOrigins: ['https://app.example.com/path'] } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'parameter_invalid', param: 'config.allowedOrigins.0' });
  });
});

describe('importer allowedOrigins', () => {
  const fields = [{ key: 'email', label: 'Email', type: 'email', required: true }];

  it('fences the config route and the session routes (open, upload, complete)', async () => {
    const importerId = await published('importer', 'importers', { fields, delivery: 'server', allowedOrigins: ALLOWED });
    refused(await call(h.app, 'GET', `/importer/api/v1/config/${importerId}`, { key: pub, headers: ELSEWHERE }), 'importer');
    expect((await call(h.app, 'GET', `/importer/api/v1/config/${importerId}`, { key: pub, headers: HERE })).statusCode).toBe(200);
    refused(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, headers: ELSEWHERE, body: { importerId } }), 'importer');
    const id = dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, headers: HERE, body: { importerId } })).id;
    const rows = { chunk: 0, rows: [{ email: 'ann@example.com' }] };
    refused(await call(h.app, 'POST', `/importer/api/v1/sessions/${id}/rows`, { key: pub, headers: ELSEWHERE, body: rows }), 'importer');
    dataOf(await call(h.app, 'POST', `/importer/api/v1/sessions/${id}/rows`, { key: pub, headers: HERE, body: rows }));
    const completion = { mapping: { email: 'Email' }, rowCount: 1, errorCount: 0 };
    refused(await call(h.app, 'POST', `/importer/api/v1/sessions/${id}/complete`, { key: pub, headers: ELSEWHERE, body: completion }), 'importer');
    // A server (no Origin) is not a browser embedding the importer.
    expect(dataOf<{ status: string }>(await call(h.app, 'POST', `/importer/api/v1/sessions/${id}/complete`, { key: pub, body: completion })).status).toBe('completed');
  });

  it('always allows localhost for test keys, never for live keys', async () => {
    const importerId = await published('importer', 'importers', { fields, allowedOrigins: ALLOWED });
    await h.setPlan(h.ws.id, 'hosted');
    const open = (key: string) => call(h.app, 'POST', '/importer/api/v1/sessions', { key, headers: { origin: 'http://localhost:5173' }, body: { importerId } });
    expect((await open(pub)).statusCode).toBe(200);
    expect((await open(h.ws.keys.livePublishable)).statusCode).toBe(403);
    await h.setPlan(h.ws.id, 'free');
  });
});
