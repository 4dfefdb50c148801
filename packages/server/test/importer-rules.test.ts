import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const save = (id: string, config: unknown) => call(h.app, 'PATCH', `/importer/api/v1/importers/${id}`, { key: secret, body: { name: 'Rules', config } });

describe('importer validation rules', () => {
  it('refuses a config whose pattern could backtrack, naming the pattern', async () => {
    const id = await createResource(h.app, secret, 'importer', 'importers');
    const evil = { fields: [{ key: 'name', label: 'Name', type: 'string' }, { key: 'code', label: 'Code', type: 'string', pattern: '(a+)+$' }] };
    const response = await save(id, evil);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error).toMatchObject({ type: 'invalid_request', code: 'parameter_invalid', param: 'config.fields.1.pattern' });
    expect(error.message).toMatch(/a repeated group must not itself repeat or alternate/);
    const lookahead = errorOf(await save(id, { fields: [{ key: 'code', label: 'Code', type: 'string', pattern: 'a(?=b)' }] }));
    expect(lookahead).toMatchObject({ code: 'parameter_invalid', param: 'config.fields.0.pattern' });
    expect(errorOf(await save(id, { fields: [{ key: 'n', label: 'N', type: 'boolean', min: 1 }] }))).toMatchObject({ code: 'parameter_invalid', param: 'config.fields.0.min' });
  });

  it('validates uploaded rows with the rules of the session\'s revision', async () => {
    const id = await createResource(h.app, secret, 'importer', 'importers');
    const config = {
      fields: [
        { key: 'sku', label: 'SKU', type: 'string', required: true, pattern: '[A-Z]{3}-\\d{4}', patternMessage: 'Use a SKU such as ABC-1234' },
        { key: 'qty', label: 'Quantity', type: 'number', min: 1, max: 99 },
        { key: 'note', label: 'Note', type: 'string', maxLength: 5 },
        { key: 'ships', label: 'Ships', type: 'date', min: '2026-01-01' },
      ],
      neutralizeFormulas: true,
    };
    dataOf(await save(id, config));
    dataOf(await call(h.app, 'POST', `/importer/api/v1/importers/${id}`, { key: secret, body: { action: 'publish' } }));
    const published = dataOf<{ config: unknown }>(await call(h.app, 'GET', `/importer/api/v1/config/${id}`, { key: pub }));
    expect(published.config).toEqual(config);
    const session = dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, body: { importerId: id } }));
    const rows = [
      { sku: 'ABC-1234', qty: 5, note: 'ok', ships: '2026-02-01' },
      { sku: 'abc-1234', qty: 0, note: 'too long', ships: '2025-12-31' },
      { sku: 'XYZ-0001', qty: 100 },
    ];
    const answer = dataOf<{ invalidRowCount: number; errors: { row: number; field: string; code: string; message: string }[] }>(
      await call(h.app, 'POST', `/importer/api/v1/sessions/${session.id}/rows`, { key: pub, body: { chunk: 0, rows } }),
    );
    expect(answer.invalidRowCount).toBe(2);
    expect(answer.errors).toEqual([
      { row: 1, field: 'sku', code: 'pattern_mismatch', message: 'Use a SKU such as ABC-1234' },
      { row: 1, field: 'qty', code: 'below_min', message: 'Quantity must be at least 1' },
      { row: 1, field: 'note', code: 'too_long', message: 'Note must be at most 5 characters' },
      { row: 1, field: 'ships', code: 'below_min', message: 'Ships must be on or after 2026-01-01' },
      { row: 2, field: 'qty', code: 'above_max', message: 'Quantity must be at most 99' },
    ]);
  });
});
