import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PostsTable } from '../../db/schema.js';
import { PostRowCache } from './post-cache.js';

const row = (id: string, voteCount = 0): Selectable<PostsTable> => ({
  id,
  workspace_id: 'ws_1',
  mode: 'test',
  board_id: 'board_1',
  title: 'Dark mode',
  body: '',
  status: 'open',
  vote_count: voteCount,
  trending_score: 0,
  author_key: 'u:1',
  author_id: '1',
  author_name: null,
  author_anonymous: 0,
  category_id: null,
  comment_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('PostRowCache', () => {
  it('keeps a row until its time is up', () => {
    const cache = new PostRowCache(1_000);
    cache.set(row('post_1'), 0, cache.generation);
    expect(cache.get('post_1', 999)?.id).toBe('post_1');
    expect(cache.get('post_1', 1_000)).toBeUndefined();
  });

  it('does not cache a row read before a post changed', () => {
    const cache = new PostRowCache();
    const before = cache.generation;
    cache.delete('post_2'); // a vote on another post, between the read and the caching
    cache.set(row('post_1', 3), 0, before);
    expect(cache.get('post_1', 1)).toBeUndefined();
    cache.set(row('post_1', 4), 0, cache.generation);
    expect(cache.get('post_1', 1)?.vote_count).toBe(4);
  });

  it('drops the oldest rows past its size', () => {
    const cache = new PostRowCache(60_000, 2);
    for (const id of ['post_1', 'post_2', 'post_3']) cache.set(row(id), 0, cache.generation);
    expect([cache.get('post_1', 1), cache.get('post_2', 1)?.id, cache.get('post_3', 1)?.id]).toEqual([undefined, 'post_2', 'post_3']);
  });
});
