import type { Post, VoteResult } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { InlayPermissionError } from '../errors.js';
import { apiError, ok, postFixture, stubFetch, type Answer } from '../testing/fetch-stub.js';
import { createFeedbackClient, type PostPage } from './client.js';
import { createFeedbackCommentsClient } from './comments.js';
import { createHostedPostStore, type PostStore } from './post-store.js';

const KEY = 'svc_test_pub_0123456789abcdefghijABCDEFGHIJ01';
const BASE = 'http://127.0.0.1:4000/feedback';

function client(...answers: Answer[]) {
  const stub = stubFetch(...answers);
  return { client: createFeedbackClient({ publishableKey: KEY, baseUrl: BASE, fetch: stub.fetch }), requests: stub.requests };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const page: PostPage = { items: [postFixture()], nextCursor: null };
const voteResult = (voted: boolean, voteCount: number): VoteResult => ({ postId: 'post_1', voteCount, voted });

describe('createHostedPostStore', () => {
  it('lists its board with the author’s id, so `voted` is right without a token', async () => {
    const { client: c, requests } = client(ok(page));
    const store = createHostedPostStore(c, { boardId: 'board_1', author: { id: 'anon_1', anonymous: true } });
    expect(await store.list({ q: 'dark', sort: 'new', limit: 5, cursor: 'c1' })).toEqual(page);
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/posts?boardId=board_1&q=dark&sort=new&limit=5&cursor=c1&authorId=anon_1`);
  });

  it('creates posts and votes on its board as its author', async () => {
    const { client: c, requests } = client(ok(postFixture()), ok(voteResult(true, 4)), ok(voteResult(false, 3)));
    const author = { id: 'user_1', name: 'Ada' };
    const store = createHostedPostStore(c, { boardId: 'board_1', author });
    await store.create({ title: 'Dark mode', body: 'Please' });
    expect(await store.vote('post_1', true)).toEqual(voteResult(true, 4));
    expect(await store.vote('post_1', false)).toEqual(voteResult(false, 3));
    expect(requests.map((r) => [r.url, r.body])).toEqual([
      [`${BASE}/api/v1/posts`, { boardId: 'board_1', title: 'Dark mode', body: 'Please', author }],
      [`${BASE}/api/v1/posts/post_1`, { action: 'vote', author }],
      [`${BASE}/api/v1/posts/post_1`, { action: 'unvote', author }],
    ]);
  });

  it('sends no author when an author token carries it', async () => {
    const { client: c, requests } = client(ok(page), ok(postFixture()), ok(voteResult(true, 1)));
    const store = createHostedPostStore(c, { boardId: 'board_1' });
    await store.list({});
    await store.create({ title: 'Dark mode' });
    await store.vote('post_1', true);
    expect(requests.map((r) => r.body ?? r.url)).toEqual([
      `${BASE}/api/v1/posts?boardId=board_1`,
      { boardId: 'board_1', title: 'Dark mode' },
      { action: 'vote' },
    ]);
  });

  it('sends votes on one post one after another, so the last click decides', async () => {
    const first = deferred<Response>();
    // Answers go out in request order: post_1's vote (held back), post_2's vote, post_1's unvote.
    const post2: VoteResult = { postId: 'post_2', voteCount: 8, voted: true };
    const { client: c, requests } = client(() => first.promise, ok(post2), ok(voteResult(false, 3)));
    const store = createHostedPostStore(c, { boardId: 'board_1', author: { id: 'u' } });
    const a = store.vote('post_1', true);
    const b = store.vote('post_1', false);
    // Another post does not wait for post_1: its vote is answered while post_1's is held back.
    // Made after post_1's unvote, it went out after that unvote would have, had it not waited.
    const other = store.vote('post_2', true);
    expect(await other).toEqual(post2);
    expect(requests.map((r) => [r.url.split('/').pop(), (r.body as { action: string }).action])).toEqual([
      ['post_1', 'vote'],
      ['post_2', 'vote'],
    ]);
    first.resolve(ok(voteResult(true, 4)));
    expect(await a).toEqual(voteResult(true, 4));
    expect(await b).toEqual(voteResult(false, 3));
    expect((requests[2]!.body as { action: string }).action).toBe('unvote');
  });

  it('does not let a refused vote block the next one', async () => {
    const { client: c } = client(apiError(403, { type: 'permission', code: 'feature_disabled' }), ok(voteResult(true, 1)));
    const store = createHostedPostStore(c, { boardId: 'board_1', author: { id: 'u' } });
    const refused = store.vote('post_1', true);
    const next = store.vote('post_1', true);
    await expect(refused).rejects.toBeInstanceOf(InlayPermissionError);
    expect(await next).toEqual(voteResult(true, 1));
  });

  it('has the shape a host-supplied (BYO) store implements', async () => {
    const posts: Post[] = [];
    const byo: PostStore = {
      list: async () => ({ items: posts, nextCursor: null }),
      create: async (input) => {
        const post = postFixture({ id: `post_${posts.length + 1}`, title: input.title, body: input.body ?? '', voteCount: 0 });
        posts.push(post);
        return post;
      },
      vote: async (postId, voted) => ({ postId, voted, voteCount: voted ? 1 : 0 }),
    };
    await byo.create({ title: 'Dark mode' });
    expect((await byo.list({ sort: 'top' })).items.map((post) => post.title)).toEqual(['Dark mode']);
    expect(await byo.vote('post_1', true)).toEqual({ postId: 'post_1', voted: true, voteCount: 1 });
  });

  it('takes a host’s comments with the comments client’s own methods, which the hosted store leaves to that client', async () => {
    const comments = createFeedbackCommentsClient({ publishableKey: KEY, baseUrl: BASE, fetch: stubFetch().fetch });
    // A BYO store may keep comments under the same names and shapes as the hosted comment client.
    const byo: PostStore = {
      list: async () => ({ items: [], nextCursor: null }),
      create: async (input) => postFixture({ title: input.title }),
      vote: async (postId, voted) => ({ postId, voted, voteCount: 0 }),
      listComments: comments.listComments,
      createComment: comments.createComment,
      editComment: comments.editComment,
      deleteComment: comments.deleteComment,
    };
    expect(typeof byo.listComments).toBe('function');
    const hosted = createHostedPostStore(client().client, { boardId: 'board_1' });
    expect([hosted.listComments, hosted.createComment, hosted.editComment, hosted.deleteComment]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
