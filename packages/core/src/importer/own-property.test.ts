import { describe, expect, it } from 'vitest';
import { setOwn } from './own-property.js';
import { TableValidator } from './table-validator.js';

describe('setOwn', () => {
  it('makes __proto__ an own property and leaves the prototype alone', () => {
    const record: Record<string, unknown> = {};
    setOwn(record, '__proto__', null);
    setOwn(record, 'a', 1);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(record)).toBe('{"__proto__":null,"a":1}');
  });

  it('keeps a field keyed __proto__ in a record', () => {
    const validator = new TableValidator({ fields: [{ key: '__proto__', label: 'Proto', type: 'string' }] });
    validator.add(['x']);
    expect(Object.keys(validator.record(0))).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(validator.record(0))).toBe(Object.prototype);
  });
});
