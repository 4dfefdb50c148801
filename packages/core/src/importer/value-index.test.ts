import { describe, expect, it } from 'vitest';
import type { ImportValue } from './types.js';
import { valueColumn } from './value-columns.js';
import { ADDED_FIRST, ADDED_REPEAT, ValueIndex } from './value-index.js';

/**
 * An index over a column the test fills, as the validator does: value first, then `add`. A text
 * column, as for string fields; past 1,024 rows its values are read back from sealed blocks.
 */
function indexed(values: ImportValue[], ignoreCase = false, expectedRows?: number) {
  const column = valueColumn({ type: 'string' });
  const index = new ValueIndex(column, ignoreCase, expectedRows);
  const add = (value: ImportValue) => {
    column.push(value);
    return index.add(column.length - 1);
  };
  const results = values.map(add);
  return { column, index, add, results };
}

describe('ValueIndex', () => {
  it('reports the first row of a value as first and later rows as repeats', () => {
    const { index, results } = indexed(['a', 'b', 'a', 'c', 'c', 'a']);
    expect(results).toEqual([ADDED_FIRST, ADDED_FIRST, ADDED_REPEAT, ADDED_FIRST, ADDED_REPEAT, ADDED_REPEAT]);
    expect(index.rowsOf('a')).toEqual([0, 2, 5]);
    expect(index.rowsOf('b')).toEqual([1]);
    expect(index.rowsOf('z')).toEqual([]);
  });

  it('returns the displaced first row when an earlier row takes a value, and keeps rows in order', () => {
    const { column, index } = indexed(['x', 'y', 'z', 'y', 'y']);
    expect(index.remove(0)).toBe(-1);
    column.set(0, 'y');
    expect(index.add(0)).toBe(1);
    expect(index.remove(2)).toBe(-1);
    column.set(2, 'y');
    expect(index.add(2)).toBe(ADDED_REPEAT);
    expect(index.rowsOf('y')).toEqual([0, 1, 2, 3, 4]);
  });

  it('returns the promoted row when the first row leaves, and -1 otherwise', () => {
    const { index } = indexed(['a', 'b', 'a', 'a']);
    expect(index.remove(2)).toBe(-1);
    expect(index.rowsOf('a')).toEqual([0, 3]);
    expect(index.remove(0)).toBe(3);
    expect(index.rowsOf('a')).toEqual([3]);
    expect(index.remove(3)).toBe(-1);
    expect(index.rowsOf('a')).toEqual([]);
    expect(index.remove(3)).toBe(-1);
    expect(index.rowsOf('b')).toEqual([1]);
  });

  it('finds a value again after its slot was freed and reused', () => {
    const { column, index, add } = indexed(['a', 'b']);
    index.remove(0);
    column.set(0, null);
    expect(add('c')).toBe(ADDED_FIRST);
    expect(add('a')).toBe(ADDED_FIRST);
    expect(add('b')).toBe(ADDED_REPEAT);
    expect(index.rowsOf('b')).toEqual([1, 4]);
  });

  it('compares emails without case when asked, and strings exactly otherwise', () => {
    expect(indexed(['Ann@x.com', 'ann@X.COM', 'ÄNN@x.com', 'änn@x.com'], true).results).toEqual([ADDED_FIRST, ADDED_REPEAT, ADDED_FIRST, ADDED_REPEAT]);
    expect(indexed(['ABC', 'abc'], false).results).toEqual([ADDED_FIRST, ADDED_FIRST]);
  });

  it('folds every ASCII letter, A and Z included, and nothing next to them', () => {
    const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ@X.COM';
    expect(indexed([upper, upper.toLowerCase()], true).results).toEqual([ADDED_FIRST, ADDED_REPEAT]);
    // '@' and '[' sit just before 'A' and after 'Z'; '`' and '{' where they would fold to.
    expect(indexed(['a@x', 'a`x', 'a[x', 'a{x'], true).results).toEqual([ADDED_FIRST, ADDED_FIRST, ADDED_FIRST, ADDED_FIRST]);
  });

  it('treats equal numbers as one value, 0 and -0 included, and keeps types apart', () => {
    expect(indexed([1.5, 1.5, 0, -0, 2]).results).toEqual([ADDED_FIRST, ADDED_REPEAT, ADDED_FIRST, ADDED_REPEAT, ADDED_FIRST]);
    expect(indexed([1, '1', true, 1, true, false]).results).toEqual([ADDED_FIRST, ADDED_FIRST, ADDED_FIRST, ADDED_REPEAT, ADDED_REPEAT, ADDED_FIRST]);
  });

  it('lists only shared values as groups, emails lower-cased', () => {
    const { index } = indexed(['B@x.com', 'a@x.com', 'b@x.com', 'c@x.com', 'A@x.com', 'b@X.com'], true);
    expect([...index.groups()].sort()).toEqual([
      ['a@x.com', [1, 4]],
      ['b@x.com', [0, 2, 5]],
    ]);
  });

  it.each([
    ['from its smallest size', undefined],
    ['sized for the rows up front', 5000],
    ['sized for too few rows', 3000],
    ['given a nonsense size', Number.NaN],
  ])('stays right through growth and many removals (against a Map), %s', (_, expectedRows) => {
    const { column, index } = indexed([], false, expectedRows);
    const expected = new Map<string, number[]>();
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let row = 0; row < 5000; row++) {
      const value = `v${Math.floor(random() * 3000)}`;
      column.push(value);
      index.add(row);
      expected.set(value, [...(expected.get(value) ?? []), row]);
    }
    for (let edit = 0; edit < 5000; edit++) {
      const row = Math.floor(random() * 5000);
      const old = column.get(row) as string;
      const before = expected.get(old) ?? [];
      // The row that becomes first when the first row goes, else -1.
      expect(index.remove(row)).toBe(before[0] === row ? (before[1] ?? -1) : -1);
      expected.set(old, before.filter((r) => r !== row));
      const value = `v${Math.floor(random() * 6000)}`;
      column.set(row, value);
      const holders = expected.get(value) ?? [];
      const first = holders[0];
      expect(index.add(row)).toBe(first === undefined ? ADDED_FIRST : row > first ? ADDED_REPEAT : first);
      expected.set(value, [...holders, row].sort((a, b) => a - b));
    }
    for (const [value, rows] of expected) expect(index.rowsOf(value)).toEqual(rows);
    expect(new Map(index.groups() as Iterable<[string, number[]]>)).toEqual(new Map([...expected].filter(([, rows]) => rows.length > 1)));
  });
});
