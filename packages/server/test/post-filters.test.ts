import type { PostStatus } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { forgetPost, insertPost } from '../src/repositories/feedback/posts.js';
import { changePostStatus, mergePosts } from '../src/services/feedback/inbox.js';
import { call, createResource, dataOf, errorOf, harness } from './helpers.js';

const h = await harness({ rateLimits: { postsPerClient: 10_000, postsPerAuthor: 10_000 } });
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

interface Post {
  id: string;
  status: PostStatus;
  categoryId: string | null;
  commentCount: number;
  voteCount: number;
}
type Page = { items: Post[]; nextCursor: string | null };

const CATEGORIES = [
  { id: 'ui', name: 'Interface', color: '#0f766e' },
  { id: 'api_v2', name: 'API', color: '#4f46e5' },
];

async function saveDraft(id: string, config: Record<string, unknown>) {
  return call(h.app, 'PATCH', `/feedback/api/v1/boards/${id}`, { key: secret, body: { name: 'Ideas', config } });
}

async function publishBoard(config: Record<string, unknown> = { categories: CATEGORIES }): Promise<string> {
  const id = await createResource(h.app, secret, 'feedback', 'boards');
  dataOf(await saveDraft(id, config));
  dataOf(await call(h.app, 'POST', `/feedback/api/v1/boards/${id}`, { key: secret, body: { action: 'publish' } }));
  return id;
}

const create = (boardId: string, title: string, categoryId?: string) =>
  call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title, author: { id: 'user_1' }, ...(categoryId !== undefined ? { categoryId } : {}) } });
const list = async (boardId: string, query: string) => dataOf<Page>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}${query}`, { key: pub }));

/** Every post of a list, page by page with its cursors. */
async function walk(boardId: string, query: string, limit = 2): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await list(boardId, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.items.map((post) => post.id));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return ids;
}

/** A board of 12 posts: statuses and categories in turn, titles with "lamp" on every other one. */
async function seededBoard() {
  const boardId = await publishBoard();
  const statuses: PostStatus[] = ['open', 'planned', 'in_progress', 'completed'];
  const categories = ['ui', 'api_v2', undefined];
  const posts: Array<{ id: string; status: PostStatus; categoryId: string | null; lamp: boolean; votes: number }> = [];
  for (let i = 0; i < 12; i += 1) {
    const status = statuses[i % 4] ?? 'open';
    const categoryId = categories[i % 3];
    const lamp = i % 2 === 0;
    const post = dataOf<Post>(await create(boardId, lamp ? `Desk lamp ${i}` : `Chair ${i}`, categoryId));
    expect(post.categoryId).toBe(categoryId ?? null);
    if (status !== 'open') await changePostStatus(h.storage, post.id, status);
    for (let v = 0; v < i % 5; v += 1) dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${post.id}`, { key: pub, body: { action: 'vote', author: { id: `voter_${v}` } } }));
    posts.push({ id: post.id, status, categoryId: categoryId ?? null, lamp, votes: i % 5 });
  }
  return { boardId, posts };
}

describe('categories in the board config', () => {
  it('takes at most 50 categories with ids of [a-z0-9_-]{1,40}, each once', async () => {
    const id = await createResource(h.app, secret, 'feedback', 'boards');
    dataOf(await saveDraft(id, { categories: CATEGORIES }));
    const board = dataOf<{ draft: { config: { categories: unknown } } }>(await call(h.app, 'GET', `/feedback/api/v1/boards/${id}`, { key: secret }));
    expect(board.draft.config.categories).toEqual(CATEGORIES);
    const refused = async (categories: unknown) => errorOf(await saveDraft(id, { categories }));
    expect(await refused([{ id: 'UI', name: 'x', color: '#000000' }])).toMatchObject({ code: 'parameter_invalid', param: 'config.categories.0.id' });
    expect((await refused([{ id: 'x'.repeat(41), name: 'x', color: '#000000' }])).param).toBe('config.categories.0.id');
    expect((await refused([{ id: 'ok', name: 'x', color: 'teal' }])).param).toBe('config.categories.0.color');
    expect((await refused([...CATEGORIES, { id: 'ui', name: 'Again', color: '#000000' }])).param).toBe('config.categories.2.id');
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `c${i}`, name: `C ${i}`, color: '#000000' }));
    expect((await refused(many)).param).toBe('config.categories');
    dataOf(await saveDraft(id, { categories: many.slice(0, 50) }));
  });

  it('lets a post carry one of the published categories; an unknown one is 400 categoryId', async () => {
    const boardId = await publishBoard();
    expect(dataOf<Post>(await create(boardId, 'No category')).categoryId).toBeNull();
    expect(dataOf<Post>(await create(boardId, 'UI', 'ui')).categoryId).toBe('ui');
    const unknown = await create(boardId, 'Nope', 'billing');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ code: 'parameter_invalid', param: 'categoryId' });
    expect(errorOf(await create(boardId, 'Bad id', 'Not An Id')).param).toBe('categoryId');
    // A category only in the draft is not the board's yet.
    dataOf(await saveDraft(boardId, { categories: [...CATEGORIES, { id: 'billing', name: 'Billing', color: '#000000' }] }));
    expect(errorOf(await create(boardId, 'Draft only', 'billing')).param).toBe('categoryId');
  });
});

