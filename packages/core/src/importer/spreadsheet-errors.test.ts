// A spreadsheet's error values (`#DIV/0!`, `#N/A`, …) are refused in every field type, from
// strings (an XLSX cell typed as an error, a CSV cell Excel wrote) and on the byte path alike.
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import { TableValidator } from './table-validator.js';
import type { ByteRecords } from './types.js';
import { validateRow } from './validate-row.js';
import { validateValue } from './values.js';

const FIELDS: FieldDefinition[] = [
  { key: 'name', label: 'Name', type: 'string' },
  { key: 'amount', label: 'Amount', type: 'number' },
  { key: 'when', label: 'When', type: 'date' },
  { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', '#N/A'] },
  { key: 'email', label: 'Email', type: 'email' },
];

/** One CSV line's cells as byte ranges, as the widget's byte reader gives them. */
function byteRecords(cells: string[]): ByteRecords {
  const bytes = new TextEncoder().encode(cells.join(','));
  const starts = new Int32Array(cells.length);
  const ends = new Int32Array(cells.length);
  let at = 0;
  cells.forEach((cell, i) => {
    starts[i] = at;
    ends[i] = at + new TextEncoder().encode(cell).length;
    at = (ends[i] as number) + 1;
  });
  return { bytes, count: 1, first: Int32Array.of(0, cells.length), starts, ends, escaped: new Uint8Array(cells.length) };
}

describe('spreadsheet error values', () => {
  it('are refused as spreadsheet_error in every field type, saying what the sheet shows', () => {
    const row = ['#N/A', '#DIV/0!', ' #VALUE! ', '#N/A', '#REF!'];
    const { values, errors } = validateRow(FIELDS, row, 3);
    expect(values).toEqual([null, null, null, null, null]);
    expect(errors.map((error) => [error.field, error.code, error.message])).toEqual([
      ['name', 'spreadsheet_error', 'The sheet shows #N/A here'],
      ['amount', 'spreadsheet_error', 'The sheet shows #DIV/0! here'],
      ['when', 'spreadsheet_error', 'The sheet shows #VALUE! here'],
      ['plan', 'spreadsheet_error', 'The sheet shows #N/A here'],
      ['email', 'spreadsheet_error', 'The sheet shows #REF! here'],
    ]);
    // Only the exact error values: other text starting with # is text.
    expect(validateValue(FIELDS[0] as FieldDefinition, '#hashtag')).toEqual({ ok: true, value: '#hashtag' });
    expect(validateValue(FIELDS[0] as FieldDefinition, '#n/a')).toEqual({ ok: true, value: '#n/a' });
  });

  it('are refused on the byte path as on the string path', () => {
    const cells = ['#N/A', '#NUM!', '#NAME?', '#N/A', '#NULL!'];
    const strings = new TableValidator({ fields: FIELDS });
    strings.addRows([cells]);
    const bytes = new TableValidator({ fields: FIELDS });
    bytes.addByteRecords(byteRecords(cells));
    const codes = (validator: TableValidator) => validator.review().errors.map((error) => `${error.field}:${error.code}`);
    expect(codes(bytes)).toEqual(['name:spreadsheet_error', 'amount:spreadsheet_error', 'when:spreadsheet_error', 'plan:spreadsheet_error', 'email:spreadsheet_error']);
    expect(codes(bytes)).toEqual(codes(strings));
  });
});

describe('percentages in a number field', () => {
  it('are refused with the value they stand for as the suggestion (15% → 0.15)', () => {
    const field = FIELDS[1] as FieldDefinition;
    expect(validateValue(field, '15%')).toMatchObject({ ok: false, code: 'invalid_number', suggestion: 0.15 });
    expect(validateValue(field, '15.3 %')).toMatchObject({ ok: false, code: 'invalid_number', suggestion: 0.153 });
    expect(validateValue(field, '-123,45%', { numberFormat: 'comma' })).toMatchObject({ ok: false, suggestion: -1.2345 });
    expect(validateValue(field, 'abc%')).toEqual({ ok: false, code: 'invalid_number', message: 'Expected a number such as 1234.5' });
  });
});
