import { UNREADABLE } from './reader-marks.js';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import { validateRow } from './validate-row.js';

const fields: FieldDefinition[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'age', label: 'Age', type: 'number' },
  { key: 'id', label: 'ID', type: 'string' },
];

describe('validateRow', () => {
  it('reads cells in field order without a mapping', () => {
    expect(validateRow(fields, ['ann@example.com', '31', '00123'], 0)).toEqual({ values: ['ann@example.com', 31, '00123'], errors: [] });
  });

  it('reads cells through a mapping and stamps errors with the row index', () => {
    expect(validateRow(fields, ['Bob', '1,5', '', 'x'], 7, { mapping: { email: 2, age: 1, id: 0 } })).toEqual({
      values: [null, null, 'Bob'],
      errors: [
        { row: 7, field: 'email', code: 'required', message: 'Email is required' },
        { row: 7, field: 'age', code: 'invalid_number', message: 'Expected a number such as 1234.5', suggestion: 1.5 },
      ],
    });
  });

  it('refuses a cell a reader marked unreadable as invalid_character, whatever the field type, and reads a written U+FFFD as text', () => {
    const { values, errors } = validateRow(fields, ['ann@example.com', `3${UNREADABLE}`, `Caf${UNREADABLE}`], 0);
    expect(values).toEqual(['ann@example.com', null, null]);
    expect(validateRow(fields, ['ann@example.com', '3', 'Caf\ufffd'], 0)).toEqual({ values: ['ann@example.com', 3, 'Caf\ufffd'], errors: [] });
    expect(errors.map((error) => [error.field, error.code])).toEqual([
      ['age', 'invalid_character'],
      ['id', 'invalid_character'],
    ]);
    expect(errors[0]?.message).toMatch(/could not be read/);
  });

  it('uses the number format option', () => {
    expect(validateRow(fields, ['a@b.co', '1,5', ''], 0, { numberFormat: 'comma' }).values).toEqual(['a@b.co', 1.5, null]);
  });

  it('reads a short row and an unmapped field as empty cells', () => {
    expect(validateRow(fields, [], 3, { mapping: { age: 5 } })).toEqual({
      values: [null, null, null],
      errors: [{ row: 3, field: 'email', code: 'required', message: 'Email is required' }],
    });
  });

  it('refuses a mapping to a negative or fractional column', () => {
    expect(() => validateRow(fields, [], 0, { mapping: { email: -1 } })).toThrow(RangeError);
    expect(() => validateRow(fields, [], 0, { mapping: { email: 1.5 } })).toThrow(RangeError);
  });

  it('does not check uniqueness within one row', () => {
    const unique: FieldDefinition[] = [
      { key: 'a', label: 'A', type: 'string', unique: true },
      { key: 'b', label: 'B', type: 'string', unique: true },
    ];
    expect(validateRow(unique, ['x', 'x'], 0).errors).toEqual([]);
  });
});
