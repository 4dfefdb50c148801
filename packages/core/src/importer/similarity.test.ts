import { describe, expect, it } from 'vitest';
import { fuzzySimilarity } from './similarity.js';

describe('fuzzySimilarity', () => {
  it.each([
    ['adress', 'address'],
    ['phon', 'phone'],
    ['compnay', 'company'],
    ['lastname', 'lastnme'],
  ])('matches %j and %j, within 30%% of the length', (a, b) => {
    expect(fuzzySimilarity(a, b)).toBeGreaterThanOrEqual(0.7);
  });

  it.each([
    ['id', 'ip'],
    ['abc', 'abd'],
    ['name', 'city'],
    ['email', 'emailaddress'],
    ['country', 'county code'],
  ])('does not match %j and %j', (a, b) => {
    expect(fuzzySimilarity(a, b)).toBe(0);
  });

  it('is 1 minus the edit distance over the longer length', () => {
    expect(fuzzySimilarity('address', 'adress')).toBeCloseTo(1 - 1 / 7);
    expect(fuzzySimilarity('company', 'company')).toBe(1);
  });
});
