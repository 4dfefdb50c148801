import { describe, expect, it } from 'vitest';
import type { ImporterConfig } from '../schemas/importer.js';
import { ImporterConfigSchema } from '../schemas/importer.js';
import { mappingFromMatches, matchColumns } from './match-columns.js';
import { toRecords, validateTable } from './validate-table.js';

/** Field keys that name members every plain object inherits. */
const KEYS = ['constructor', 'toString', '__proto__'] as const;
const CONFIG: ImporterConfig = {
  fields: [{ key: 'email', label: 'Email', type: 'email', required: true }, ...KEYS.map((key) => ({ key, label: key, type: 'string' as const, required: true }))],
};

// `__proto__` is refused in a config saved now (no JSON body of a session could carry it); the
// validation below still handles an importer saved with one before that.
describe('field keys named like Object.prototype members', () => {
  it('are valid field keys, but for __proto__', () => {
    expect(ImporterConfigSchema.safeParse({ fields: CONFIG.fields.filter((field) => field.key !== '__proto__') }).success).toBe(true);
    expect(ImporterConfigSchema.safeParse(CONFIG).error?.issues.map((issue) => issue.path)).toEqual([['fields', 3, 'key']]);
  });

  it('a mapping without them leaves them unmapped: every row misses each one', () => {
    // JSON.parse, as a mapping arrives from a browser or a request body.
    const mapping = JSON.parse('{"email": 0}') as Record<string, number>;
    const result = validateTable(CONFIG, [['ann@example.com']], { mapping });
    expect(result.errors.map((error) => [error.field, error.code])).toEqual(KEYS.map((key) => [key, 'required']));
  });

  it('a mapping with them as own properties (even __proto__) reads their columns', () => {
    const mapping = JSON.parse('{"email": 0, "constructor": 1, "toString": 2, "__proto__": 3}') as Record<string, number>;
    const result = validateTable(CONFIG, [['ann@example.com', 'a', 'b', 'c']], { mapping });
    expect(result.errors).toEqual([]);
    const [record] = toRecords(result);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.entries(record!)).toEqual([['email', 'ann@example.com'], ['constructor', 'a'], ['toString', 'b'], ['__proto__', 'c']]);
  });

  it('rows in field order missing those cells are refused', () => {
    const result = validateTable(CONFIG, [['ann@example.com', '', '', '']]);
    expect(result.errors.map((error) => [error.field, error.code])).toEqual(KEYS.map((key) => [key, 'required']));
  });

  it('column matching maps headers to them as own properties only', () => {
    const mapping = mappingFromMatches(matchColumns(['Email', 'constructor', 'toString', '__proto__'], CONFIG.fields));
    expect(Object.getPrototypeOf(mapping)).toBe(Object.prototype);
    for (const [index, key] of KEYS.entries()) expect(Object.getOwnPropertyDescriptor(mapping, key)?.value).toBe(index + 1);
    const none = mappingFromMatches(matchColumns(['Email'], CONFIG.fields));
    for (const key of KEYS) expect(Object.hasOwn(none, key)).toBe(false);
  });
});
