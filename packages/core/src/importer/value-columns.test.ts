import { describe, expect, it } from 'vitest';
import type { ImportValue } from './types.js';
import { valueColumn } from './value-columns.js';

const PLANS = ['free', 'pro', 'team'];

/** Fills a column of `type` with `values`. */
function filled(type: 'string' | 'number' | 'boolean' | 'enum', values: ImportValue[]) {
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

describe('value columns', () => {
  it.each([
    ['string', texts],
    ['number', numbers],
    ['boolean', booleans],
    ['enum', plans],
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

  it('keeps blocks whose text is longer than 16-bit offsets reach', () => {
    const long = Array.from({ length: 600 }, (_, row): ImportValue => (row % 5 === 0 ? null : `${row}:${'x'.repeat(300 + (row % 7))}`));
    expect(filled('string', long).toArray()).toEqual(long);
  });

  it.each([
    ['string', (row: number): ImportValue => (row % 9 === 0 ? null : `r${row}`)],
    ['number', (row: number): ImportValue => (row % 9 === 0 ? null : row * 1.5)],
    ['boolean', (row: number): ImportValue => (row % 9 === 0 ? null : row % 2 === 1)],
    ['enum', (row: number): ImportValue => (row % 9 === 0 ? null : (PLANS[row % 3] as string))],
  ] as const)('crosses pages of 65,536 rows (%s)', (type, valueOf) => {
    const values = Array.from({ length: 140_000 }, (_, row) => valueOf(row));
    const column = filled(type, values);
    for (const row of [0, 65_535, 65_536, 65_537, 131_071, 131_072, 139_999]) expect([row, column.get(row)]).toEqual([row, values[row]]);
    column.set(65_536, valueOf(1));
    expect(column.get(65_536)).toEqual(valueOf(1));
  });

  it('refuses to set a row it does not have', () => {
    for (const type of ['string', 'number', 'boolean', 'enum'] as const) expect(() => filled(type, [null]).set(1, null)).toThrow(RangeError);
  });
});
