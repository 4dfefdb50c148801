import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/connect.js';
import { call, createResource, dataOf, errorOf, harness, publishResource, SAMPLE_CONFIGS, SERVICES_UNDER_TEST, testDatabase } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;

const published = (service: string, plural: string, config: unknown, name = 'Published') => publishResource(h.app, secret, service, plural, { name, config });

describe.each(SERVICES_UNDER_TEST)('$service GET /api/v1/config/:id', ({ service, plural, kind }) => {
  const url = (id: string) => `/${service}/api/v1/config/${id}`;
  const config = SAMPLE_CONFIGS[service];

  it('answers 404 not_published before the first publish', async () => {
    const id = await createResource(h.app, secret, service, plural);
    const response = await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_published');
  });

  it('serves the published config only, never the newer draft', async () => {
    const id = await published(service, plural, config, 'Shown');
    const draftOnly = service === 'importer' ? { fields: [] } : {};
    dataOf(await call(h.app, 'PATCH', `/${service}/api/v1/${plural}/${id}`, { key: secret, body: { name: 'Hidden draft', config: draftOnly } }));
    const data = dataOf<{ id: string; object: string; name: string; revisionId: string; config: Record<string, unknown> }>(
      await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable }),
    );
    expect(data).toMatchObject({ id, object: kind, name: 'Shown' });
    expect(data.config).toMatchObject(config);
    expect(Object.keys(data).sort()).toEqual(['config', 'id', 'name', 'object', 'publishedAt', 'revisionId']);
  });

  it('refuses a query it does not take (parameter_unknown), as every route does', async () => {
    const id = await published(service, plural, config);
    const response = await call(h.app, 'GET', `${url(id)}?v=2`, { key: h.ws.keys.testPublishable });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'parameter_unknown', param: 'v' });
    expect(dataOf(await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable }))).toMatchObject({ id });
  });

  it('revalidates with the ETag and sees a republish at once', async () => {
    const id = await published(service, plural, config);
    const first = await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"rev_[0-9a-z]+"$/);
    expect(first.headers['cache-control']).toContain('no-cache');
    // The CORS scope varies by Origin, the route by key.
    expect(first.headers.vary).toBe('Origin, Authorization');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));

    const notModified = await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable, headers: { 'if-none-match': String(etag) } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    // As caches send it: one of a list, or weak (RFC 9110 compares If-None-Match weakly).
    for (const header of [`"rev_other", ${String(etag)}`, `W/${String(etag)}`]) {
      const revalidated = await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable, headers: { 'if-none-match': header } });
      expect(revalidated.statusCode, header).toBe(304);
    }
    const other = await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable, headers: { 'if-none-match': '"rev_other"' } });
    expect(other.statusCode).toBe(200);

    dataOf(await call(h.app, 'PATCH', `/${service}/api/v1/${plural}/${id}`, { key: secret, body: { name: 'Second', config } }));
    dataOf(await call(h.app, 'POST', `/${service}/api/v1/${plural}/${id}`, { key: secret, body: { action: 'publish' } }));
    const after = await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable, headers: { 'if-none-match': String(etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(dataOf<{ name: string }>(after).name).toBe('Second');
  });

  it('refuses live keys on the free plan with 402 plan_required and serves byo and hosted', async () => {
    const id = await published(service, plural, config);
    await h.setPlan(h.ws.id, 'free');
    const refused = await call(h.app, 'GET', url(id), { key: h.ws.keys.livePublishable });
    expect(refused.statusCode).toBe(402);
    const error = errorOf(refused);
    expect(error).toMatchObject({ type: 'plan', code: 'plan_required' });
    expect(error.message).toContain('"byo" or "hosted"');
    expect((await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable })).statusCode).toBe(200);
    for (const plan of ['byo', 'hosted'] as const) {
      await h.setPlan(h.ws.id, plan);
      expect((await call(h.app, 'GET', url(id), { key: h.ws.keys.livePublishable })).statusCode).toBe(200);
    }
    await h.setPlan(h.ws.id, 'free');
  });

  it('answers CORS preflights and requests from any origin', async () => {
    const id = await published(service, plural, config);
    const preflight = await h.app.inject({
      method: 'OPTIONS',
      url: url(id),
      headers: { origin: 'https://shop.example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example.org');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');

    const fetched = await call(h.app, 'GET', url(id), { key: h.ws.keys.testPublishable, headers: { origin: 'https://shop.example.org' } });
    expect(fetched.headers['access-control-allow-origin']).toBe('https://shop.example.org');
    // The page may read the headers it needs to revalidate, report and back off.
    expect(fetched.headers['access-control-expose-headers']).toBe('Request-Id, ETag, Retry-After');
  });
});

describe('onboarding allowedOrigins', () => {
  const config = { allowedOrigins: ['https://app.example.com', 'https://*.example.net'] };

  it('serves listed origins and refuses others with 403 origin_not_allowed', async () => {
    const id = await published('onboarding', 'flows', config);
    const get = (origin: string, key = h.ws.keys.testPublishable) =>
      call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key, headers: { origin } });
    expect((await get('https://app.example.com')).statusCode).toBe(200);
    expect((await get('https://eu.example.net')).statusCode).toBe(200);
    const refused = await get('https://evil.example.com');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('origin_not_allowed');
    // The refusal is readable by the page: CORS headers are still sent.
    expect(refused.headers['access-control-allow-origin']).toBe('https://evil.example.com');
    expect((await get('https://example.net')).statusCode).toBe(403);
  });

  it('always allows localhost for test keys, never for live keys', async () => {
    const id = await published('onboarding', 'flows', config);
    await h.setPlan(h.ws.id, 'hosted');
    const get = (key: string) => call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key, headers: { origin: 'http://localhost:5173' } });
    expect((await get(h.ws.keys.testPublishable)).statusCode).toBe(200);
    expect((await get(h.ws.keys.livePublishable)).statusCode).toBe(403);
    await h.setPlan(h.ws.id, 'free');
  });

  it('allows every origin when the list is empty', async () => {
    const id = await published('onboarding', 'flows', { allowedOrigins: [] });
    const response = await call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, {
      key: h.ws.keys.testPublishable,
      headers: { origin: 'https://anything.example.org' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('CORS on secret routes', () => {
  it('sends no CORS headers, so browsers cannot call management routes', async () => {
    const response = await call(h.app, 'GET', '/onboarding/api/v1/flows', { key: secret, headers: { origin: 'https://app.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health', () => {
  it('answers a browser asking for /favicon.ico with no content, not a 404', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('answers /healthz without a key', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok', services: ['onboarding', 'feedback', 'importer'] } });
  });

  it('answers /readyz while the database answers, and not_ready once it cannot', async () => {
    const storage = await openDatabase(await testDatabase('readyz.db'));
    const app = await buildApp({ database: storage, logger: false, usageFlushIntervalMs: 0 });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ data: { status: 'ready' } });
      await storage.close();
      const gone = await app.inject({ method: 'GET', url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(errorOf(gone)).toMatchObject({ type: 'unavailable', code: 'not_ready' });
    } finally {
      await app.close();
    }
  });
});
