import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness, SAMPLE_CONFIGS, SERVICES_UNDER_TEST } from './helpers.js';

const h = await harness({ bodyLimit: 64 * 1024 });
const key = h.ws.keys.testSecret;

describe.each(SERVICES_UNDER_TEST)('$service: bad bodies change nothing', ({ service, plural }) => {
  const base = `/${service}/api/v1/${plural}`;
  const config = SAMPLE_CONFIGS[service];

  async function snapshot(id: string): Promise<string> {
    return JSON.stringify(dataOf(await call(h.app, 'GET', `${base}/${id}`, { key })));
  }

  async function expectRefused(id: string, body: string | object, status: number, code: string, param?: string): Promise<void> {
    const before = await snapshot(id);
    const response = await h.app.inject({
      method: 'PATCH',
      url: `${base}/${id}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(status);
    const error = errorOf(response);
    expect(error.code).toBe(code);
    if (param !== undefined) expect(error.param).toBe(param);
    expect(await snapshot(id)).toBe(before);
  }

  it('refuses wrong types with the field path as param', async () => {
    const id = await createResource(h.app, key, service, plural);
    await expectRefused(id, { name: 42, config }, 400, 'parameter_invalid', 'name');
    await expectRefused(id, { name: 'ok', config: 'not an object' }, 400, 'parameter_invalid', 'config');
    await expectRefused(id, { name: 'ok', config: [] }, 400, 'parameter_invalid', 'config');
  });

  it('refuses missing fields as parameter_missing', async () => {
    const id = await createResource(h.app, key, service, plural);
    await expectRefused(id, { config }, 400, 'parameter_missing', 'name');
    await expectRefused(id, { name: 'ok' }, 400, 'parameter_missing', 'config');
  });

  it('refuses an absent action (a union\'s discriminator) as parameter_missing, and a bodiless POST as invalid_json', async () => {
    const id = await createResource(h.app, key, service, plural);
    const post = (headers: Record<string, string>, payload?: string) =>
      h.app.inject({ method: 'POST', url: `${base}/${id}`, headers: { authorization: `Bearer ${key}`, ...headers }, ...(payload === undefined ? {} : { payload }) });
    expect(errorOf(await post({ 'content-type': 'application/json' }, '{}'))).toMatchObject({ code: 'parameter_missing', param: 'action' });
    const bodiless = await post({});
    expect(bodiless.statusCode, bodiless.body).toBe(400);
    expect(errorOf(bodiless)).toMatchObject({ code: 'invalid_json', message: expect.stringContaining('empty') });
    expect(errorOf(await post({ 'content-type': 'application/json' }, '{"action":"publsh"}'))).toMatchObject({ code: 'parameter_invalid', param: 'action' });
  });

  it('rejects unknown fields instead of stripping them', async () => {
    const id = await createResource(h.app, key, service, plural);
    await expectRefused(id, { name: 'ok', config, extra: true }, 400, 'parameter_unknown', 'extra');
    await expectRefused(id, { name: 'ok', config: { ...config, colour: 'red' } }, 400, 'parameter_unknown', 'config.colour');
  });

  it('refuses names that are empty or longer than 120 characters', async () => {
    const id = await createResource(h.app, key, service, plural);
    await expectRefused(id, { name: '   ', config }, 400, 'parameter_invalid', 'name');
    await expectRefused(id, { name: 'n'.repeat(121), config }, 400, 'parameter_invalid', 'name');
    const created = await call(h.app, 'POST', base, { key, body: { name: '' } });
    expect(errorOf(created)).toMatchObject({ code: 'parameter_invalid', param: 'name' });
  });

  it('refuses invalid JSON and an empty body', async () => {
    const id = await createResource(h.app, key, service, plural);
    await expectRefused(id, '{"name": "ok", "config": {', 400, 'invalid_json');
    await expectRefused(id, '', 400, 'invalid_json');
  });

  it('refuses a body whose bytes are not UTF-8 (a Latin-1 é) instead of storing U+FFFD, and takes the UTF-8 one', async () => {
    const id = await createResource(h.app, key, service, plural);
    const before = await snapshot(id);
    const send = (name: Buffer) =>
      h.app.inject({
        method: 'PATCH',
        url: `${base}/${id}`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: Buffer.concat([Buffer.from('{"name":"Caf'), name, Buffer.from(`","config":${JSON.stringify(config)}}`)]),
      });
    for (const bytes of [[0xe9], [0xed, 0xa0, 0x80], [0xc3]]) {
      const response = await send(Buffer.from(bytes));
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'invalid_json', message: expect.stringContaining('UTF-8') });
    }
    expect(await snapshot(id)).toBe(before);
    dataOf(await send(Buffer.from('é', 'utf8')));
    expect(dataOf<{ name: string }>(await call(h.app, 'GET', `${base}/${id}`, { key })).name).toBe('Café');
  });

  it('refuses a body over the limit with 413', async () => {
    const id = await createResource(h.app, key, service, plural);
    await expectRefused(id, { name: 'ok', config, pad: 'x'.repeat(70 * 1024) }, 413, 'body_too_large');
  });

  it('refuses a body that is not JSON', async () => {
    const id = await createResource(h.app, key, service, plural);
    const before = await snapshot(id);
    const response = await h.app.inject({
      method: 'PATCH',
      url: `${base}/${id}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      payload: 'name=ok',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('unsupported_content_type');
    expect(await snapshot(id)).toBe(before);
  });
});

describe('service-specific config rules', () => {
  it('refuses branding in an importer config, pointing at the dashboard', async () => {
    const id = await createResource(h.app, key, 'importer', 'importers');
    const response = await call(h.app, 'PATCH', `/importer/api/v1/importers/${id}`, {
      key,
      body: { name: 'x', config: { fields: [], branding: { accentColor: '#000000' } } },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error).toMatchObject({ code: 'parameter_unknown', param: 'config.branding' });
    expect(error.message).toContain('dashboard');
  });

  it('accepts branding in a board config', async () => {
    const id = await createResource(h.app, key, 'feedback', 'boards');
    const response = await call(h.app, 'PATCH', `/feedback/api/v1/boards/${id}`, {
      key,
      body: { name: 'x', config: { branding: { accentColor: '#112233', title: 'Ideas' } } },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses more than 100 checklist items and a duplicateKey naming no field', async () => {
    const flow = await createResource(h.app, key, 'onboarding', 'flows');
    const items = Array.from({ length: 101 }, (_, i) => ({ id: `i${i}`, title: `Item ${i}` }));
    const tooMany = await call(h.app, 'PATCH', `/onboarding/api/v1/flows/${flow}`, { key, body: { name: 'x', config: { items } } });
    expect(errorOf(tooMany)).toMatchObject({ code: 'parameter_invalid', param: 'config.items' });

    const importer = await createResource(h.app, key, 'importer', 'importers');
    const badKey = await call(h.app, 'PATCH', `/importer/api/v1/importers/${importer}`, {
      key,
      body: { name: 'x', config: { fields: [{ key: 'a', label: 'A', type: 'string' }], duplicateKey: 'b' } },
    });
    expect(errorOf(badKey)).toMatchObject({ code: 'parameter_invalid', param: 'config.duplicateKey' });
  });

  it('refuses a javascript: link in a checklist item', async () => {
    const flow = await createResource(h.app, key, 'onboarding', 'flows');
    const response = await call(h.app, 'PATCH', `/onboarding/api/v1/flows/${flow}`, {
      key,
      body: { name: 'x', config: { items: [{ id: 'a', title: 'A', action: { label: 'Go', href: 'javascript:alert(1)' } }] } },
    });
    expect(errorOf(response)).toMatchObject({ code: 'parameter_invalid', param: 'config.items.0.action.href' });
  });
});
