import { describe, expect, it } from 'vitest';
import { mergePosts } from '../src/services/feedback/inbox.js';
import { call, dataOf, errorOf, harness, publishBoardWith } from './helpers.js';

const h = await harness({ rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000 } });
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

interface Voter {
  authorId: string;
  name: string | null;
  email: string | null;
  votedAt: string;
}
type Page = { items: Voter[]; nextCursor: string | null };

const publishBoard = () => publishBoardWith(h.app, secret);
const newPost = async (boardId: string, title = 'Dark mode') =>
  dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title, author: { id: 'user_1' } } })).id;
const token = async (boardId: string, authorId: string, extra: Record<string, unknown> = {}) =>
  dataOf<{ token: string }>(await call(h.app, 'POST', '/feedback/api/v1/author-tokens', { key: secret, body: { authorId, boardId, ...extra } })).token;
const vote = (postId: string, body: Record<string, unknown>, authorToken?: string) =>
  call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body, headers: authorToken ? { 'inlay-author-token': authorToken } : {} });
const voters = (postId: string, query = '', key = secret) => call(h.app, 'GET', `/feedback/api/v1/posts/${postId}/voters${query}`, { key });

describe('the voters of a post', () => {
  it('lists every voter once, in cursor pages, with the name and email their token carried', async () => {
    const boardId = await publishBoard();
    const postId = await newPost(boardId);
    dataOf(await vote(postId, { action: 'vote' }, await token(boardId, 'user_ada', { name: 'Ada', email: 'ada@example.com' })));
    dataOf(await vote(postId, { action: 'vote' }, await token(boardId, 'user_lin', { name: 'Linus' })));
    dataOf(await vote(postId, { action: 'vote', author: { id: 'user_named', name: 'Named in the body' } }));
    dataOf(await vote(postId, { action: 'vote', author: { id: 'anon_1', anonymous: true } }));
    dataOf(await vote(postId, { action: 'vote', author: { id: 'gone' } }));
    dataOf(await vote(postId, { action: 'unvote', author: { id: 'gone' } }));

    const all: Voter[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = dataOf<Page>(await voters(postId, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(page.items.length).toBeLessThanOrEqual(2);
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    const byId = Object.fromEntries(all.map((voter) => [voter.authorId, voter]));
    expect(Object.keys(byId).sort()).toEqual(['anon_1', 'user_ada', 'user_lin', 'user_named']);
    expect(all).toHaveLength(4);
    expect(byId.user_ada).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
    expect(byId.user_lin).toMatchObject({ name: 'Linus', email: null });
    // Without a token nothing vouches for a name: null.
    expect(byId.user_named).toMatchObject({ name: null, email: null });
    expect(byId.anon_1).toMatchObject({ anonymous: true, name: null, email: null });
    expect(byId.user_ada).toMatchObject({ anonymous: false });
    expect(Date.parse(byId.user_ada?.votedAt ?? '')).not.toBeNaN();
  });

  it('keeps the voters’ names and emails through a merge', async () => {
    const boardId = await publishBoard();
    const target = await newPost(boardId);
    const duplicate = await newPost(boardId, 'Night theme');
    dataOf(await vote(duplicate, { action: 'vote' }, await token(boardId, 'user_ada', { name: 'Ada', email: 'ada@example.com' })));
    await mergePosts(h.storage, duplicate, target);
    expect(dataOf<Page>(await voters(target)).items).toMatchObject([{ authorId: 'user_ada', name: 'Ada', email: 'ada@example.com' }]);
  });

  it('takes secret keys only, of the post’s workspace and mode, and refuses bad queries', async () => {
    const boardId = await publishBoard();
    const postId = await newPost(boardId);
    expect(errorOf(await voters(postId, '', pub)).code).toBe('wrong_key_kind');
    expect((await voters(postId, '', h.other.keys.testSecret)).statusCode).toBe(404);
    expect((await voters(postId, '', h.ws.keys.liveSecret)).statusCode).toBe(404);
    expect(errorOf(await voters('post_nope'))).toMatchObject({ code: 'not_found', param: 'postId' });
    expect(errorOf(await voters(postId, '?limit=0')).param).toBe('limit');
    expect(errorOf(await voters(postId, '?cursor=nope')).param).toBe('cursor');
    expect(errorOf(await voters(postId, '?page=2')).code).toBe('parameter_unknown');
    expect(dataOf<Page>(await voters(postId))).toEqual({ items: [], nextCursor: null });
  });
});
