import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, harness } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;
const KEYS = ['constructor', 'toString', '__proto__'];

describe('importer fields keyed like Object.prototype members, through the row upload route', () => {
  it('refuses rows without a required field keyed constructor, toString or __proto__', async () => {
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
      [1, '__proto__', 'required'],
    ]);
  });
});