describe('filtering the list by status and category', () => {
  it('filters every sort, with and without q, through every page', async () => {
    const { boardId, posts } = await seededBoard();
    const cases: Array<{ query: string; keep: (post: (typeof posts)[number]) => boolean }> = [
      { query: '&status=planned', keep: (p) => p.status === 'planned' },
      { query: '&status=planned,in_progress', keep: (p) => p.status === 'planned' || p.status === 'in_progress' },
      { query: '&categoryId=ui', keep: (p) => p.categoryId === 'ui' },
      { query: '&status=open,completed&categoryId=api_v2', keep: (p) => (p.status === 'open' || p.status === 'completed') && p.categoryId === 'api_v2' },
      { query: '&status=planned,open&q=lamp', keep: (p) => (p.status === 'planned' || p.status === 'open') && p.lamp },
      { query: '&categoryId=ui&q=lamp', keep: (p) => p.categoryId === 'ui' && p.lamp },
    ];
    for (const { query, keep } of cases) {
      const expected = posts.filter(keep).map((p) => p.id).sort();
      expect(expected.length, query).toBeGreaterThan(0);
      for (const sort of ['top', 'new', 'trending']) {
        const ids = await walk(boardId, `${query}&sort=${sort}`);
        expect([...ids].sort(), `${query}&sort=${sort}`).toEqual(expected);
      }
    }
    // Without q, the order is the list's own, across the statuses and categories read one by one.
    for (const { query, keep } of cases.filter((c) => !c.query.includes('q='))) {
      const kept = posts.filter(keep);
      const newest = kept.map((p) => p.id).reverse();
      const top = [...kept].sort((a, b) => b.votes - a.votes || (a.id < b.id ? 1 : -1)).map((p) => p.id);
      expect(await walk(boardId, `${query}&sort=new`), `${query}&sort=new`).toEqual(newest);
      expect(await walk(boardId, `${query}&sort=top`), `${query}&sort=top`).toEqual(top);
    }
  });

  it('walks a filtered board larger than one ranked snapshot, on by keyset past it, every post once and in order', async () => {
    const boardId = await publishBoard();
    const scope = { workspaceId: h.ws.id, mode: 'test' as const, boardId };
    const author = { key: 'u:bulk', id: 'bulk', name: null, anonymous: false };
    const kept: Array<{ id: string; votes: number }> = [];
    for (let i = 0; i < 1_000; i += 1) {
      const row = await insertPost(h.storage, scope, { title: `bulk ${i}`, body: '', author, categoryId: i % 9 === 0 ? 'api_v2' : 'ui' });
      const status = (['planned', 'in_progress', 'open'] as const)[i % 3] ?? 'open';
      const votes = (i * 7) % 13;
      await h.storage.db.updateTable('posts').set({ status, vote_count: votes }).where('id', '=', row.id).execute();
      if (status !== 'open' && i % 9 !== 0) kept.push({ id: row.id, votes });
    }
    forgetPost(h.storage, '');
    // More than the 500 ids a ranked snapshot holds.
    expect(kept.length).toBeGreaterThan(500);
    const top = [...kept].sort((a, b) => b.votes - a.votes || (a.id < b.id ? 1 : -1)).map((p) => p.id);
    expect(await walk(boardId, '&status=planned,in_progress&categoryId=ui&sort=top', 100)).toEqual(top);
    expect(await walk(boardId, '&status=planned,in_progress&categoryId=ui&sort=new', 100)).toEqual(kept.map((p) => p.id).reverse());
  });

  it('is a roadmap: three status lists, each with its own cursor', async () => {
    const { boardId, posts } = await seededBoard();
    const columns = ['planned', 'in_progress', 'completed'] as const;
    const firsts = await Promise.all(columns.map((status) => list(boardId, `&status=${status}&limit=1`)));
    for (const [index, status] of columns.entries()) {
      const first = firsts[index];
      expect(first?.items[0]?.status).toBe(status);
      expect(first?.nextCursor).not.toBeNull();
      // A column's cursor goes on in that column only.
      const rest = await list(boardId, `&status=${status}&limit=100&cursor=${first?.nextCursor}`);
      const ids = [first?.items[0]?.id, ...rest.items.map((p) => p.id)].sort();
      expect(ids).toEqual(posts.filter((p) => p.status === status).map((p) => p.id).sort());
      // …and is refused by another column.
      const other = columns[(index + 1) % columns.length];
      expect(errorOf(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&status=${other}&cursor=${first?.nextCursor}`, { key: pub })).param).toBe('cursor');
    }
  });

  it('refuses unknown statuses and malformed category ids', async () => {
    const boardId = await publishBoard();
    const bad = async (query: string) => errorOf(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}${query}`, { key: pub }));
    expect(await bad('&status=planned,shipped')).toMatchObject({ code: 'parameter_invalid', param: 'status' });
    expect((await bad('&status=')).param).toBe('status');
    expect((await bad('&categoryId=UI!')).param).toBe('categoryId');
    // A well-formed id the board does not have lists nothing.
    expect((await list(boardId, '&categoryId=nothing')).items).toEqual([]);
  });
});

describe('one post', () => {
  it('answers a post by id, with commentCount and categoryId; a merged post’s id answers with the post it went into', async () => {
    const boardId = await publishBoard();
    const target = dataOf<Post>(await create(boardId, 'Dark mode', 'ui'));
    const duplicate = dataOf<Post>(await create(boardId, 'Night theme'));
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${duplicate.id}/comments`, { key: pub, body: { body: 'me too', author: { id: 'user_3' } } }));
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${duplicate.id}`, { key: pub, body: { action: 'vote', author: { id: 'voter_1' } } }));
    expect(dataOf<Post>(await call(h.app, 'GET', `/feedback/api/v1/posts/${duplicate.id}?authorId=voter_1`, { key: pub }))).toMatchObject({ id: duplicate.id, commentCount: 1, voted: true });
    await mergePosts(h.storage, duplicate.id, target.id);
    const answered = dataOf<Post & { voted: boolean }>(await call(h.app, 'GET', `/feedback/api/v1/posts/${duplicate.id}?authorId=voter_1`, { key: pub }));
    expect(answered).toMatchObject({ id: target.id, categoryId: 'ui', commentCount: 1, voteCount: 1, voted: true });
    // The comments moved with the merge.
    const comments = dataOf<{ items: Array<{ body: string; postId: string }> }>(await call(h.app, 'GET', `/feedback/api/v1/posts/${target.id}/comments`, { key: pub }));
    expect(comments.items).toMatchObject([{ body: 'me too', postId: target.id }]);
    // Merged again: the first duplicate follows to the last target.
    const third = dataOf<Post>(await create(boardId, 'Dark theme'));
    await mergePosts(h.storage, target.id, third.id);
    expect(dataOf<Post>(await call(h.app, 'GET', `/feedback/api/v1/posts/${duplicate.id}`, { key: pub })).id).toBe(third.id);
    const missing = await call(h.app, 'GET', '/feedback/api/v1/posts/post_nope', { key: pub });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).param).toBe('id');
    expect((await call(h.app, 'GET', `/feedback/api/v1/posts/${third.id}`, { key: h.other.keys.testPublishable })).statusCode).toBe(404);
    expect(errorOf(await call(h.app, 'GET', `/feedback/api/v1/posts/${third.id}?extra=1`, { key: pub })).code).toBe('parameter_unknown');
  });
});
