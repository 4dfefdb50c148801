// Columns nobody mapped (docs/importer.md, "Columns nobody mapped"): with `unmappedColumns:
// "keep"`, uploaded rows carry `extra` (file header to text), stored and read back as sent; other
// importers refuse it, and a field keyed `extra` cannot be kept beside it. Runs on both databases.
import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness, publishResource } from './helpers.js';

const h = await harness();

/** `response`, once its status is `status`. */
function expectStatus<R extends { statusCode: number }>(status: number, response: R): R {
  expect(response.statusCode).toBe(status);
  return response;
}
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const FIELDS = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'n', label: 'N', type: 'number' },
];

const importer = (config: unknown) => publishResource(h.app, secret, 'importer', 'importers', { name: 'Contacts', config });
const open = async (importerId: string) => dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, body: { importerId } })).id;
const upload = (id: string, chunk: number, rows: unknown[]) => call(h.app, 'POST', `/importer/api/v1/sessions/${id}/rows`, { key: pub, body: { chunk, rows } });

describe('server delivery of unmapped columns', () => {
  it('stores each row’s extra as sent and serves it back with the row, headers such as constructor included', async () => {
    const id = await open(await importer({ fields: FIELDS, delivery: 'server', unmappedColumns: 'keep' }));
    const rows: { email: string; n: number; extra?: Record<string, string> }[] = [
      { email: 'ann@example.com', n: 1, extra: { 'address.city': 'Cork', Notes: 'vip', '': '' } },
      { email: 'bob@example.com', n: 2, extra: { constructor: 'not a prototype', Notes: '' } },
      { email: 'cy@example.com', n: 3 },
    ];
    expect(dataOf<{ rowCount: number; invalidRowCount: number }>(await upload(id, 0, rows))).toMatchObject({ rowCount: 3, invalidRowCount: 0 });
    dataOf(await call(h.app, 'POST', `/importer/api/v1/sessions/${id}/complete`, { key: pub, body: { mapping: { email: 'Email', n: 'N' }, rowCount: 3, errorCount: 0 } }));
    const page = dataOf<{ items: Record<string, unknown>[] }>(await call(h.app, 'GET', `/importer/api/v1/sessions/${id}/rows`, { key: secret }));
    expect(page.items).toEqual(rows);
    expect(Object.hasOwn(page.items[1]?.['extra'] as object, 'constructor')).toBe(true);
  });

  it('refuses extra from an importer that drops unmapped columns, and extra that is not header to text', async () => {
    const dropping = await open(await importer({ fields: FIELDS, delivery: 'server' }));
    const refused = errorOf(expectStatus(400, await upload(dropping, 0, [{ email: 'ann@example.com', extra: { Notes: 'vip' } }])));
    expect(refused).toMatchObject({ code: 'parameter_invalid', param: 'rows.0.extra' });
    expect(refused.message).toMatch(/does not keep/);

    const keeping = await open(await importer({ fields: FIELDS, delivery: 'server', unmappedColumns: 'keep' }));
    expect(errorOf(expectStatus(400, await upload(keeping, 0, [{ email: 'ann@example.com', extra: 'vip' }])))).toMatchObject({ code: 'parameter_invalid', param: 'rows.0.extra' });
    expect(errorOf(expectStatus(400, await upload(keeping, 0, [{ email: 'ann@example.com', extra: { Notes: 7 } }])))).toMatchObject({ param: 'rows.0.extra' });
  });

  it('refuses a config that keeps unmapped columns beside a field keyed extra, and an unknown unmappedColumns', async () => {
    const id = await createResource(h.app, secret, 'importer', 'importers');
    const patch = (config: unknown) => call(h.app, 'PATCH', `/importer/api/v1/importers/${id}`, { key: secret, body: { name: 'Contacts', config } });
    const taken = errorOf(expectStatus(400, await patch({ fields: [...FIELDS, { key: 'extra', label: 'Extra', type: 'string' }], unmappedColumns: 'keep' })));
    expect(taken).toMatchObject({ code: 'parameter_invalid', param: 'config.fields.2.key' });
    expect(taken.message).toMatch(/taken by the unmapped columns/);
    expect(errorOf(expectStatus(400, await patch({ fields: FIELDS, unmappedColumns: 'all' })))).toMatchObject({ param: 'config.unmappedColumns' });
    // Without keep, a field may be keyed extra, and its value is a plain value.
    dataOf(await patch({ fields: [...FIELDS, { key: 'extra', label: 'Extra', type: 'string' }], delivery: 'server' }));
  });
});
