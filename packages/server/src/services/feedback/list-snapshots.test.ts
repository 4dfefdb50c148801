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

  it('shares a list’s snapshot while it is fresh, serves it stale while ranking again, then waits for a ranking', async () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 10);
    let builds = 0;
    const build = async () => [`ranked ${++builds}`];
    const first = await snapshots.shared('board|top', 1_000, build);
    vi.advanceTimersByTime(999);
    expect(await snapshots.shared('board|top', 1_000, build)).toBe(first);
    vi.advanceTimersByTime(1);
    // Stale: the old snapshot at once, and the list ranked again beside it for the next reader.
    expect(await snapshots.shared('board|top', 1_000, build)).toBe(first);
    const next = await snapshots.shared('board|top', 1_000, build);
    expect([next.ids, builds]).toEqual([['ranked 2'], 2]);
    expect(next.id).not.toBe(first.id);
    // Older than twice the freshness: nothing stale is served, the reader waits for the ranking.
    vi.advanceTimersByTime(2_000);
    expect([(await snapshots.shared('board|top', 1_000, build)).ids, builds]).toEqual([['ranked 3'], 3]);
  });

  it('never serves a board’s snapshot stale once the board changed', async () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 10);
    let builds = 0;
    const build = async () => [`ranked ${++builds}`];
    await snapshots.shared('board|top', 1_000, build);
    vi.advanceTimersByTime(1_500);
    snapshots.invalidate('board|');
    expect((await snapshots.shared('board|top', 1_000, build)).ids).toEqual(['ranked 2']);
  });

  it('tries a failed ranking again with the next first page, serving the stale snapshot meanwhile', async () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 10);
    const first = await snapshots.shared('board|top', 1_000, async () => ['ranked']);
    vi.advanceTimersByTime(1_000);
    expect(await snapshots.shared('board|top', 1_000, () => Promise.reject(new Error('database gone')))).toBe(first);
    await Promise.resolve();
    expect((await snapshots.shared('board|top', 1_000, async () => ['again'])).id).toBe(first.id);
    expect((await snapshots.shared('board|top', 1_000, async () => ['again'])).ids).toEqual(['again']);
  });

  it('forgets the shared snapshots of every list once maxEntries lists hold one', async () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 2);
    let builds = 0;
    const build = async () => [`ranked ${++builds}`];
    for (const list of ['a', 'b', 'c', 'b']) await snapshots.shared(list, 60_000, build);
    // a and b filled the table; c cleared it, so b, whose snapshot is still kept, was ranked again.
    expect(builds).toBe(4);
  });

  /** A ranking that ends when the test says, counted. */
  function heldRankings() {
    const held: { builds: number; finish: (ids: string[]) => void; build: () => Promise<string[]> } = {
      builds: 0,
      finish: () => undefined,
      build: () => Promise.resolve([]),
    };
    held.build = () => {
      held.builds += 1;
      return new Promise<string[]>((resolve) => (held.finish = resolve));
    };
    return held;
  }

  it('ranks a list once for the first pages that arrive while it is being ranked', async () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 10);
    const held = heldRankings();
    const { build } = held;
    const waiting = [snapshots.shared('board|top', 1_000, build), snapshots.shared('board|top', 1_000, build)];
    held.finish(['p1']);
    const [first, second] = await Promise.all(waiting);
    expect(held.builds).toBe(1);
    expect(second).toBe(first);
    expect(await snapshots.shared('board|top', 1_000, build)).toBe(first);
  });

  it('does not keep a ranking that a change of its board overtook', async () => {
    const snapshots = new ListSnapshots(undefined, 60_000, 10);
    const held = heldRankings();
    const { build } = held;
    const before = snapshots.shared('board|top', 1_000, build);
    snapshots.invalidate('board|');
    held.finish(['old']);
    expect((await before).ids).toEqual(['old']);
    const after = snapshots.shared('board|top', 1_000, build);
    held.finish(['new']);
    expect([(await after).ids, held.builds]).toEqual([['new'], 2]);
  });
});
