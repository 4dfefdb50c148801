import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import { detectTableFormats, toRecords, validateTable } from './validate-table.js';

const fields: FieldDefinition[] = [
  { key: 'id', label: 'ID', type: 'string' },
  { key: 'price', label: 'Price', type: 'number' },
  { key: 'since', label: 'Since', type: 'date' },
];

describe('detectTableFormats', () => {
  it('reads the number format from number columns and the date order from date columns', () => {
    const rows = [
      ['1,5', '1,5', '03/04/2026'],
      ['2', '1.234,5', '25/12/2026'],
    ];
    expect(detectTableFormats(fields, rows)).toEqual({ numberFormat: 'comma', dateOrder: 'dmy' });
  });

  it('ignores string columns, however number-like', () => {
    expect(detectTableFormats(fields, [['1,5', '1.5', '12/25/2026']])).toEqual({ numberFormat: 'dot', dateOrder: 'mdy' });
  });

  it('reads cells through the mapping and only the sample rows', () => {
    const rows = [
      ['12/25/2026', '1,5'],
      ['25/12/2026', '1.5'],
      ['26/12/2026', '2.5'],
    ];
    expect(detectTableFormats(fields, rows, { since: 0, price: 1 }, 1)).toEqual({ numberFormat: 'comma', dateOrder: 'mdy' });
    expect(detectTableFormats(fields, rows, { since: 0, price: 1 })).toEqual({ numberFormat: 'dot', dateOrder: 'dmy' });
  });

  it('gives the defaults when the table has no number or date field', () => {
    expect(detectTableFormats([{ key: 'a', label: 'A', type: 'string' }], [['1,5']])).toEqual({ numberFormat: 'dot', dateOrder: null });
  });
});

describe('validateTable', () => {
  it('detects the formats when they are not given', () => {
    const rows = [
      ['00123', '1.234,5', '25/12/2026'],
      ['00124', '1,5', '03/04/2026'],
    ];
    const result = validateTable({ fields }, rows);
    expect(result.columns).toEqual([
      ['00123', '00124'],
      [1234.5, 1.5],
      [null, null],
    ]);
    expect(result.errors.map((error) => error.suggestion)).toEqual(['2026-12-25', '2026-04-03']);
  });

  it('uses the formats it is given', () => {
    const result = validateTable({ fields }, [['1', '1,5', '03/04/2026']], { numberFormat: 'dot', dateOrder: 'mdy' });
    expect(result.errors.map(({ field, suggestion }) => [field, suggestion])).toEqual([
      ['price', 1.5],
      ['since', '2026-03-04'],
    ]);
  });

  it('detects only what is missing', () => {
    const result = validateTable({ fields }, [['1', '1,5', '03/04/2026'], ['2', '2,5', '25/12/2026']], { dateOrder: null });
    expect(result.columns[1]).toEqual([1.5, 2.5]);
    expect(result.errors.map((error) => error.suggestion)).toEqual([undefined, '2026-12-25']);
  });

  it('returns an empty validation for no rows', () => {
    expect(validateTable({ fields }, [])).toEqual({
      fieldKeys: ['id', 'price', 'since'],
      rowCount: 0,
      columns: [[], [], []],
      errors: [],
      invalidRowCount: 0,
      duplicateGroups: [],
      excludedRows: [],
    });
  });
});

describe('toRecords', () => {
  const rows = [
    ['a', '1', '2026-01-01'],
    ['b', 'x', '2026-01-02'],
    ['c', '3', ''],
  ];

  it('returns every row as an object keyed by field', () => {
    expect(toRecords(validateTable({ fields }, rows))).toEqual([
      { id: 'a', price: 1, since: '2026-01-01' },
      { id: 'b', price: null, since: '2026-01-02' },
      { id: 'c', price: 3, since: null },
    ]);
  });

  it('leaves out rows with errors when asked, and excluded rows always', () => {
    const validation = { ...validateTable({ fields }, rows), excludedRows: [2] };
    expect(toRecords(validation, { onlyValid: true })).toEqual([{ id: 'a', price: 1, since: '2026-01-01' }]);
    expect(toRecords(validation).map((record) => record.id)).toEqual(['a', 'b']);
  });
});
