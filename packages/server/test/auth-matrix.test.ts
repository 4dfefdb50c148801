import { describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../src/repositories/platform/api-keys.js';
import { call, createResource, dataOf, errorOf, harness, SAMPLE_CONFIGS, SERVICES_UNDER_TEST } from './helpers.js';

const h = await harness();
const SECRET_NAME = 'Secret roadmap 7f3a';

// A revoked key of each kind in the first workspace.
const revokedSecret = await createApiKey(h.storage, h.ws.id, 'test', 'sec');
const revokedPublishable = await createApiKey(h.storage, h.ws.id, 'test', 'pub');
await revokeApiKey(h.storage, revokedSecret.info.id);
await revokeApiKey(h.storage, revokedPublishable.info.id);

interface Route {
  name: string;
  kind: 'secret' | 'publishable';
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  body?: unknown;
  /** Whether the URL or body names one resource (so another workspace gets 404). */
  scoped: boolean;
}

async function routesOf(service: (typeof SERVICES_UNDER_TEST)[number]): Promise<Route[]> {
  const base = `/${service.service}/api/v1`;
  const id = await createResource(h.app, h.ws.keys.testSecret, service.service, service.plural, SECRET_NAME);
  dataOf(await call(h.app, 'POST', `${base}/${service.plural}/${id}`, { key: h.ws.keys.testSecret, body: { action: 'publish' } }));
  const routes: Route[] = [
    { name: `GET ${service.plural}`, kind: 'secret', method: 'GET', url: `${base}/${service.plural}`, scoped: false },
    { name: `POST ${service.plural}`, kind: 'secret', method: 'POST', url: `${base}/${service.plural}`, body: { name: 'x' }, scoped: false },
    { name: `GET ${service.plural}/:id`, kind: 'secret', method: 'GET', url: `${base}/${service.plural}/${id}`, scoped: true },
    {
      name: `PATCH ${service.plural}/:id`,
      kind: 'secret',
      method: 'PATCH',
      url: `${base}/${service.plural}/${id}`,
      body: { name: 'x', config: SAMPLE_CONFIGS[service.service] },
      scoped: true,
    },
    { name: `POST ${service.plural}/:id`, kind: 'secret', method: 'POST', url: `${base}/${service.plural}/${id}`, body: { action: 'publish' }, scoped: true },
    { name: 'GET usage', kind: 'secret', method: 'GET', url: `${base}/usage`, scoped: false },
    { name: 'GET config/:id', kind: 'publishable', method: 'GET', url: `${base}/config/${id}`, scoped: true },
  ];
  if (service.service === 'onboarding') {
    routes.push({
      name: 'POST author-tokens',
      kind: 'secret',
      method: 'POST',
      url: `${base}/author-tokens`,
      body: { authorId: 'u1', flowId: id, workspaceKey: 'acct_1' },
      scoped: true,
    });
  }
  if (service.service === 'feedback') {
    routes.push({ name: 'POST author-tokens', kind: 'secret', method: 'POST', url: `${base}/author-tokens`, body: { authorId: 'u1', boardId: id }, scoped: true });
  }
  return routes;
}

function keysFor(kind: Route['kind'], workspace = h.ws, mode: 'test' | 'live' = 'test'): string {
  const k = workspace.keys;
  if (kind === 'secret') return mode === 'test' ? k.testSecret : k.liveSecret;
  return mode === 'test' ? k.testPublishable : k.livePublishable;
}

describe.each(SERVICES_UNDER_TEST)('$service: every route refuses bad credentials', async (service) => {
  const routes = await routesOf(service);
  // Live keys of this workspace may fetch config (the plan gate has its own tests).
  await h.setPlan(h.ws.id, 'byo');

  describe.each(routes)('$name', (route) => {
    const send = (key: string | undefined, headers: Record<string, string> = {}) =>
      call(h.app, route.method, route.url, { key, body: route.body, headers });

    it('answers 401 api_key_missing without a key', async () => {
      const response = await send(undefined);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ type: 'authentication', code: 'api_key_missing' });
    });

    it('answers 401 api_key_invalid for malformed keys and other schemes', async () => {
      for (const headers of [
        { authorization: 'Bearer svc_test_sec_tooShort' },
        { authorization: 'Bearer sk_test_123' },
        { authorization: `Basic ${keysFor(route.kind)}` },
        { authorization: 'Bearer' },
      ]) {
        const response = await send(undefined, headers);
        expect(response.statusCode).toBe(401);
        expect(errorOf(response).code).toBe('api_key_invalid');
      }
    });

    it('answers 401 api_key_invalid for a well-formed key that does not exist', async () => {
      const fake = `svc_test_${route.kind === 'secret' ? 'sec' : 'pub'}_${'A'.repeat(32)}`;
      const response = await send(fake);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('api_key_invalid');
    });

    it('answers 401 api_key_revoked for a revoked key', async () => {
      const response = await send(route.kind === 'secret' ? revokedSecret.key : revokedPublishable.key);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('api_key_revoked');
    });

    it('answers 403 wrong_key_kind, naming the right kind', async () => {
      const wrong = route.kind === 'secret' ? h.ws.keys.testPublishable : h.ws.keys.testSecret;
      const response = await send(wrong);
      expect(response.statusCode).toBe(403);
      const error = errorOf(response);
      expect(error).toMatchObject({ type: 'permission', code: 'wrong_key_kind' });
      expect(error.message).toContain(route.kind === 'secret' ? 'secret key' : 'publishable key');
    });

    it("does not show another workspace's objects", async () => {
      const response = await send(keysFor(route.kind, h.other));
      expect(response.body).not.toContain(SECRET_NAME);
      if (route.scoped) {
        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toMatchObject({ type: 'not_found', code: 'not_found' });
      } else {
        expect(response.statusCode).toBe(200);
      }
    });

    it('serves the same configurable resource to the other mode of the same workspace', async () => {
      const response = await send(keysFor(route.kind, h.ws, 'live'));
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual(['data']);
    });
  });
});

