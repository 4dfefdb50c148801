import type { ImporterConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { toRecords, validateRows } from './importer.js';

const CONFIG: ImporterConfig = {
  fields: [
    { key: 'email', label: 'Email', type: 'email', required: true, unique: true },
    { key: 'seats', label: 'Seats', type: 'number' },
    { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
  ],
  duplicateKey: 'email',
};

describe('validateRows', () => {
  it('accepts valid records and returns them through toRecords', () => {
    const rows = [
      { email: 'ann@example.com', seats: 3, plan: 'pro' },
      { email: 'bob@example.com', seats: 1.5, plan: null },
    ];
    const result = validateRows(CONFIG, rows);
    expect(result.errors).toEqual([]);
    expect(result.invalidRowCount).toBe(0);
    expect(toRecords(result)).toEqual([
      { email: 'ann@example.com', seats: 3, plan: 'pro' },
      { email: 'bob@example.com', seats: 1.5, plan: null },
    ]);
  });

  it('reports each refused cell of records by row and field', () => {
    const result = validateRows(CONFIG, [
      { email: 'ann@example.com', seats: 'many', plan: 'pro' },
      { seats: 2, plan: 'gold' },
    ]);
    expect(result.errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 0, field: 'seats', code: 'invalid_number' },
      { row: 1, field: 'email', code: 'required' },
      { row: 1, field: 'plan', code: 'invalid_enum' },
    ]);
    expect(result.invalidRowCount).toBe(2);
  });

  it('applies unique and duplicateKey across the rows', () => {
    const result = validateRows(CONFIG, [{ email: 'ann@example.com' }, { email: 'ANN@example.com' }]);
    expect(result.errors.map((error) => error.row)).toContain(1);
    expect(result.duplicateGroups).toEqual([{ key: expect.any(String), rows: [0, 1] }]);
  });

  it('reads rows of cells through a mapping, as the widget does with a parsed file', () => {
    const result = validateRows(CONFIG, [['pro', 'ann@example.com', '1.234,5']], { mapping: { plan: 0, email: 1, seats: 2 }, numberFormat: 'comma' });
    expect(result.errors).toEqual([]);
    expect(toRecords(result)).toEqual([{ email: 'ann@example.com', seats: 1234.5, plan: 'pro' }]);
  });

  it('does not read inherited properties as fields', () => {
    const config: ImporterConfig = { fields: [{ key: 'constructor', label: 'Constructor', type: 'string', required: true }] };
    expect(validateRows(config, [{}]).errors.map((error) => error.code)).toEqual(['required']);
  });

  it('refuses a row without a required field keyed constructor, toString or __proto__, and reads them when given', () => {
    const keys = ['constructor', 'toString', '__proto__'];
    const config: ImporterConfig = { fields: keys.map((key) => ({ key, label: key, type: 'string', required: true })) };
    const missing = validateRows(config, [{}, JSON.parse('{"other": "x"}') as Record<string, string>]);
    expect(missing.errors.map((error) => [error.row, error.field, error.code])).toEqual([0, 1].flatMap((row) => keys.map((key) => [row, key, 'required'])));
    // JSON.parse makes "__proto__" an own property, as a row from a request body is.
    const given = validateRows(config, [JSON.parse('{"constructor": "a", "toString": "b", "__proto__": "c"}') as Record<string, string>]);
    expect(given.errors).toEqual([]);
    expect(Object.entries(toRecords(given)[0]!)).toEqual([['constructor', 'a'], ['toString', 'b'], ['__proto__', 'c']]);
  });

  it('refuses mixed rows, and a mapping for records', () => {
    expect(() => validateRows(CONFIG, [['a'], { email: 'a@example.com' }])).toThrow(/all be arrays/);
    expect(() => validateRows(CONFIG, [{ email: 'a@example.com' }, ['a']])).toThrow(/all be arrays/);
    expect(() => validateRows(CONFIG, [{ email: 'a@example.com' }, null] as never)).toThrow(/all be arrays/);
    expect(() => validateRows(CONFIG, [{ email: 'a@example.com' }, 'a@example.com'] as never)).toThrow(/all be arrays/);
    expect(() => validateRows(CONFIG, [{ email: 'a@example.com' }], { mapping: { email: 0 } })).toThrow(/mapping applies/);
  });

  it('validates no rows to an empty result', () => {
    expect(validateRows(CONFIG, [])).toMatchObject({ rowCount: 0, errors: [], invalidRowCount: 0 });
  });
});
