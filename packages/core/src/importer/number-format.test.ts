import { describe, expect, it } from 'vitest';
import { detectNumberFormat, parseNumber, suggestNumber } from './number-format.js';

describe('parseNumber', () => {
  it.each([
    ['1,234', 'dot', 1234],
    ['1,234', 'comma', 1.234],
    ['1.234', 'dot', 1.234],
    ['1.234', 'comma', 1234],
    ['1,234,567', 'dot', 1234567],
    ['1.234.567', 'comma', 1234567],
  ] as const)('reads %j in a %s file as %j', (text, format, value) => {
    expect(parseNumber(text, format)).toBe(value);
  });

  it.each([
    ['1,234,567', 'comma'],
    ['1.234.567', 'dot'],
    ['1,234.5', 'comma'],
    ['01,234', 'dot'],
    ['1,234e3', 'dot'],
    ['1,23', 'dot'],
    ['1 234,5', 'dot'],
    ['1,234 567', 'dot'],
    ['', 'dot'],
    ['-', 'dot'],
    ['e5', 'dot'],
  ] as const)('refuses %j in a %s file', (text, format) => {
    expect(parseNumber(text, format)).toBeNaN();
  });

  it('requires one grouping mark throughout a number', () => {
    expect(parseNumber("1,234'567", 'dot')).toBeNaN();
    expect(parseNumber("1'234'567", 'dot')).toBe(1234567);
  });
});

describe('suggestNumber', () => {
  it('offers nothing for text no reading makes a number', () => {
    expect(suggestNumber('twelve', 'dot')).toBeUndefined();
    expect(suggestNumber('((5))', 'dot')).toBeUndefined();
    expect(suggestNumber('$', 'dot')).toBeUndefined();
    // An accounting negative is of a positive amount.
    expect(suggestNumber('(0)', 'dot')).toBeUndefined();
    expect(suggestNumber('(12.5)', 'dot')).toBe(-12.5);
  });

  it('keeps the sign before a currency symbol', () => {
    expect(suggestNumber('-€ 3,5', 'comma')).toBe(-3.5);
    expect(suggestNumber('USD 1,200', 'dot')).toBe(1200);
  });
});

describe('detectNumberFormat', () => {
  it.each([
    [['1.234,50', '12', '7,5'], 'comma'],
    [['0,5', '1,25', '3'], 'comma'],
    [['1.234.567'], 'comma'],
    [['1,234.50', '12', '7.5'], 'dot'],
    [['1,234,567'], 'dot'],
    [['0.125'], 'dot'],
    [['1,234', '2,500'], 'dot'],
    [['1.234', '2.500'], 'dot'],
    [[], 'dot'],
    [['', undefined, 'n/a'], 'dot'],
    [['1,5', '2,5', '3.5'], 'comma'],
    [['1,5', '2.5', '3.5'], 'dot'],
    [['1,5', '2.5'], 'dot'],
    // Blank, missing and unreadable samples do not vote, nor stop the count.
    [[undefined, '', 'n/a', 'x', '1,5'], 'comma'],
  ] as const)('reads %j as %s', (samples, format) => {
    expect(detectNumberFormat(samples)).toBe(format);
  });
});
