import { describe, expect, it } from 'vitest';
import { call, dataOf, errorOf, SAMPLE_CONFIGS } from './helpers.js';
import { dashboardHarness } from './dashboard-harness.js';

/**
 * The inbox's post page (docs/dashboard-api.md#feedback-inbox): team replies and comment deletes,
 * a post's category, a post on a user's behalf, its voters, and the inbox search over comments;
 * each checked through the public API, and out of reach of another workspace's member.
 */
const h = await dashboardHarness({ rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000 } });
const { alice, bob } = h;
const pub = h.ws.keys.testPublishable;
const CATEGORIES = [{ id: 'ui', name: 'Interface', color: '#0f766e' }];

async function board(): Promise<string> {
  const { id } = dataOf<{ id: string }>(await alice.call('POST', '/dashboard/api/boards', { name: 'Ideas' }));
  dataOf(await alice.call('PUT', `/dashboard/api/boards/${id}/draft`, { name: 'Ideas', config: { ...SAMPLE_CONFIGS.feedback, categories: CATEGORIES } }));
  dataOf(await alice.call('POST', `/dashboard/api/boards/${id}/publish`));
  return id;
}
const create = async (boardId: string, title: string) =>
  dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title, author: { id: 'author_1' } } })).id;
const publicComments = async (postId: string) =>
  dataOf<{ items: Array<{ id: string; body: string; team: boolean; deleted: boolean; author: { id: string; name?: string } }> }>(
    await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}/comments`, { key: pub }),
  ).items;
const publicPost = async (postId: string) => dataOf<{ categoryId: string | null; commentCount: number }>(await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}`, { key: pub }));

