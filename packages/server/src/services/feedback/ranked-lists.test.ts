import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onPostgres, testDatabase } from '../../../test/helpers.js';
import { openDatabase, type Storage } from '../../db/connect.js';
import { trendingScore } from './trending.js';
import { CompiledQuery } from 'kysely';
import { rankedAfter, rankedIds, topAfterQuery, type BoardScope, type PostRow } from '../../repositories/feedback/posts.js';

/**
 * Trending lists read a window of recent posts rather than an index on the score: these tests
 * compare every page with a sort of the whole board, on boards shaped to stress the window.
 * And a `top` continuation must seek in its index rather than sort the board.
 */
let storage: Storage;
const scope: BoardScope = { workspaceId: 'ws_1', mode: 'test', boardId: 'board_1' };
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-22T12:00:00.000Z');

// SQLite: a fresh :memory: database per test. PostgreSQL: one database for the file (creating
// one takes a while), emptied before each test.
let shared: Storage | undefined;
beforeAll(async () => {
  if (onPostgres) shared = await openDatabase(await testDatabase());
});
afterAll(() => shared?.close());
beforeEach(async () => {
  if (shared !== undefined) {
    await shared.db.deleteFrom('workspaces').execute();
    storage = shared;
  } else {
    storage = await openDatabase(':memory:');
  }
  await storage.db.insertInto('workspaces').values({ id: 'ws_1', name: 'One', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' }).execute();
  await storage.db.insertInto('resources')
    .values({ id: 'board_1', workspace_id: 'ws_1', kind: 'board', name: 'Ideas', draft_config: '{}', draft_revision_id: 'rev_1', revision_seq: 1, created_at: '2026-01-01', updated_at: '2026-01-01' })
    .execute();
});
afterEach(() => (storage === shared ? undefined : storage.close()));

/** A deterministic generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Seeded {
  id: string;
  score: number;
  createdAt: string;
}

async function seed(posts: { ageHours: number; votes: number }[], otherMode = 0): Promise<Seeded[]> {
  const rows = posts.map((post, i): PostRow => {
    const createdAt = new Date(NOW - post.ageHours * HOUR).toISOString();
    return {
      id: `post_${String(i).padStart(5, '0')}`,
      workspace_id: 'ws_1',
      mode: 'test',
      board_id: 'board_1',
      title: `Post ${i}`,
      body: '',
      status: 'open',
      vote_count: post.votes,
      trending_score: trendingScore(post.votes, createdAt),
      author_key: 'u:1',
      author_id: '1',
      author_name: null,
      author_anonymous: 0,
      category_id: null,
      comment_count: 0,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  // Live posts of the same board must never show, however high they score.
  const live = Array.from({ length: otherMode }, (_, i): PostRow => ({ ...rows[0]!, id: `post_live${i}`, mode: 'live', vote_count: 10_000, trending_score: 1e6 }));
  for (let i = 0; i < rows.length + live.length; i += 200) await storage.db.insertInto('posts').values([...rows, ...live].slice(i, i + 200)).execute();
  return rows.map((row) => ({ id: row.id, score: row.trending_score, createdAt: row.created_at })).sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1));
}

/** Every page of `limit` by keyset, from the first `cap` ids, as the list service walks them. */
async function walk(cap: number, limit: number): Promise<string[]> {
  const first = await rankedIds(storage, scope, 'trending', cap);
  const ids = first.map((row) => row.id);
  let last = first[first.length - 1];
  const asOf = new Date(NOW).toISOString();
  while (last !== undefined && ids.length < 5_000) {
    const page = await rankedAfter(storage, scope, 'trending', { value: last.value, id: last.id, asOf }, limit);
    ids.push(...page.map((row) => row.id));
    const end = page[page.length - 1];
    last = end && { id: end.id, value: end.trending_score };
  }
  return ids;
}

describe('trending lists without a score index', () => {
  it('match a sort of the whole board: a year of posts, a few old ones with many votes', async () => {
    const next = random(7);
    const expected = await seed(
      Array.from({ length: 1_200 }, (_, i) => ({ ageHours: next() * 24 * 365, votes: i % 97 === 0 ? 5_000 + i : Math.floor(next() ** 4 * 60) })),
      3,
    );
    expect(await walk(100, 37)).toEqual(expected.map((post) => post.id));
  });

  it('match it when older posts with many votes outrank the newest ones, on the first page too', async () => {
    // Sixty posts an hour apart without votes; older ones with enough votes to be among them.
    const expected = await seed([
      ...Array.from({ length: 60 }, (_, i) => ({ ageHours: i, votes: 0 })),
      { ageHours: 100, votes: 10_000 },
      { ageHours: 80, votes: 3_000 },
      { ageHours: 400, votes: 5 },
    ]);
    expect(await walk(50, 7)).toEqual(expected.map((post) => post.id));
  });

  it('match it on sparse boards, where the window must widen and then reach back', async () => {
    for (const seedValue of [1, 2, 3]) {
      await storage.db.deleteFrom('posts').execute();
      const next = random(seedValue);
      // About a post a day for most of a year; one in ten with hundreds or thousands of votes.
      const expected = await seed(
        Array.from({ length: 300 }, () => ({ ageHours: next() * 24 * 300, votes: next() < 0.1 ? Math.floor(100 + next() * 5_000) : Math.floor(next() * 4) })),
      );
      expect(await walk(10, 3), `seed ${seedValue}`).toEqual(expected.map((post) => post.id));
    }
  });

  it('answer an empty board, a board smaller than a page, and a continuation from a forged score', async () => {
    expect(await walk(10, 5)).toEqual([]);
    const expected = await seed([{ ageHours: 1, votes: 0 }, { ageHours: 5_000, votes: 40 }, { ageHours: 30, votes: 2 }]);
    expect(await walk(10, 5)).toEqual(expected.map((post) => post.id));
    const asOf = new Date(NOW).toISOString();
    const tail = (value: number) => rankedAfter(storage, scope, 'trending', { value, id: 'post_zzzzz', asOf }, 5).then((rows) => rows.map((row) => row.id));
    expect(await tail(1e300)).toEqual(expected.map((post) => post.id));
    expect(await tail(-1e300)).toEqual([]);
    expect(await tail(Number.NaN)).toEqual([]);
  });
});

describe('top lists past their snapshot', () => {
  it('seek in the top index from the last post shown', async () => {
    const compiled = topAfterQuery(storage, scope, { value: 3, id: 'post_00010', asOf: new Date(NOW).toISOString() }, 51).compile();
    if (onPostgres) {
      // An index scan on posts_top from (value, id), in its order: no sort of the board.
      await seed(Array.from({ length: 2_000 }, (_, i) => ({ ageHours: i, votes: i % 50 })));
      await storage.db.executeQuery(CompiledQuery.raw('ANALYZE posts'));
      const plan = await storage.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
      const details = plan.rows.map((row) => row['QUERY PLAN']).join(' | ');
      expect(details).toMatch(/Index Scan using posts_top on posts/);
      expect(details).not.toMatch(/Sort/);
      return;
    }
    const plan = await storage.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
    expect(plan.rows.map((row) => row.detail).join(' | ')).toMatch(/USING INDEX posts_top \(board_id=\? AND mode=\? AND \(vote_count,id\)<\(\?,\?\)\)/);
    expect(plan.rows.map((row) => row.detail).join(' | ')).not.toMatch(/TEMP B-TREE/);
  });
});
