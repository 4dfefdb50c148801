import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import { ColumnTallies, DateOrderTally, detectColumnFormats, NumberFormatTally } from './column-formats.js';
import { recordsCells } from './byte-records.js';
import type { ByteRecords } from './types.js';
import { validateValue } from './values.js';

const FIELDS: FieldDefinition[] = [
  { key: 'amount', label: 'Amount', type: 'number' },
  { key: 'start', label: 'Start', type: 'date' },
  { key: 'qty', label: 'Qty', type: 'number' },
];

function numbers(cells: string[], hint?: 'dot' | 'comma') {
  const tally = new NumberFormatTally();
  for (const cell of cells) tally.addText(cell);
  return tally.result(hint);
}

describe('NumberFormatTally', () => {
  it('calls a column of German thousands (45.000, 52.500, 1.250) ambiguous, read with the hint', () => {
    expect(numbers(['45.000', '52.500', '1.250'], 'comma')).toMatchObject({ format: 'comma', ambiguous: true, example: '45.000' });
    expect(numbers(['45.000', '52.500', '1.250'])).toMatchObject({ format: 'dot', ambiguous: true });
  });

  it('settles a column from a value anywhere in it, however late', () => {
    const cells = [...Array.from({ length: 20_000 }, () => '1.250'), '1.234,5'];
    expect(numbers(cells)).toMatchObject({ format: 'comma', ambiguous: false, counts: { dot: 0, comma: 1, ambiguous: 20_000 } });
    expect(numbers(['1.250', '12.5'], 'comma')).toMatchObject({ format: 'dot', ambiguous: false });
  });

  it.each([
    ['1.5', 'dot'],
    ['12.50', 'dot'],
    ['0.250', 'dot'],
    ['1234.567', 'dot'],
    ['1,234.5', 'dot'],
    ['1,234,567', 'dot'],
    ['.5', 'dot'],
    ['1,5', 'comma'],
    ['1.234,5', 'comma'],
    ['1.234.567', 'comma'],
    ['-7,25', 'comma'],
  ] as const)('counts %j as read only with a decimal %s', (cell, format) => {
    expect(numbers([cell]).counts[format]).toBe(1);
    expect(numbers([cell]).ambiguous).toBe(false);
  });

  it.each(['1.250', '-1,250', '999.999', ' 12.000 '])('counts %j as ambiguous', (cell) => {
    expect(numbers([cell]).counts.ambiguous).toBe(1);
  });

  it.each(['42', '1e3', '1 234', 'abc', '', '1.2.3,4.5'])('passes over %j, which says nothing', (cell) => {
    expect(numbers([cell]).counts).toEqual({ dot: 0, comma: 0, ambiguous: 0 });
  });

  it('classifies bytes as it classifies text', () => {
    const cells = ['1.250', '1,5', '12.50', '42', ' 1.250', '1.234,5', '.5', '+3.000', '1e3', 'x.y', 'ü,5', '1,234.5'];
    const text = new NumberFormatTally();
    const bytes = new NumberFormatTally();
    const encoder = new TextEncoder();
    for (const cell of cells) {
      text.addText(cell);
      const encoded = encoder.encode(`;${cell};`);
      bytes.addBytes(encoded, 1, encoded.length - 1);
    }
    expect(bytes.result()).toEqual(text.result());
  });
});

describe('DateOrderTally', () => {
  function dates(cells: string[]) {
    const tally = new DateOrderTally();
    for (const cell of cells) tally.addText(cell);
    return tally.result();
  }

  it('calls 03/04/2024 in every row ambiguous, with it as the example', () => {
    expect(dates(['03/04/2024', '03/04/2024'])).toMatchObject({ order: null, ambiguous: true, example: '03/04/2024' });
  });

  it('settles the order from any row', () => {
    expect(dates(['03/04/2024', '25/12/2024'])).toMatchObject({ order: 'dmy', ambiguous: false });
    expect(dates(['03/04/2024', '12/25/2024 10:00'])).toMatchObject({ order: 'mdy', ambiguous: false });
    expect(dates(['2024-04-03', '2024/4/3'])).toMatchObject({ order: 'ymd', ambiguous: false });
  });

  it('asks when the evidence ties', () => {
    expect(dates(['25/12/2024', '12/25/2024', '03/04/2024'])).toMatchObject({ order: null, ambiguous: true });
  });

  it('says nothing about ISO dates and days equal to their month', () => {
    expect(dates(['2024-04-03', '04/04/2024'])).toMatchObject({ order: null, ambiguous: false });
  });
});

describe('detectColumnFormats', () => {
  const mapping = { amount: 0, start: 1, qty: 2 };

  it('reads the German file (; delimited) as comma-decimal, asking about each column it cannot settle', () => {
    const rows = [
      ['45.000', '03/04/2024', '1'],
      ['52.500', '03/04/2024', '2'],
      ['1.250', '03/04/2024', '3'],
    ];
    const formats = detectColumnFormats(FIELDS, rows, mapping, 'comma');
    expect(formats.numbers.amount).toMatchObject({ format: 'comma', ambiguous: true, example: '45.000' });
    expect(formats.numbers.qty).toMatchObject({ format: 'comma', ambiguous: false });
    expect(formats.dates.start).toMatchObject({ order: null, ambiguous: true, example: '03/04/2024' });
    expect(validateValue(FIELDS[0] as FieldDefinition, '1.250', { numberFormats: { amount: formats.numbers.amount?.format ?? 'dot' } })).toEqual({ ok: true, value: 1250 });
  });

  it('lets another number column of the file settle an ambiguous one', () => {
    const rows = [
      ['1.250', '', '12,5'],
      ['2.500', '', '7,25'],
    ];
    const formats = detectColumnFormats(FIELDS, rows, mapping);
    expect(formats.numbers.amount).toMatchObject({ format: 'comma', ambiguous: false });
  });

  it('tallies byte records as it tallies their text', () => {
    const encoder = new TextEncoder();
    const cells = [
      ['1.250', '03/04/2024', '"1,5"'],
      ['h"1', '25/12/2024', '7'],
    ];
    const parts: number[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const escaped: number[] = [];
    const first = [0];
    for (const row of cells) {
      for (const cell of row) {
        parts.push(0x3b);
        starts.push(parts.length);
        parts.push(...encoder.encode(cell.replaceAll('"', '""')));
        ends.push(parts.length);
        escaped.push(cell.includes('"') ? 1 : 0);
      }
      first.push(starts.length);
    }
    const records: ByteRecords = {
      bytes: Uint8Array.from(parts),
      count: cells.length,
      first: Int32Array.from(first),
      starts: Int32Array.from(starts),
      ends: Int32Array.from(ends),
      escaped: Uint8Array.from(escaped),
    };
    const fromBytes = new ColumnTallies(FIELDS, mapping);
    fromBytes.addByteRecords(records, 0);
    const fromText = new ColumnTallies(FIELDS, mapping);
    fromText.addRows(recordsCells(records));
    expect(fromBytes.result('dot')).toEqual(fromText.result('dot'));
    expect(fromBytes.result('dot').dates.start?.order).toBe('dmy');
  });

  it('keeps a field keyed __proto__ as data', () => {
    const fields: FieldDefinition[] = [{ key: '__proto__', label: 'P', type: 'number' }];
    const formats = detectColumnFormats(fields, [['1,5']]);
    expect(Object.hasOwn(formats.numbers, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(formats.numbers)).toBe(Object.prototype);
  });
});
