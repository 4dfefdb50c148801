import { describe, expect, it } from 'vitest';
import { RowErrors } from './row-errors.js';
import type { CellError } from './types.js';

const order = new Map([
  ['a', 0],
  ['b', 1],
  ['c', 2],
]);
const error = (row: number, field: string): CellError => ({ row, field, code: 'required', message: `${field} is required` });

describe('RowErrors', () => {
  it('keeps one error per cell, in field order, and reports count changes', () => {
    const errors = new RowErrors(order);
    expect(errors.set(0, 'c', error(0, 'c'))).toBe(1);
    expect(errors.set(0, 'a', error(0, 'a'))).toBe(1);
    expect(errors.set(0, 'b', error(0, 'b'))).toBe(1);
    expect(errors.set(0, 'b', error(0, 'b'))).toBe(0);
    expect(errors.of(0)?.map((e) => e.field)).toEqual(['a', 'b', 'c']);
    expect(errors.set(0, 'b', null)).toBe(-1);
    expect(errors.set(0, 'b', null)).toBe(0);
    expect(errors.at(0, 'c')).toEqual(error(0, 'c'));
    expect(errors.at(0, 'b')).toBeUndefined();
  });

  it('forgets a row whose last error is cleared', () => {
    const errors = new RowErrors(order);
    errors.addRow(3, [error(3, 'a')]);
    errors.set(3, 'a', null);
    expect(errors.of(3)).toBeUndefined();
    expect([...errors.rows()]).toEqual([]);
  });

  it('lists rows ascending even after an earlier row gains its first error', () => {
    const errors = new RowErrors(order);
    errors.addRow(2, [error(2, 'a')]);
    errors.addRow(5, [error(5, 'a')]);
    expect([...errors.rows()]).toEqual([2, 5]);
    errors.set(1, 'b', error(1, 'b'));
    errors.set(9, 'b', error(9, 'b'));
    expect([...errors.rows()]).toEqual([1, 2, 5, 9]);
  });
});
