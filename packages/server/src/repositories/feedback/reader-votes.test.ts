import { describe, expect, it } from 'vitest';
import { ReaderVotes } from './reader-votes.js';

const reader = (id: string) => JSON.stringify([`u:${id}`, `a:${id}`]);
const keys = (id: string) => [`u:${id}`, `a:${id}`];

describe('ReaderVotes', () => {
  it("keeps a reader's votes until their time is up", () => {
    const cache = new ReaderVotes(1_000);
    cache.set(reader('1'), keys('1'), new Set(['post_1']), 0, cache.generation);
    expect(cache.get(reader('1'), 999)).toEqual(new Set(['post_1']));
    expect(cache.get(reader('1'), 1_000)).toBeUndefined();
  });

  it('forgets the readers of an author key that voted, and no one else', () => {
    const cache = new ReaderVotes();
    cache.set(reader('1'), keys('1'), new Set(), 0, cache.generation);
    cache.set(JSON.stringify(['u:1']), ['u:1'], new Set(), 0, cache.generation);
    cache.set(reader('2'), keys('2'), new Set(['post_2']), 0, cache.generation);
    cache.forget('u:1');
    expect(cache.get(reader('1'), 1)).toBeUndefined();
    expect(cache.get(JSON.stringify(['u:1']), 1)).toBeUndefined();
    expect(cache.get(reader('2'), 1)).toEqual(new Set(['post_2']));
  });

  it('does not keep what a read begun before a vote or a post change found', () => {
    const cache = new ReaderVotes();
    const before = cache.generation;
    cache.forget('a:2');
    cache.set(reader('1'), keys('1'), new Set(), 0, before);
    expect(cache.get(reader('1'), 1)).toBeUndefined();
    const beforeClear = cache.generation;
    cache.clear();
    cache.set(reader('1'), keys('1'), new Set(), 0, beforeClear);
    expect(cache.get(reader('1'), 1)).toBeUndefined();
  });

  it('lets the oldest reader go past its size, and forgets it by its keys too', () => {
    const cache = new ReaderVotes(30_000, 2);
    for (const id of ['1', '2', '3']) cache.set(reader(id), keys(id), new Set(), 0, cache.generation);
    expect(cache.get(reader('1'), 1)).toBeUndefined();
    expect(cache.get(reader('3'), 1)).toEqual(new Set());
    // Reader 1's keys no longer point at an entry: a vote of theirs drops nothing else.
    cache.forget('u:1');
    expect(cache.get(reader('2'), 1)).toEqual(new Set());
  });
});
