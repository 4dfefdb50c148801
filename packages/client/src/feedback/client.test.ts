import type { BoardConfig, PublishedConfig } from '@inlay/core';
import { describe, expect, it, vi } from 'vitest';
import { InlayInvalidRequestError, InlayPermissionError, InlayRateLimitError } from '../errors.js';
import { apiError, ok, postFixture, stubFetch, type Answer } from '../testing/fetch-stub.js';
import { createTransport } from '../transport.js';
import { createFeedbackClient, feedbackClient, type FeedbackClient } from './client.js';
import { createFeedbackCommentsClient, type FeedbackCommentsClient } from './comments.js';

const KEY = 'svc_test_pub_0123456789abcdefghijABCDEFGHIJ01';
const BASE = 'http://127.0.0.1:4000/feedback';
const POST = postFixture();

function setup(...answers: Answer[]) {
  const stub = stubFetch(...answers);
  const sleeps: number[] = [];
  const client = feedbackClient(
    createTransport({
      publishableKey: KEY,
      baseUrl: BASE,
      fetch: stub.fetch,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    }),
  );
  return { client, requests: stub.requests, sleeps };
}

/** One method call and the request it must send. */
interface Case<C = FeedbackClient> {
  name: string;
  call: (client: C) => Promise<unknown>;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

const CASES: Case[] = [
  { name: 'getConfig', call: (c) => c.getConfig('board_1'), method: 'GET', url: '/api/v1/config/board_1' },
  { name: 'listPosts (board only)', call: (c) => c.listPosts({ boardId: 'board_1' }), method: 'GET', url: '/api/v1/posts?boardId=board_1' },
  {
    name: 'listPosts (every parameter)',
    call: (c) => c.listPosts({ boardId: 'board_1', q: 'dark mode', sort: 'trending', limit: 5, cursor: 'cur_1', authorId: 'anon_1' }),
    method: 'GET',
    url: '/api/v1/posts?boardId=board_1&q=dark+mode&sort=trending&limit=5&cursor=cur_1&authorId=anon_1',
  },
  {
    name: 'createPost',
    call: (c) => c.createPost({ boardId: 'board_1', title: 'Dark mode', body: 'Please', author: { id: 'user_1', name: 'Ada' } }),
    method: 'POST',
    url: '/api/v1/posts',
    body: { boardId: 'board_1', title: 'Dark mode', body: 'Please', author: { id: 'user_1', name: 'Ada' } },
  },
  {
    name: 'createPost (token author, no body)',
    call: (c) => c.createPost({ boardId: 'board_1', title: 'Dark mode' }),
    method: 'POST',
    url: '/api/v1/posts',
    body: { boardId: 'board_1', title: 'Dark mode' },
  },
  {
    name: 'vote',
    call: (c) => c.vote('post_1', { author: { id: 'anon_1', anonymous: true } }),
    method: 'POST',
    url: '/api/v1/posts/post_1',
    body: { action: 'vote', author: { id: 'anon_1', anonymous: true } },
  },
  {
    name: 'listPosts (a roadmap column of one category)',
    call: (c) => c.listPosts({ boardId: 'board_1', status: ['planned', 'in_progress'], categoryId: 'ui' }),
    method: 'GET',
    url: '/api/v1/posts?boardId=board_1&status=planned%2Cin_progress&categoryId=ui',
  },
  {
    name: 'createPost (with a category)',
    call: (c) => c.createPost({ boardId: 'board_1', title: 'Dark mode', categoryId: 'ui' }),
    method: 'POST',
    url: '/api/v1/posts',
    body: { boardId: 'board_1', title: 'Dark mode', categoryId: 'ui' },
  },
  { name: 'getPost', call: (c) => c.getPost('post_1', { authorId: 'anon_1' }), method: 'GET', url: '/api/v1/posts/post_1?authorId=anon_1' },
  { name: 'vote (token author)', call: (c) => c.vote('post_1'), method: 'POST', url: '/api/v1/posts/post_1', body: { action: 'vote' } },
  {
    name: 'unvote',
    call: (c) => c.unvote('post_1', { author: { id: 'user_1' } }),
    method: 'POST',
    url: '/api/v1/posts/post_1',
    body: { action: 'unvote', author: { id: 'user_1' } },
  },
];

const COMMENT_CASES: Case<FeedbackCommentsClient>[] = [
  { name: 'listComments', call: (c) => c.listComments('post_1', { limit: 50, cursor: 'c1' }), method: 'GET', url: '/api/v1/posts/post_1/comments?limit=50&cursor=c1' },
  {
    name: 'createComment',
    call: (c) => c.createComment('post_1', { body: 'Me too', parentId: 'cmt_1', author: { id: 'anon_1', anonymous: true } }),
    method: 'POST',
    url: '/api/v1/posts/post_1/comments',
    body: { body: 'Me too', parentId: 'cmt_1', author: { id: 'anon_1', anonymous: true } },
  },
  { name: 'editComment', call: (c) => c.editComment('cmt_1', { body: 'Fixed' }), method: 'POST', url: '/api/v1/comments/cmt_1', body: { action: 'edit', body: 'Fixed' } },
  { name: 'deleteComment', call: (c) => c.deleteComment('cmt_1'), method: 'POST', url: '/api/v1/comments/cmt_1', body: { action: 'delete' } },
];

describe('FeedbackCommentsClient wire shapes', () => {
  it.each(COMMENT_CASES)('$name sends $method $url', async ({ call, method, url, body }) => {
    const stub = stubFetch(ok('answer'));
    const client = createFeedbackCommentsClient({ publishableKey: KEY, baseUrl: BASE, fetch: stub.fetch });
    expect(await call(client)).toBe('answer');
    const [request] = stub.requests;
    expect(request!.method).toBe(method);
    expect(request!.url).toBe(BASE + url);
    expect(request!.body).toEqual(body);
  });

  it('refuses empty ids before sending', async () => {
    const stub = stubFetch();
    const client = createFeedbackCommentsClient({ publishableKey: KEY, baseUrl: BASE, fetch: stub.fetch });
    await expect(client.listComments('')).rejects.toThrow(/postId/);
    await expect(client.deleteComment('')).rejects.toThrow(/commentId/);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('FeedbackClient wire shapes', () => {
  it.each(CASES)('$name sends $method $url', async ({ call, method, url, body }) => {
    const { client, requests } = setup(ok('answer'));
    expect(await call(client)).toBe('answer');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe(method);
    expect(request!.url).toBe(BASE + url);
    expect(request!.headers['authorization']).toBe(`Bearer ${KEY}`);
    if (method === 'POST') {
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.body).toEqual(body);
    } else {
      expect(request!.body).toBeUndefined();
    }
  });

  it('answers the data of the envelope: config, pages, posts and vote results', async () => {
    const config: PublishedConfig<'board', BoardConfig> = {
      id: 'board_1',
      object: 'board',
      name: 'Ideas',
      revisionId: 'rev_1',
      publishedAt: '2025-01-01T00:00:00.000Z',
      config: { submissionsEnabled: true, votingEnabled: true, showVoteCounts: true, allowAnonymous: false, requireAuthorToken: false, emptyState: '' },
    };
    const page = { items: [POST], nextCursor: 'next' };
    const vote = { postId: 'post_1', voteCount: 4, voted: true };
    const { client } = setup(ok(config), ok(page), ok(POST), ok(vote));
    expect(await client.getConfig('board_1')).toEqual(config);
    expect(await client.listPosts({ boardId: 'board_1' })).toEqual(page);
    expect(await client.createPost({ boardId: 'board_1', title: 'Dark mode' })).toEqual(POST);
    expect(await client.vote('post_1')).toEqual(vote);
  });

  it('leaves out a blank search, an empty cursor and absent author fields', async () => {
    const { client, requests } = setup(ok({ items: [], nextCursor: null }), ok(POST));
    await client.listPosts({ boardId: 'board_1', q: '   ', cursor: '', authorId: '' });
    await client.createPost({ boardId: 'board_1', title: 't', body: undefined, author: { id: 'u', name: undefined, anonymous: undefined } });
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/posts?boardId=board_1`);
    expect(requests[1]!.body).toEqual({ boardId: 'board_1', title: 't', author: { id: 'u' } });
  });

  it('sends only the author fields the server knows, from a wider user object', async () => {
    const { client, requests } = setup(ok({}));
    const user = { id: 'user_1', name: 'Ada', email: 'ada@example.com', plan: 'pro' };
    await client.vote('post_1', { author: user });
    expect(requests[0]!.body).toEqual({ action: 'vote', author: { id: 'user_1', name: 'Ada' } });
  });

  it('encodes post ids as single path segments and refuses empty ids before sending', async () => {
    const { client, requests } = setup(ok({}));
    await client.vote('post/../x?y');
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/posts/post%2F..%2Fx%3Fy`);
    await expect(client.vote('')).rejects.toThrow(/postId/);
    await expect(client.getConfig('')).rejects.toThrow(/boardId/);
    await expect(client.listPosts({ boardId: '' })).rejects.toThrow(/boardId/);
    await expect(client.createPost({ boardId: '', title: 't' })).rejects.toThrow(/boardId/);
    expect(requests).toHaveLength(1);
  });

  it('works with createFeedbackClient and detached methods', async () => {
    const stub = stubFetch(ok({ items: [], nextCursor: null }));
    const { listPosts } = createFeedbackClient({ publishableKey: KEY, baseUrl: `${BASE}/`, fetch: stub.fetch });
    await listPosts({ boardId: 'board_1', sort: 'new' });
    expect(stub.requests[0]!.url).toBe(`${BASE}/api/v1/posts?boardId=board_1&sort=new`);
  });
});

describe('FeedbackClient retries', () => {
  const fail = () => apiError(503, { type: 'internal', code: 'internal_error' });

  it('retries reads and votes after a 5xx or a connection error', async () => {
    const { client, requests, sleeps } = setup(
      fail(),
      ok({ items: [], nextCursor: null }),
      new TypeError('fetch failed'),
      ok({ postId: 'post_1', voteCount: 1, voted: true }),
      fail(),
      ok({ postId: 'post_1', voteCount: 0, voted: false }),
    );
    await client.listPosts({ boardId: 'board_1' });
    expect(await client.vote('post_1')).toMatchObject({ voted: true });
    expect(await client.unvote('post_1')).toMatchObject({ voted: false });
    expect(requests).toHaveLength(6);
    expect(sleeps).toEqual([150, 150, 150]);
  });

  it('never retries createPost after a 5xx, a rate limit or a connection error: a repeat would post twice', async () => {
    for (const failure of [
      fail(),
      apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '1' }),
      new TypeError('fetch failed'),
    ]) {
      const { client, requests, sleeps } = setup(failure, ok(POST));
      await expect(client.createPost({ boardId: 'board_1', title: 'Dark mode', author: { id: 'u' } })).rejects.toThrow();
      expect(requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
  });

  it('surfaces the post rate limit with its Retry-After', async () => {
    const { client } = setup(apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '42' }));
    const error = await client.createPost({ boardId: 'board_1', title: 't', author: { id: 'u' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayRateLimitError);
    expect(error).toMatchObject({ retryAfterSec: 42 });
  });

  it('repeats createPost once with a fresh token after author_token_expired, which the server refuses before acting', async () => {
    const stub = stubFetch(apiError(401, { type: 'authentication', code: 'author_token_expired' }), ok(POST));
    const getAuthorToken = vi.fn(({ forceRefresh }: { forceRefresh: boolean }) => (forceRefresh ? 'fresh' : 'old'));
    const client = createFeedbackClient({ publishableKey: KEY, baseUrl: BASE, fetch: stub.fetch, getAuthorToken });
    expect(await client.createPost({ boardId: 'board_1', title: 'Dark mode' })).toEqual(POST);
    expect(stub.requests.map((r) => r.headers['inlay-author-token'])).toEqual(['old', 'fresh']);
    expect(getAuthorToken.mock.calls.map(([options]) => options.forceRefresh)).toEqual([false, true]);
  });

  it('does not retry refusals: a disabled feature or an invalid title', async () => {
    const { client, requests } = setup(
      apiError(403, { type: 'permission', code: 'feature_disabled' }),
      apiError(400, { type: 'invalid_request', code: 'parameter_invalid', param: 'title' }),
    );
    await expect(client.vote('post_1', { author: { id: 'u' } })).rejects.toBeInstanceOf(InlayPermissionError);
    const error = await client.createPost({ boardId: 'board_1', title: ' ', author: { id: 'u' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayInvalidRequestError);
    expect(error).toMatchObject({ param: 'title' });
    expect(requests).toHaveLength(2);
  });
});
