import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListSnapshots } from './list-snapshots.js';

describe('ListSnapshots', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps at most maxEntries snapshots, dropping the oldest first', () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 2);
    const first = snapshots.save(['a']);
    const second = snapshots.save(['b']);
    const third = snapshots.save(['c']);
    expect([snapshots.get(first), snapshots.get(second), snapshots.get(third)]).toEqual([undefined, ['b'], ['c']]);
  });

  it('serves a snapshot until it expires, to the millisecond', () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 10);
    const id = snapshots.save(['a', 'b']);
    vi.advanceTimersByTime(60_000);
    expect(snapshots.get(id)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(snapshots.get(id)).toBeUndefined();
  });

  it('shares a list’s snapshot while it is fresh, and ranks again once it is not', async () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 10);
    let builds = 0;
    const build = async () => [`ranked ${++builds}`];
    const first = await snapshots.shared('board|top', 1_000, build);
    vi.advanceTimersByTime(999);
    expect(await snapshots.shared('board|top', 1_000, build)).toBe(first);
    vi.advanceTimersByTime(1);
    const next = await snapshots.shared('board|top', 1_000, build);
    expect([next.ids, builds]).toEqual([['ranked 2'], 2]);
    expect(next.id).not.toBe(first.id);
  });

  it('forgets the shared snapshots of every list once maxEntries lists hold one', async () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 2);
    let builds = 0;
    const build = async () => [`ranked ${++builds}`];
    for (const list of ['a', 'b', 'c', 'b']) await snapshots.shared(list, 60_000, build);
    // a and b filled the table; c cleared it, so b, whose snapshot is still kept, was ranked again.
    expect(builds).toBe(4);
  });
});
