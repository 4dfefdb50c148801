import { describe, expect, it } from 'vitest';
import { ADDED_FIRST, ADDED_REPEAT, ValueIndex } from './value-index.js';

describe('ValueIndex', () => {
  it('reports the first row of a key as first and later rows as repeats', () => {
    const index = new ValueIndex();
    expect(index.add('a', 0)).toBe(ADDED_FIRST);
    expect(index.add('b', 1)).toBe(ADDED_FIRST);
    expect(index.add('a', 2)).toBe(ADDED_REPEAT);
    expect(index.add('a', 5)).toBe(ADDED_REPEAT);
    expect(index.rowsOf('a')).toEqual([0, 2, 5]);
    expect(index.rowsOf('b')).toEqual([1]);
    expect(index.rowsOf('c')).toEqual([]);
  });

  it('returns the displaced first row when an earlier row joins a key', () => {
    const index = new ValueIndex();
    index.add('a', 4);
    expect(index.add('a', 2)).toBe(4);
    expect(index.add('a', 1)).toBe(2);
    expect(index.add('a', 3)).toBe(ADDED_REPEAT);
    expect(index.rowsOf('a')).toEqual([1, 2, 3, 4]);
  });

  it('returns the promoted row when the first row leaves, and -1 otherwise', () => {
    const index = new ValueIndex();
    for (const row of [1, 3, 7]) index.add('a', row);
    expect(index.remove('a', 3)).toBe(-1);
    expect(index.remove('a', 1)).toBe(7);
    expect(index.rowsOf('a')).toEqual([7]);
    expect(index.remove('a', 7)).toBe(-1);
    expect(index.rowsOf('a')).toEqual([]);
    expect(index.remove('a', 7)).toBe(-1);
    expect(index.remove('missing', 0)).toBe(-1);
  });

  it('ignores removing a row that does not hold the key', () => {
    const index = new ValueIndex();
    index.add('a', 1);
    index.add('a', 3);
    expect(index.remove('a', 2)).toBe(-1);
    expect(index.rowsOf('a')).toEqual([1, 3]);
  });

  it('keeps numbers, strings and booleans apart and lists only shared keys as groups', () => {
    const index = new ValueIndex();
    index.add(1, 0);
    index.add('1', 1);
    index.add(true, 2);
    index.add(1, 3);
    index.add(true, 4);
    expect([...index.groups()]).toEqual([
      [1, [0, 3]],
      [true, [2, 4]],
    ]);
  });
});
