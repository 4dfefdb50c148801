import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('has the prefix and 23 lower-case base36 characters', () => {
    expect(newId('post')).toMatch(/^post_[0-9a-z]{23}$/);
  });

  it('sorts in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId('x'));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
