import { describe, expect, it } from 'vitest';
import type { ImportValue } from './types.js';
import { valueColumn } from './value-columns.js';

const PLANS = ['free', 'pro', 'team'];

/** Fills a column of `type` with `values`. */
function filled(type: 'string' | 'number' | 'boolean' | 'enum' | 'date', values: ImportValue[]) {
  const column = valueColumn({ type, enumValues: PLANS });
  for (const value of values) column.push(value);
  return column;
}

// 2,500 rows: two sealed blocks of 1,024 and an open one.
const ROWS = 2500;
const texts = Array.from({ length: ROWS }, (_, row): ImportValue => (row % 7 === 0 ? null : row % 11 === 0 ? 'é€😀' : `v${row}`));
const numbers = Array.from({ length: ROWS }, (_, row): ImportValue => (row % 5 === 0 ? null : row % 3 === 0 ? -0 : row / 8 - 100));
const booleans = Array.from({ length: ROWS }, (_, row): ImportValue => (row % 3 === 0 ? null : row % 2 === 0));
const plans = Array.from({ length: ROWS }, (_, row): ImportValue => (row % 4 === 3 ? null : (PLANS[row % 4] as string)));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dates = Array.from({ length: ROWS }, (_, row): ImportValue => (row % 6 === 0 ? null : `${pad(row % 7 === 0 ? row % 3 : 1900 + (row % 300), 4)}-${pad(1 + (row % 12))}-${pad(1 + (row % 31))}`));

describe('value columns', () => {
  it.each([
    ['string', texts],
    ['number', numbers],
    ['boolean', booleans],
    ['enum', plans],
    ['date', dates],
  ] as const)('give back every %s value and null as pushed, across blocks', (type, values) => {
    const column = filled(type, values);
    expect(column.length).toBe(ROWS);
    expect(column.toArray()).toEqual(values);
    expect(Object.is(filled('number', [-0]).get(0), -0)).toBe(true);
    expect(column.get(ROWS)).toBeNull();
    expect(column.get(-1)).toBeNull();
  });

  it('keeps an edit of a sealed block and of the open one, to a value or to null', () => {
    const column = filled('string', texts);
    const edits: [number, ImportValue][] = [
      [1, 'edited'],
      [1023, null],
      [1024, 'x'],
      [2400, 'open block'],
      [2401, null],
      [0, 'was null'],
    ];
    const expected = [...texts];
    for (const [row, value] of edits) {
      column.set(row, value);
      expected[row] = value;
    }
    expect(column.toArray()).toEqual(expected);
    // The open block is sealed with its edits.
    for (let row = ROWS; row < 3072; row++) {
      column.push(`w${row}`);
      expected.push(`w${row}`);
    }
    expect(column.toArray()).toEqual(expected);
  });

  it('edits numbers and booleans in place', () => {
    const number = filled('number', numbers);
    number.set(5, 1.5);
    number.set(6, null);
    expect([number.get(5), number.get(6)]).toEqual([1.5, null]);
    const boolean = filled('boolean', booleans);
    boolean.set(0, false);
    boolean.set(1, null);
    expect([boolean.get(0), boolean.get(1)]).toEqual([false, null]);
  });

  it('holds a value of another type than its own, and an empty string, unchanged', () => {
    const values: ImportValue[] = ['', 12, true, 'text', null];
    const text = filled('string', [...values, ...texts]);
    expect(text.toArray().slice(0, 5)).toEqual(values);
    const number = filled('number', ['7', false]);
    expect(number.toArray()).toEqual(['7', false]);
    number.set(0, 3);
    expect(number.get(0)).toBe(3);
    expect(filled('boolean', ['yes', 1]).toArray()).toEqual(['yes', 1]);
    const plan = filled('enum', ['gold', 'pro', 7, null]);
    expect(plan.toArray()).toEqual(['gold', 'pro', 7, null]);
    plan.set(0, 'team');
    expect(plan.get(0)).toBe('team');
  });

  it('keeps date-times, and plain dates it cannot pack, as text beside the packed dates', () => {
    const mixed: ImportValue[] = [...dates.slice(0, 700)];
    const odd: [number, ImportValue][] = [
      [300, '2024-02-29T13:45:00Z'],
      [301, '2024-13-01'],
      [302, '2024-00-10'],
      [303, '2024-01-32'],
      [304, '20240101xx'],
      [305, 42],
      [699, '1999-12-31 23:59'],
    ];
    for (const [row, value] of odd) mixed[row] = value;
    const column = filled('date', mixed);
    expect(column.toArray()).toEqual(mixed);
    // Edits move a row between the packed dates and the text.
    column.set(300, '2025-06-01');
    column.set(1, '2025-06-01T08:00');
    column.set(2, null);
    column.push('0001-01-01');
    column.push(null);
    expect([300, 1, 2, 700, 701].map((row) => column.get(row))).toEqual(['2025-06-01', '2025-06-01T08:00', null, '0001-01-01', null]);
    expect(column.get(699)).toBe('1999-12-31 23:59');
    column.set(699, null);
    column.set(305, '2001-01-01');
    expect([column.get(699), column.get(305)]).toEqual([null, '2001-01-01']);
  });

  it('keeps blocks whose text is longer than 16-bit offsets reach', () => {
    // About 82,000 characters in each sealed block of 256 rows (a fifth of them null).
    const long = Array.from({ length: 600 }, (_, row): ImportValue => (row % 5 === 0 ? null : `${row}:${'x'.repeat(400 + (row % 7))}`));
    expect(long.slice(0, 256).join('').length).toBeGreaterThan(0xffff);
    expect(long.slice(256, 512).join('').length).toBeGreaterThan(0xffff);
    expect(filled('string', long).toArray()).toEqual(long);
  });

  it.each([
    ['string', (row: number): ImportValue => (row % 9 === 0 ? null : `r${row}`)],
    ['number', (row: number): ImportValue => (row % 9 === 0 ? null : row * 1.5)],
    ['boolean', (row: number): ImportValue => (row % 9 === 0 ? null : row % 2 === 1)],
    ['enum', (row: number): ImportValue => (row % 9 === 0 ? null : (PLANS[row % 3] as string))],
    ['date', (row: number): ImportValue => (row % 9 === 0 ? null : `20${pad(row % 100)}-${pad(1 + (row % 12))}-${pad(1 + (row % 28))}`)],
  ] as const)('crosses pages of 65,536 rows (%s)', (type, valueOf) => {
    const values = Array.from({ length: 140_000 }, (_, row) => valueOf(row));
    const column = filled(type, values);
    for (const row of [0, 65_535, 65_536, 65_537, 131_071, 131_072, 139_999]) expect([row, column.get(row)]).toEqual([row, values[row]]);
    column.set(65_536, valueOf(1));
    expect(column.get(65_536)).toEqual(valueOf(1));
  });

  it('refuses to set a row it does not have', () => {
    for (const type of ['string', 'number', 'boolean', 'enum', 'date'] as const) {
      expect(() => filled(type, [null]).set(1, null)).toThrow(RangeError);
      expect(() => filled(type, [null]).set(-1, 'x')).toThrow(RangeError);
    }
  });
});
