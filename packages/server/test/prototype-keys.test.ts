import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;
const KEYS = ['constructor', 'toString'];

describe('importer fields keyed like Object.prototype members, through the row upload route', () => {
  it('refuses a field keyed __proto__, which no mapping or row the server parses could carry, and keeps the draft', async () => {
    const importerId = await createResource(h.app, secret, 'importer', 'importers');
    const before = dataOf<{ draft: unknown }>(await call(h.app, 'GET', `/importer/api/v1/importers/${importerId}`, { key: secret })).draft;
    const config = { fields: [{ key: 'email', label: 'Email', type: 'email' }, { key: '__proto__', label: 'Proto', type: 'string' }] };
    const refused = await call(h.app, 'PATCH', `/importer/api/v1/importers/${importerId}`, { key: secret, body: { name: 'Proto', config } });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'parameter_invalid', param: 'config.fields.1.key', message: expect.stringContaining('"__proto__" is reserved') });
    expect(dataOf<{ draft: unknown }>(await call(h.app, 'GET', `/importer/api/v1/importers/${importerId}`, { key: secret })).draft).toEqual(before);
  });

  it('refuses rows without a required field keyed constructor or toString', async () => {
    const importerId = await createResource(h.app, secret, 'importer', 'importers');
    const config = { fields: [{ key: 'email', label: 'Email', type: 'email', required: true }, ...KEYS.map((key) => ({ key, label: key, type: 'string', required: true }))] };
    dataOf(await call(h.app, 'PATCH', `/importer/api/v1/importers/${importerId}`, { key: secret, body: { name: 'Proto', config } }));
    dataOf(await call(h.app, 'POST', `/importer/api/v1/importers/${importerId}`, { key: secret, body: { action: 'publish' } }));
    const session = dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, body: { importerId } }));
    const upload = await h.app.inject({
      method: 'POST',
      url: `/importer/api/v1/sessions/${session.id}/rows`,
      headers: { authorization: `Bearer ${pub}`, 'content-type': 'application/json' },
      // Raw JSON, so no client-side object building gets in between.
      payload: '{"chunk": 0, "rows": [{"email": "a@example.com"}, {"email": "b@example.com", "constructor": "x"}]}',
    });
    const checked = dataOf<{ invalidRowCount: number; errors: { row: number; field: string; code: string }[] }>(upload);
    expect(checked.invalidRowCount).toBe(2);
    expect(checked.errors.map((error) => [error.row, error.field, error.code])).toEqual([
      ...KEYS.map((key) => [0, key, 'required']),
      [1, 'toString', 'required'],
    ]);
  });
});
