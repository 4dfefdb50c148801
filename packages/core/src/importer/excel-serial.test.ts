import { describe, expect, it } from 'vitest';
import { isoDateOfDays, isRealDate } from './calendar.js';
import { excelSerialToIso } from './excel-serial.js';

describe('excelSerialToIso', () => {
  it.each([
    ['1', '1900-01-01'],
    ['31', '1900-01-31'],
    ['59', '1900-02-28'],
    ['61', '1900-03-01'],
    ['367', '1901-01-01'],
    ['25569', '1970-01-01'],
    ['36526', '2000-01-01'],
    ['45000', '2023-03-15'],
    ['45292', '2024-01-01'],
    ['2958465', '9999-12-31'],
    ['45000.25', '2023-03-15T06:00:00'],
    ['45000.999999', '2023-03-16'],
  ])('reads serial %s as %s', (text, iso) => {
    expect(excelSerialToIso(text)).toBe(iso);
  });

  it.each(['0', '60', '2958466', '-1', '2024', '1000', '1e4', '45,000', 'abc', ''])('reads %j as no date', (text) => {
    expect(excelSerialToIso(text)).toBeUndefined();
  });
});

describe('calendar', () => {
  it('counts days from 1970-01-01 across centuries', () => {
    expect(isoDateOfDays(0)).toBe('1970-01-01');
    expect(isoDateOfDays(-1)).toBe('1969-12-31');
    expect(isoDateOfDays(11016)).toBe('2000-02-29');
    expect(isoDateOfDays(-25508)).toBe('1900-03-01');
  });

  it('knows leap years by the Gregorian rule', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(1900, 2, 29)).toBe(false);
    expect(isRealDate(2023, 2, 29)).toBe(false);
    expect(isRealDate(2023, 4, 31)).toBe(false);
    expect(isRealDate(2023, 12, 31)).toBe(true);
  });
});
