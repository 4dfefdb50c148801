import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness, SAMPLE_CONFIGS, SERVICES_UNDER_TEST } from './helpers.js';

// PostgreSQL text cannot hold U+0000: a value with one must be a clear 400 on both backends,
// never a 500 from the database (docs/errors.md, `parameter_invalid`).
const h = await harness();
const key = h.ws.keys.testSecret;

describe.each(SERVICES_UNDER_TEST)('$service: the NUL character', ({ service, plural }) => {
  const base = `/${service}/api/v1/${plural}`;

  it('refuses a name with U+0000 naming the field, and stores nothing', async () => {
    const refused = await call(h.app, 'POST', base, { key, body: { name: 'a\u0000b' } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused)).toMatchObject({ type: 'invalid_request', code: 'parameter_invalid', param: 'name' });
    const id = await createResource(h.app, key, service, plural);
    const before = JSON.stringify(dataOf(await call(h.app, 'GET', `${base}/${id}`, { key })));
    const patched = await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'ok\u0000', config: SAMPLE_CONFIGS[service] } });
    expect(errorOf(patched)).toMatchObject({ code: 'parameter_invalid', param: 'name' });
    expect(JSON.stringify(dataOf(await call(h.app, 'GET', `${base}/${id}`, { key })))).toBe(before);
  });

  it('refuses U+0000 in a nested key and in a path parameter', async () => {
    const id = await createResource(h.app, key, service, plural);
    const patched = await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'ok', config: { 'x\u0000': 1 } } });
    expect(errorOf(patched)).toMatchObject({ code: 'parameter_invalid', param: 'config.x\u0000' });
    const read = await call(h.app, 'GET', `${base}/${id}%00`, { key });
    expect(read.statusCode, read.body).toBe(400);
    expect(errorOf(read)).toMatchObject({ code: 'parameter_invalid' });
  });
});

describe('OAuth: the NUL character', () => {
  it('is refused in OAuth\'s format on its endpoints, and as a page where a browser is', async () => {
    const registered = await h.app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: { redirect_uris: ['http://127.0.0.1:9/cb'], client_name: 'Bad\u0000name', token_endpoint_auth_method: 'none' },
    });
    expect(registered.statusCode, registered.body).toBe(400);
    expect(registered.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('client_name') });

    const token = await h.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=authorization_code&code=a%00b' });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_request' });

    const authorize = await h.app.inject({ method: 'GET', url: '/oauth/authorize?client_id=x&state=a%00' });
    expect(authorize.statusCode).toBe(400);
    expect(authorize.headers['content-type']).toContain('text/html');
    expect(authorize.body).toContain('U+0000');
  });
});
