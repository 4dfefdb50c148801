import { describe, expect, it } from 'vitest';
import { ImporterConfigSchema, type FieldDefinition } from '../schemas/importer.js';
import { TableValidator } from './table-validator.js';
import { validateValue } from './values.js';

const codeOf = (field: FieldDefinition, raw: string) => {
  const result = validateValue(field, raw);
  return result.ok ? result.value : [result.code, result.message];
};

describe('validation rules', () => {
  it('checks min and max of a number field', () => {
    const seats: FieldDefinition = { key: 'seats', label: 'Seats', type: 'number', min: 1, max: 500 };
    expect(codeOf(seats, '1')).toBe(1);
    expect(codeOf(seats, '500')).toBe(500);
    expect(codeOf(seats, '0')).toEqual(['below_min', 'Seats must be at least 1']);
    expect(codeOf(seats, '500.5')).toEqual(['above_max', 'Seats must be at most 500']);
    // A cell that is not a number at all keeps its type error.
    expect(codeOf(seats, 'many')).toEqual(['invalid_number', expect.any(String)]);
  });

  it('checks min and max of a date field as ISO dates, a date-time by its date', () => {
    const born: FieldDefinition = { key: 'born', label: 'Born', type: 'date', min: '1900-01-01', max: '2025-12-31' };
    expect(codeOf(born, '1900-01-01')).toBe('1900-01-01');
    expect(codeOf(born, '1899-12-31')).toEqual(['below_min', 'Born must be on or after 1900-01-01']);
    expect(codeOf(born, '2026-01-01')).toEqual(['above_max', 'Born must be on or before 2025-12-31']);
    expect(codeOf(born, '2025-12-31T23:00:00Z')).toBe('2025-12-31T23:00:00Z');
  });

  it('checks minLength and maxLength in characters, not UTF-16 units', () => {
    const code: FieldDefinition = { key: 'code', label: 'Code', type: 'string', minLength: 2, maxLength: 3 };
    expect(codeOf(code, 'ab')).toBe('ab');
    expect(codeOf(code, '😀😀😀')).toBe('😀😀😀');
    expect(codeOf(code, 'a')).toEqual(['too_short', 'Code must be at least 2 characters']);
    expect(codeOf(code, '😀')).toEqual(['too_short', 'Code must be at least 2 characters']);
    expect(codeOf(code, 'abcd')).toEqual(['too_long', 'Code must be at most 3 characters']);
    // Trimmed first, as every cell is.
    expect(codeOf(code, '  abc  ')).toBe('abc');
    const email: FieldDefinition = { key: 'email', label: 'Email', type: 'email', maxLength: 10 };
    expect(codeOf(email, 'longer@example.com')).toEqual(['too_long', 'Email must be at most 10 characters']);
  });

  it('checks a pattern against the whole cell, with the field\'s own message', () => {
    const sku: FieldDefinition = { key: 'sku', label: 'SKU', type: 'string', pattern: '[A-Z]{3}-\\d{4}', patternMessage: 'Use a SKU such as ABC-1234' };
    expect(codeOf(sku, 'ABC-1234')).toBe('ABC-1234');
    expect(codeOf(sku, 'xABC-1234')).toEqual(['pattern_mismatch', 'Use a SKU such as ABC-1234']);
    expect(codeOf({ ...sku, patternMessage: undefined }, 'abc')).toEqual(['pattern_mismatch', 'SKU is not in the expected format']);
    const work: FieldDefinition = { key: 'mail', label: 'Work email', type: 'email', pattern: '.+@acme\\.com' };
    expect(codeOf(work, 'ann@acme.com')).toBe('ann@acme.com');
    expect(codeOf(work, 'ann@gmail.com')).toEqual(['pattern_mismatch', 'Work email is not in the expected format']);
  });

  it('reports rule errors through the table validator, and re-checks them on edits', () => {
    const validator = new TableValidator({ fields: [{ key: 'qty', label: 'Qty', type: 'number', min: 0, unique: true }] });
    validator.addRows([['5'], ['-1'], ['5']]);
    expect(validator.finish().errors.map((error) => [error.row, error.code])).toEqual([
      [1, 'below_min'],
      [2, 'duplicate_value'],
    ]);
    expect(validator.revalidateCell(1, 'qty', '2').error).toBeNull();
    expect(validator.revalidateCell(0, 'qty', '-3').error?.code).toBe('below_min');
  });
});

describe('validation rules in the config schema', () => {
  const issue = (field: Record<string, unknown>) => {
    const result = ImporterConfigSchema.safeParse({ fields: [{ key: 'f', label: 'F', ...field }] });
    return result.success ? null : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts rules that fit the field type, and configs without rules', () => {
    expect(issue({ type: 'number', min: 0, max: 10 })).toBeNull();
    expect(issue({ type: 'date', min: '2000-01-01' })).toBeNull();
    expect(issue({ type: 'string', minLength: 1, maxLength: 5, pattern: '[a-z]+', patternMessage: 'Lower case' })).toBeNull();
    expect(issue({ type: 'string' })).toBeNull();
  });

  it('refuses rules that do not fit the type, or contradict each other', () => {
    expect(issue({ type: 'number', min: '1' })).toEqual([['fields.0.min', 'min of a number field must be a number']]);
    expect(issue({ type: 'date', max: 5 })).toEqual([['fields.0.max', 'max of a date field must be an ISO date, YYYY-MM-DD']]);
    expect(issue({ type: 'date', max: '2024-02-30' })).toEqual([['fields.0.max', 'max of a date field must be an ISO date, YYYY-MM-DD']]);
    expect(issue({ type: 'boolean', min: 1 })).toEqual([['fields.0.min', 'min is only for fields of type number or date']]);
    expect(issue({ type: 'number', min: 5, max: 1 })).toEqual([['fields.0.max', 'max must not be less than min']]);
    expect(issue({ type: 'number', pattern: '\\d+' })).toEqual([['fields.0.pattern', 'pattern is only for fields of type string, email or url']]);
    expect(issue({ type: 'string', minLength: 3, maxLength: 2 })).toEqual([['fields.0.maxLength', 'maxLength must not be less than minLength']]);
    expect(issue({ type: 'string', patternMessage: 'x' })).toEqual([['fields.0.patternMessage', 'patternMessage needs a pattern']]);
  });

  it('refuses an unsafe pattern at the pattern', () => {
    expect(issue({ type: 'string', pattern: '(a+)+$' })).toEqual([['fields.0.pattern', expect.stringMatching(/^pattern is refused: a repeated group must not itself repeat/)]]);
    expect(issue({ type: 'string', pattern: '(\\w)\\1' })).toEqual([['fields.0.pattern', expect.stringMatching(/backreferences/)]]);
  });
});