describe('another workspace', () => {
  it('gets the same 404 for an object of another workspace as for one that does not exist', async () => {
    const id = await createResource(h.app, h.ws.keys.testSecret, 'onboarding', 'flows', SECRET_NAME);
    const theirs = errorOf(await call(h.app, 'GET', `/onboarding/api/v1/flows/${id}`, { key: h.other.keys.testSecret }));
    const missing = errorOf(await call(h.app, 'GET', `/onboarding/api/v1/flows/flow_0000000000`, { key: h.other.keys.testSecret }));
    expect({ ...theirs, requestId: '', message: theirs.message.replace(id, 'ID') }).toEqual({
      ...missing,
      requestId: '',
      message: missing.message.replace('flow_0000000000', 'ID'),
    });
  });

  it("lists only the caller's own resources", async () => {
    await createResource(h.app, h.ws.keys.testSecret, 'feedback', 'boards', SECRET_NAME);
    const page = dataOf<{ items: { name: string }[] }>(await call(h.app, 'GET', '/feedback/api/v1/boards?limit=100', { key: h.other.keys.testSecret }));
    expect(page.items.map((item) => item.name)).not.toContain(SECRET_NAME);
  });
});

describe('unknown routes', () => {
  it('answers 404 route_not_found in the error shape with a Request-Id', async () => {
    const response = await call(h.app, 'GET', '/onboarding/api/v2/flows', { key: h.ws.keys.testSecret });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('route_not_found');
  });

  it('answers an over-long id or a malformed URL in the error shape', async () => {
    const long = await call(h.app, 'GET', `/onboarding/api/v1/config/${'a'.repeat(500)}`, { key: h.ws.keys.testPublishable });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).code).toBe('parameter_invalid');
    const malformed = await call(h.app, 'GET', '/onboarding/api/v1/flows/%E0%A4%A', { key: h.ws.keys.testSecret });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('parameter_invalid');
  });

  it('does not serve the importer author-token route, which the importer does not have', async () => {
    const response = await call(h.app, 'POST', '/importer/api/v1/author-tokens', { key: h.ws.keys.testSecret, body: {} });
    expect(response.statusCode).toBe(404);
  });
});
