import { describe, expect, it } from 'vitest';
import type { FieldDefinition, FieldType } from '../schemas/importer.js';
import { validateValue } from './values.js';

function field(type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  // A union on `type`: the test builds either variant from a runtime type.
  return { key: 'f', label: 'F', type, ...(type === 'enum' ? { enumValues: ['Free', 'Pro', 'Enterprise', 'In_Progress'] } : {}), ...extra } as FieldDefinition;
}

const valueOf = (type: FieldType, raw: string, options = {}) => validateValue(field(type), raw, options);

describe('validateValue: empty cells', () => {
  it.each(['', '   ', '\t', '\u00a0', undefined])('reads %j as missing (null) in an optional field', (raw) => {
    for (const type of ['string', 'number', 'date', 'email', 'enum', 'boolean', 'url'] as const) {
      expect(validateValue(field(type), raw)).toEqual({ ok: true, value: null });
    }
  });

  it('refuses an empty cell of a required field with code required', () => {
    expect(validateValue(field('string', { required: true, label: 'Email' }), '  ')).toEqual({
      ok: false,
      code: 'required',
      message: 'Email is required',
    });
  });
});

describe('validateValue: string (lossless)', () => {
  it.each([
    ['00123', '00123'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['1-2-3', '1-2-3'],
    ['2026-02-30', '2026-02-30'],
    ['1e3', '1e3'],
    ['45000', '45000'],
    ['TRUE', 'TRUE'],
    ['  padded  ', 'padded'],
    ['inner   spaces', 'inner   spaces'],
    ['ÄÖÜ ß', 'ÄÖÜ ß'],
    ['0', '0'],
    ['1,5', '1,5'],
  ])('keeps %j as %j', (raw, value) => {
    expect(valueOf('string', raw)).toEqual({ ok: true, value });
  });
});

describe('validateValue: number', () => {
  it.each([
    ['1234.5', 1234.5],
    ['-3', -3],
    ['+7', 7],
    ['0', 0],
    ['.5', 0.5],
    ['-0.25', -0.25],
    ['1e3', 1000],
    ['1.5E-3', 0.0015],
    ['00123', 123],
    ['1,234', 1234],
    ['1,234,567.89', 1234567.89],
    ['1 234 567', 1234567],
    ["1'234.5", 1234.5],
    [' 42 ', 42],
    ['9007199254740991', 9007199254740991],
  ])('accepts %j as %j in a dot file', (raw, value) => {
    expect(valueOf('number', raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['1,5', 1.5],
    ['1.234,5', 1234.5],
    ['-0,75', -0.75],
    [',5', 0.5],
    ['1.234', 1234],
    ['1.234.567', 1234567],
    ['1 234,5', 1234.5],
    ['1\u202f234,5', 1234.5],
    ['1,5e3', 1500],
    ['42', 42],
  ])('accepts %j as %j in a comma file', (raw, value) => {
    expect(valueOf('number', raw, { numberFormat: 'comma' })).toEqual({ ok: true, value });
  });

  it.each([
    ['1,5', 1.5],
    ['12,75', 12.75],
    ['1,2345', 1.2345],
    ['1.234,5', 1234.5],
    ['1.234.567', 1234567],
    ['$1,200.50', 1200.5],
    ['1200 €', 1200],
    ['-$5', -5],
    ['(12.5)', -12.5],
    ['5.', 5],
  ])('refuses %j in a dot file and suggests %j', (raw, suggestion) => {
    expect(valueOf('number', raw)).toMatchObject({ ok: false, code: 'invalid_number', suggestion });
  });

  it.each([
    ['1.5', 1.5],
    ['1,234.5', 1234.5],
    ['€1.200,50', 1200.5],
  ])('refuses %j in a comma file and suggests %j', (raw, suggestion) => {
    expect(valueOf('number', raw, { numberFormat: 'comma' })).toMatchObject({ ok: false, code: 'invalid_number', suggestion });
  });

  it.each([
    'abc',
    '+44 20 7946 0958',
    '1-2-3',
    '2026-01-01',
    '1,23,456',
    '12,34,567.5',
    '0x10',
    'Infinity',
    'NaN',
    '1e999',
    '--5',
    '1..5',
    '1 2',
    '12345678901234567890',
    '1,234 567',
  ])('refuses %j in a dot file with no suggestion', (raw) => {
    const result = valueOf('number', raw);
    expect(result).toMatchObject({ ok: false, code: 'invalid_number' });
    expect(result).not.toHaveProperty('suggestion');
  });

  it('says why it refuses an integer too large to hold exactly', () => {
    expect(valueOf('number', '12345678901234567890')).toMatchObject({ message: expect.stringContaining('Too many digits') });
  });

  it('gives the example in the file format in its message', () => {
    expect(valueOf('number', 'x', { numberFormat: 'comma' })).toMatchObject({ message: 'Expected a number such as 1234,5' });
    expect(valueOf('number', 'x')).toMatchObject({ message: 'Expected a number such as 1234.5' });
  });
});

describe('validateValue: date', () => {
  it.each([
    ['2026-11-22', '2026-11-22'],
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['1999-12-31', '1999-12-31'],
    ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z'],
    ['2026-11-22T10:00:00.123+01:00', '2026-11-22T10:00:00.123+01:00'],
    ['2026-11-22T10:00', '2026-11-22T10:00'],
    ['2026-11-22 10:00:00', '2026-11-22 10:00:00'],
    [' 2026-11-22 ', '2026-11-22'],
  ])('accepts %j as %j', (raw, value) => {
    expect(valueOf('date', raw)).toEqual({ ok: true, value });
  });

  it.each(['2026-02-30', '2025-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-11-22T25:00', '2026-11-22T10:61'])(
    'refuses %j, which does not exist, with no suggestion',
    (raw) => {
      const result = valueOf('date', raw);
      expect(result).toMatchObject({ ok: false, code: 'invalid_date', message: expect.stringContaining('does not exist') });
      expect(result).not.toHaveProperty('suggestion');
    },
  );

  it.each([
    ['31/12/2026', '2026-12-31'],
    ['12/31/2026', '2026-12-31'],
    ['25.12.2026', '2026-12-25'],
    ['2026/3/4', '2026-03-04'],
    ['2026-3-4', '2026-03-04'],
    ['04/04/2026', '2026-04-04'],
    ['15 Mar 2023', '2023-03-15'],
    ['15-Mar-2023', '2023-03-15'],
    ['March 15, 2023', '2023-03-15'],
    ['Sept 1 2023', '2023-09-01'],
    ['1st March 2023', '2023-03-01'],
    ['45000', '2023-03-15'],
    ['45000.5', '2023-03-15T12:00:00'],
    ['31/12/2026 14:30', '2026-12-31T14:30:00'],
    ['12/31/2026 2:30 PM', '2026-12-31T14:30:00'],
    ['12/31/2026 12:05 am', '2026-12-31T00:05:00'],
  ])('refuses %j and suggests %j', (raw, suggestion) => {
    expect(valueOf('date', raw)).toMatchObject({ ok: false, code: 'invalid_date', suggestion });
  });

  it('suggests nothing for an ambiguous day and month without a date order', () => {
    const result = valueOf('date', '03/04/2026');
    expect(result).toMatchObject({ ok: false, code: 'invalid_date', message: expect.stringContaining('either way round') });
    expect(result).not.toHaveProperty('suggestion');
  });

  it('reads an ambiguous date by the table date order', () => {
    expect(valueOf('date', '03/04/2026', { dateOrder: 'dmy' })).toMatchObject({ suggestion: '2026-04-03' });
    expect(valueOf('date', '03/04/2026', { dateOrder: 'mdy' })).toMatchObject({ suggestion: '2026-03-04' });
  });

  it('still suggests the only real reading when it contradicts the date order', () => {
    expect(valueOf('date', '12/31/2026', { dateOrder: 'dmy' })).toMatchObject({ suggestion: '2026-12-31' });
  });

  it.each(['hello', '2026', '31/02/2026', '12/31/26', '60', '0', '99999999', '32/13/2026', 'Smarch 3 2026', '2026-11-22T', '3/15/2026 13:00 PM'])(
    'refuses %j with no suggestion',
    (raw) => {
      const result = valueOf('date', raw);
      expect(result).toMatchObject({ ok: false, code: 'invalid_date' });
      expect(result).not.toHaveProperty('suggestion');
    },
  );

  it('asks for a four-digit year', () => {
    expect(valueOf('date', '12/31/26')).toMatchObject({ message: expect.stringContaining('four digits') });
  });
});

describe('validateValue: Excel serials only for date fields', () => {
  it('reads 45000 as an ISO date suggestion in a date field', () => {
    expect(valueOf('date', '45000')).toMatchObject({ suggestion: '2023-03-15' });
  });

  it('keeps 45000 a number in a number field and a string in a string field', () => {
    expect(valueOf('number', '45000')).toEqual({ ok: true, value: 45000 });
    expect(valueOf('string', '45000')).toEqual({ ok: true, value: '45000' });
  });

  it('does not offer a date for 45000 in an enum, email or url field', () => {
    for (const type of ['enum', 'email', 'url'] as const) expect(valueOf(type, '45000')).not.toHaveProperty('suggestion');
  });
});

describe('validateValue: email', () => {
  it.each([
    ['ann@example.com', 'ann@example.com'],
    ['Ann.Lee+news@Example.COM', 'Ann.Lee+news@example.com'],
    ['a_b-c@sub.example.co.uk', 'a_b-c@sub.example.co.uk'],
    ['user@xn--80ak6aa92e.com', 'user@xn--80ak6aa92e.com'],
    ['josé@exämple.de', 'josé@exämple.de'],
    ["o'brien@example.ie", "o'brien@example.ie"],
    ['ann@Acme.com', 'ann@acme.com'],
    ['ann@Zoo.com', 'ann@zoo.com'],
    [`${'a'.repeat(64)}@${'b'.repeat(185)}.com`, `${'a'.repeat(64)}@${'b'.repeat(185)}.com`],
  ])('accepts %j as %j', (raw, value) => {
    expect(valueOf('email', raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['mailto:ann@example.com', 'ann@example.com'],
    ['Ann Lee <Ann@Example.com>', 'Ann@example.com'],
    ['ann @example.com', 'ann@example.com'],
    ['ann@example.com.', 'ann@example.com'],
    ['ann@example,com', 'ann@example.com'],
    ['ann@example..com', 'ann@example.com'],
    ['ann@EXAMPLE.com;', 'ann@example.com'],
  ])('refuses %j and suggests %j', (raw, suggestion) => {
    expect(valueOf('email', raw)).toMatchObject({ ok: false, code: 'invalid_email', suggestion });
  });

  it.each(['ann', 'ann@', '@example.com', 'ann@example', 'ann@@example.com', 'a@b@example.com', '.ann@example.com', 'ann.@example.com', 'an..n@example.com', 'ann@.example.com', 'ann@example.c', '"ann"@example.com', 'ann@[127.0.0.1]', `${'a'.repeat(64)}@${'b'.repeat(186)}.com`])(
    'refuses %j with no suggestion',
    (raw) => {
      const result = valueOf('email', raw);
      expect(result).toMatchObject({ ok: false, code: 'invalid_email' });
      expect(result).not.toHaveProperty('suggestion');
    },
  );
});

describe('validateValue: enum', () => {
  it.each(['Free', 'Pro', 'Enterprise', ' Pro '])('accepts the exact value %j', (raw) => {
    expect(valueOf('enum', raw)).toEqual({ ok: true, value: raw.trim() });
  });

  it.each([
    ['pro', 'Pro'],
    ['PRO', 'Pro'],
    ['free', 'Free'],
    ['in progress', 'In_Progress'],
    ['In-Progress', 'In_Progress'],
    ['Enterprize', 'Enterprise'],
    ['entreprise', 'Enterprise'],
  ])('refuses %j and suggests the canonical %j', (raw, suggestion) => {
    expect(valueOf('enum', raw)).toMatchObject({ ok: false, code: 'invalid_enum', suggestion });
  });

  it.each(['Gold', 'P', 'x', '45000'])('refuses %j with no suggestion', (raw) => {
    const result = valueOf('enum', raw);
    expect(result).toMatchObject({ ok: false, code: 'invalid_enum', message: 'Expected one of: Free, Pro, Enterprise, In_Progress' });
    expect(result).not.toHaveProperty('suggestion');
  });

  it('suggests nothing when two allowed values differ only in case', () => {
    const cased = field('enum', { enumValues: ['a-b', 'A_B'] });
    expect(validateValue(cased, 'ab')).not.toHaveProperty('suggestion');
    expect(validateValue(cased, 'a-b')).toEqual({ ok: true, value: 'a-b' });
  });
});

describe('validateValue: boolean', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['True', true],
    ['tRuE', true],
    ['false', false],
    ['FALSE', false],
    ['yes', true],
    ['Yes', true],
    ['YES', true],
    ['no', false],
    ['No', false],
    ['y', true],
    ['Y', true],
    ['n', false],
    ['1', true],
    ['0', false],
    ['on', true],
    ['ON', true],
    ['off', false],
    ['Off', false],
    ['t', true],
    ['f', false],
  ])('accepts %j as %j', (raw, value) => {
    expect(valueOf('boolean', raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['ja', true],
    ['Nein', false],
    ['oui', true],
    ['non', false],
    ['si', true],
    ['Sí', true],
    ['sim', true],
    ['não', false],
    ['nao', false],
    ['da', true],
    ['nee', false],
    ['✓', true],
    ['✔', true],
    ['☑', true],
    ['✗', false],
    ['✘', false],
    ['☐', false],
    ['1.0', true],
    ['0.0', false],
    ['-1', true],
  ])('refuses %j and suggests %j', (raw, suggestion) => {
    expect(valueOf('boolean', raw)).toMatchObject({ ok: false, code: 'invalid_boolean', suggestion });
  });

  it.each(['maybe', '2', 'yess', 'truee', 'x', 'nope', '10'])('refuses %j with no suggestion', (raw) => {
    const result = valueOf('boolean', raw);
    expect(result).toMatchObject({ ok: false, code: 'invalid_boolean' });
    expect(result).not.toHaveProperty('suggestion');
  });
});

describe('validateValue: url', () => {
  it.each([
    'https://example.com',
    'http://example.com',
    'https://www.example.com/path?q=1#top',
    'HTTPS://EXAMPLE.COM',
    'https://example.com:8443/a',
    'https://user:pw@example.com',
    'http://localhost:3000',
    'http://[::1]:8080/',
    'https://münchen.de',
  ])('accepts %j as written', (raw) => {
    expect(valueOf('url', raw)).toEqual({ ok: true, value: raw });
  });

  it.each([
    ['www.example.com', 'https://www.example.com'],
    ['example.com/pricing', 'https://example.com/pricing'],
    ['Example.co.uk', 'https://Example.co.uk'],
    ['//cdn.example.com/x.js', 'https://cdn.example.com/x.js'],
    ['https//example.com', 'https://example.com'],
    ['http:/example.com', 'http://example.com'],
    ['https:///example.com', 'https://example.com'],
  ])('refuses %j and suggests %j', (raw, suggestion) => {
    expect(valueOf('url', raw)).toMatchObject({ ok: false, code: 'invalid_url', suggestion });
  });

  it.each(['ftp://example.com', 'mailto:ann@example.com', 'javascript:alert(1)', 'https://', 'https://exa mple.com', 'https://acme', 'example', 'ann@example.com', '1.5', 'https://example..com', 'http://exa<mple.com', 'https://example.com:99999', 'https://.example.com', 'htxp://example.com', 'hxtp://example.com', 'httx://example.com'])(
    'refuses %j with no suggestion',
    (raw) => {
      const result = valueOf('url', raw);
      expect(result).toMatchObject({ ok: false, code: 'invalid_url' });
      expect(result).not.toHaveProperty('suggestion');
    },
  );
});

describe('validateValue: values round-trip', () => {
  // A server re-validates what the widget sends (`@inlay/node` turns values back into cell text
  // with String()), so every accepted value must read back as itself.
  it.each([
    ['number', ['1234.5', '-3', '1e3', '1,234,567.89', '0.1', '1e21', '1.5e-7', '9007199254740991']],
    ['date', ['2026-11-22', '2026-11-22T10:00:00Z', '2026-11-22 10:00']],
    ['email', ['Ann.Lee+news@Example.COM', 'josé@exämple.de']],
    ['enum', ['Pro', 'In_Progress']],
    ['boolean', ['Yes', 'off', '1']],
    ['url', ['https://example.com/a?b=1', 'HTTP://EXAMPLE.COM']],
    ['string', ['00123', '+44 20 7946 0958']],
  ] as const)('reads every accepted %s value back as itself', (type, raws) => {
    for (const raw of raws) {
      const first = valueOf(type, raw);
      expect(first.ok).toBe(true);
      if (!first.ok) continue;
      expect(valueOf(type, String(first.value))).toEqual(first);
    }
  });
});

describe('per-field formats', () => {
  const amount: FieldDefinition = { key: 'amount', label: 'Amount', type: 'number' };
  const start: FieldDefinition = { key: 'start', label: 'Start', type: 'date' };

  it('reads a number in its own field format before the table format', () => {
    expect(validateValue(amount, '1.250', { numberFormat: 'dot', numberFormats: { amount: 'comma' } })).toEqual({ ok: true, value: 1250 });
    expect(validateValue(amount, '1.250', { numberFormat: 'comma', numberFormats: { other: 'dot' } })).toEqual({ ok: true, value: 1250 });
    expect(validateValue(amount, '1.250', { numberFormats: { amount: 'dot' } })).toEqual({ ok: true, value: 1.25 });
  });

  it('takes no format from the prototype of numberFormats', () => {
    const field: FieldDefinition = { key: 'toString', label: 'T', type: 'number' };
    expect(validateValue(field, '1,5', { numberFormat: 'comma', numberFormats: {} })).toEqual({ ok: true, value: 1.5 });
  });

  it('reads 03/04/2024 as a value once its order is confirmed, and only suggests without', () => {
    expect(validateValue(start, '03/04/2024', { dateOrders: { start: 'dmy' } })).toEqual({ ok: true, value: '2024-04-03' });
    expect(validateValue(start, '03/04/2024', { dateOrders: { start: 'mdy' } })).toEqual({ ok: true, value: '2024-03-04' });
    expect(validateValue(start, '03/04/2024', { dateOrder: 'dmy' })).toMatchObject({ ok: false, suggestion: '2024-04-03' });
    expect(validateValue(start, '03/04/2024', {})).toMatchObject({ ok: false, code: 'invalid_date' });
    // A date in the other order stays refused, with its suggestion.
    expect(validateValue(start, '25/12/2024', { dateOrders: { start: 'mdy' } })).toMatchObject({ ok: false, suggestion: '2024-12-25' });
  });
});
