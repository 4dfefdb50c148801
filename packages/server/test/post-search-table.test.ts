import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changePostCategory, changePostStatus } from '../src/services/feedback/inbox.js';
import { call, createResource, dataOf, harness } from './helpers.js';

/**
 * PostgreSQL's search table (migration 0030): what a search reads of a post but its votes, kept
 * by a trigger on `posts`. A vote leaves it untouched (its update of `posts` writes no search
 * index entry); a new post, a status, a category and a title reach it in the same transaction.
 */
describe('the search table on PostgreSQL', async () => {
  const h = await harness({ rateLimits: { publishablePerClient: 1000 } });
  const secret = h.ws.keys.testSecret;
  const pub = h.ws.keys.testPublishable;
  const boardId = await createResource(h.app, secret, 'feedback', 'boards');
  dataOf(await call(h.app, 'PATCH', `/feedback/api/v1/boards/${boardId}`, { key: secret, body: { name: 'Ideas', config: { categories: [{ id: 'ui', name: 'Interface', color: '#0f766e' }] } } }));
  dataOf(await call(h.app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key: secret, body: { action: 'publish' } }));
  const { id: postId } = dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: 'Dark lamp mode', author: { id: 'user_1' } } }));
  /** The row versions (`xmin`) of the post and of its search row. */
  const versions = async () =>
    (await sql<{ post: string; search: string }>`SELECT p.xmin::text AS post, s.xmin::text AS search FROM posts p JOIN post_search s ON s.id = p.id WHERE p.id = ${postId}`.execute(h.storage.db)).rows[0];
  const found = async (query: string) =>
    dataOf<{ items: Array<{ id: string }> }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=lamp${query}`, { key: pub })).items.map((post) => post.id);

  it('is not written by a vote', async () => {
    const before = await versions();
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body: { action: 'vote', author: { id: 'voter_1' } } }));
    const after = await versions();
    expect(after?.post).not.toBe(before?.post);
    expect(after?.search).toBe(before?.search);
  });

  it('follows the status, the category and the title of its post', async () => {
    expect(await found('&status=planned')).toEqual([]);
    await changePostStatus(h.storage, postId, 'planned');
    expect(await found('&status=planned')).toEqual([postId]);
    await changePostCategory(h.storage, postId, 'ui');
    expect(await found('&categoryId=ui')).toEqual([postId]);
    await sql`UPDATE posts SET title = 'Dark mode' WHERE id = ${postId}`.execute(h.storage.db);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM post_search WHERE search_text LIKE '%lamp%'`.execute(h.storage.db)).rows[0]?.n).toBe(0);
  });
});