describe('comments in the inbox', () => {
  it('replies as the team and deletes any comment', async () => {
    const postId = await create(await board(), 'Dark mode');
    const question = dataOf<{ id: string }>(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}/comments`, { key: pub, body: { body: 'When?', author: { id: 'user_1' } } }));
    const reply = dataOf<{ id: string; team: boolean; parentId: string }>(await alice.call('POST', `/dashboard/api/posts/${postId}/comments`, { body: 'Next month', parentId: question.id, name: 'Acme team' }));
    expect(reply).toMatchObject({ team: true, parentId: question.id });
    expect((await publicComments(postId)).map((c) => [c.body, c.team, c.author.name])).toEqual([
      ['When?', false, undefined],
      ['Next month', true, 'Acme team'],
    ]);
    expect(dataOf<{ items: unknown[] }>(await alice.call('GET', `/dashboard/api/posts/${postId}/comments`)).items).toHaveLength(2);
    expect(errorOf(await bob.call('DELETE', `/dashboard/api/comments/${question.id}`)).code).toBe('not_found');
    expect(errorOf(await bob.call('POST', `/dashboard/api/posts/${postId}/comments`, { body: 'x' })).code).toBe('not_found');
    expect(errorOf(await bob.call('GET', `/dashboard/api/posts/${postId}/comments`)).code).toBe('not_found');
    dataOf(await alice.call('DELETE', `/dashboard/api/comments/${question.id}`));
    expect((await publicComments(postId)).map((c) => [c.deleted, c.body])).toEqual([
      [true, ''],
      [false, 'Next month'],
    ]);
    expect((await publicPost(postId)).commentCount).toBe(1);
    // Without a name, the reply is signed with the workspace's name, never shown as anonymous or by an account id.
    const unsigned = dataOf<{ author: { name?: string; anonymous: boolean } }>(await alice.call('POST', `/dashboard/api/posts/${postId}/comments`, { body: 'Shipped' }));
    const workspaceName = dataOf<{ workspace: { name: string } }>(await alice.call('GET', '/dashboard/api/session')).workspace.name;
    expect(unsigned.author).toMatchObject({ name: workspaceName, anonymous: false });
    expect(errorOf(await alice.call('POST', `/dashboard/api/posts/${postId}/comments`, { body: ' ' })).param).toBe('body');
    expect(errorOf(await alice.call('POST', `/dashboard/api/posts/${postId}/comments`, { body: 'x', parentId: reply.id })).param).toBe('parentId');
  });

  it('finds posts by their comments’ text in the inbox, not in public search', async () => {
    const boardId = await board();
    const postId = await create(boardId, 'Export');
    await create(boardId, 'Import');
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}/comments`, { key: pub, body: { body: 'Needs a spreadsheet format', author: { id: 'user_1' } } }));
    const found = dataOf<{ items: Array<{ id: string; commentCount: number }> }>(await alice.call('GET', `/dashboard/api/posts?boardId=${boardId}&q=SPREADSHEET`));
    expect(found.items.map((p) => [p.id, p.commentCount])).toEqual([[postId, 1]]);
    expect(dataOf<{ items: unknown[] }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=spreadsheet`, { key: pub })).items).toEqual([]);
    expect(dataOf<{ items: unknown[] }>(await bob.call('GET', `/dashboard/api/posts?q=spreadsheet`)).items).toEqual([]);
  });
});

describe('posts in the inbox', () => {
  it('sets and clears a post’s category, and filters the inbox by it', async () => {
    const boardId = await board();
    const postId = await create(boardId, 'Dark mode');
    expect(dataOf(await alice.call('POST', `/dashboard/api/posts/${postId}/category`, { categoryId: 'ui' }))).toMatchObject({ categoryId: 'ui' });
    expect((await publicPost(postId)).categoryId).toBe('ui');
    expect(dataOf<{ items: Array<{ id: string }> }>(await alice.call('GET', `/dashboard/api/posts?categoryId=ui&boardId=${boardId}`)).items.map((p) => p.id)).toEqual([postId]);
    expect(errorOf(await alice.call('POST', `/dashboard/api/posts/${postId}/category`, { categoryId: 'billing' }))).toMatchObject({ code: 'parameter_invalid', param: 'categoryId' });
    expect(errorOf(await bob.call('POST', `/dashboard/api/posts/${postId}/category`, { categoryId: 'ui' })).code).toBe('not_found');
    dataOf(await alice.call('POST', `/dashboard/api/posts/${postId}/category`, { categoryId: null }));
    expect((await publicPost(postId)).categoryId).toBeNull();
  });

  it('adds a post on a user’s behalf, with their id and name', async () => {
    const boardId = await board();
    const post = dataOf<{ id: string; author: unknown; categoryId: string }>(
      await alice.call('POST', '/dashboard/api/posts', { boardId, mode: 'test', title: 'SSO', body: 'From a sales call', categoryId: 'ui', author: { id: 'user_42', name: 'Grace' } }),
    );
    expect(post).toMatchObject({ author: { id: 'user_42', name: 'Grace', anonymous: false }, categoryId: 'ui' });
    const listed = dataOf<{ items: Array<{ id: string }> }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&sort=new`, { key: pub }));
    expect(listed.items.map((p) => p.id)).toContain(post.id);
    expect(errorOf(await alice.call('POST', '/dashboard/api/posts', { boardId, mode: 'test', title: 'x', author: { id: 'user_42' } })).param).toBe('author.name');
    expect(errorOf(await alice.call('POST', '/dashboard/api/posts', { boardId, mode: 'test', title: 'x', author: { id: 'u', name: 'U' }, categoryId: 'nope' })).param).toBe('categoryId');
    expect(errorOf(await alice.call('POST', '/dashboard/api/posts', { boardId, mode: 'live', title: 'x', author: { id: 'u', name: 'U' } })).code).toBe('plan_required');
    expect(errorOf(await bob.call('POST', '/dashboard/api/posts', { boardId, mode: 'test', title: 'x', author: { id: 'u', name: 'U' } })).code).toBe('not_found');
  });

  it('lists a post’s voters for the team', async () => {
    const postId = await create(await board(), 'Dark mode');
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body: { action: 'vote', author: { id: 'voter_1' } } }));
    expect(dataOf<{ items: unknown[] }>(await alice.call('GET', `/dashboard/api/posts/${postId}/voters`)).items).toMatchObject([{ authorId: 'voter_1', name: null, email: null }]);
    expect(errorOf(await bob.call('GET', `/dashboard/api/posts/${postId}/voters`)).code).toBe('not_found');
  });
});
