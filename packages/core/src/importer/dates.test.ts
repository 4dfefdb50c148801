import { describe, expect, it } from 'vitest';
import { dateInOrder, detectDateOrder, isoDateValue, suggestDate } from './dates.js';

describe('isoDateValue', () => {
  it('returns the text itself for a valid ISO date', () => {
    const text = '2026-11-22';
    expect(isoDateValue(text)).toBe(text);
  });

  it('returns null for an ISO-shaped date that does not exist, undefined for other text', () => {
    expect(isoDateValue('2026-02-30')).toBeNull();
    expect(isoDateValue('2026-02-28T24:00')).toBeNull();
    expect(isoDateValue('2026/02/28')).toBeUndefined();
    expect(isoDateValue('20a6-02-28')).toBeUndefined();
    expect(isoDateValue('2026-02-28x')).toBeUndefined();
    expect(isoDateValue('26-02-28')).toBeUndefined();
    expect(isoDateValue('2026-02-ab')).toBeUndefined();
  });

  it.each(['2026-11-22T10:00:00Z', '2026-11-22t10:00:00z', '2026-11-22T10:00:00+0530', '2026-11-22T23:59:60Z', '2026-11-22T10:00:00,5'])(
    'keeps the date-time %j',
    (text) => {
      expect(isoDateValue(text)).toBe(text);
    },
  );
});

describe('suggestDate', () => {
  it('prefers the table order for a date valid both ways', () => {
    expect(suggestDate('05/06/2026', 'dmy').suggestion).toBe('2026-06-05');
    expect(suggestDate('05/06/2026', 'mdy').suggestion).toBe('2026-05-06');
    expect(suggestDate('05/06/2026', 'ymd').suggestion).toBeUndefined();
    expect(suggestDate('05/06/2026', null).suggestion).toBeUndefined();
  });

  it('does not combine a date with an impossible time', () => {
    expect(suggestDate('31/12/2026 24:00', null).suggestion).toBeUndefined();
    expect(suggestDate('31/12/2026 0:00 am', null).suggestion).toBeUndefined();
    expect(suggestDate('31/12/2026 23:59:59', null).suggestion).toBe('2026-12-31T23:59:59');
  });

  it('needs a known month name', () => {
    expect(suggestDate('15 Foo 2023', null).suggestion).toBeUndefined();
    expect(suggestDate('31 Feb 2023', null).suggestion).toBeUndefined();
    expect(suggestDate('29 feb 2024', null).suggestion).toBe('2024-02-29');
  });
});

describe('detectDateOrder', () => {
  it.each([
    [['03/04/2026', '25/12/2026'], 'dmy'],
    [['25.12.2026 10:00', '1.1.2026'], 'dmy'],
    [['12/25/2026', '01/02/2026'], 'mdy'],
    [['2026/12/25', '2026-01-02'], 'ymd'],
    [['2026-01-02', '25/12/2026'], 'dmy'],
    [['03/04/2026'], null],
    [['25/12/2026', '12/25/2026'], null],
    [['25/12/2026', '26/12/2026', '12/25/2026'], 'dmy'],
    [[], null],
    [['hello', undefined, '45000'], null],
  ] as const)('reads %j as %s', (samples, order) => {
    expect(detectDateOrder(samples)).toBe(order);
  });
});

describe('dateInOrder', () => {
  it.each([
    ['03/04/2024', 'dmy', '2024-04-03'],
    ['03/04/2024', 'mdy', '2024-03-04'],
    ['25/12/2024', 'dmy', '2024-12-25'],
    ['25/12/2024', 'mdy', undefined],
    ['3.4.2024 14:30', 'dmy', '2024-04-03T14:30:00'],
    ['2024/4/3', 'ymd', '2024-04-03'],
    ['03/04/24', 'dmy', undefined],
    ['3 Apr 2024', 'dmy', undefined],
    ['31/02/2024', 'dmy', undefined],
  ] as const)('reads %j under %s as %j', (text, order, expected) => {
    expect(dateInOrder(text, order)).toBe(expected);
  });
});
