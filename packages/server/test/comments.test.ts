import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteComment, findComment } from '../src/repositories/feedback/comments.js';
import { mergePosts } from '../src/services/feedback/inbox.js';
import { call, createResource, dataOf, errorOf, harness, publishBoardWith } from './helpers.js';

const h = await harness({ rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000 } });
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

interface Comment {
  id: string;
  object: 'comment';
  postId: string;
  parentId: string | null;
  body: string;
  author: { id: string; name?: string; anonymous: boolean };
  team: boolean;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
}
type Page = { items: Comment[]; nextCursor: string | null };

const publishBoard = (config: Record<string, unknown> = {}) => publishBoardWith(h.app, secret, config);

async function newPost(boardId?: string): Promise<string> {
  const board = boardId ?? (await publishBoard());
  return dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId: board, title: 'Dark mode', author: { id: 'user_1' } } })).id;
}

async function token(boardId: string, authorId: string, extra: Record<string, unknown> = {}): Promise<string> {
  return dataOf<{ token: string }>(await call(h.app, 'POST', '/feedback/api/v1/author-tokens', { key: secret, body: { authorId, boardId, ...extra } })).token;
}

const headersOf = (authorToken?: string): Record<string, string> => (authorToken ? { 'inlay-author-token': authorToken } : {});
const comment = (postId: string, body: Record<string, unknown>, options: { key?: string; token?: string } = {}) =>
  call(h.app, 'POST', `/feedback/api/v1/posts/${postId}/comments`, { key: options.key ?? pub, body, headers: headersOf(options.token) });
const act = (commentId: string, body: Record<string, unknown>, options: { key?: string; token?: string } = {}) =>
  call(h.app, 'POST', `/feedback/api/v1/comments/${commentId}`, { key: options.key ?? pub, body, headers: headersOf(options.token) });
const list = async (postId: string, query = '') => dataOf<Page>(await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}/comments${query}`, { key: pub }));
const postOf = async (postId: string) => dataOf<{ commentCount: number }>(await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}`, { key: pub }));
const ada = { id: 'user_1', name: 'Ada' };
/** How an anonymous visitor is shown: `anon_` and 32 hex digits of their id's SHA-256. */
const aliasOf = (id: string) => `anon_${createHash('sha256').update(id).digest('hex').slice(0, 32)}`;
const grace = { id: 'user_2', name: 'Grace' };

describe('writing and listing comments', () => {
  it('stores a comment verbatim, trimmed, and counts it on the post', async () => {
    const postId = await newPost();
    const written = dataOf<Comment>(await comment(postId, { body: '  <b>bold</b> https://x.test  ', author: ada }));
    expect(written).toMatchObject({ object: 'comment', postId, parentId: null, body: '<b>bold</b> https://x.test', author: { id: 'user_1', name: 'Ada', anonymous: false }, team: false, editedAt: null, deleted: false });
    expect((await postOf(postId)).commentCount).toBe(1);
  });

  it('lists oldest first with each comment’s replies right after it, in cursor pages', async () => {
    const postId = await newPost();
    const first = dataOf<Comment>(await comment(postId, { body: 'first', author: ada }));
    const second = dataOf<Comment>(await comment(postId, { body: 'second', author: grace }));
    const replyToFirst = dataOf<Comment>(await comment(postId, { body: 'reply 1', parentId: first.id, author: grace }));
    const replyToSecond = dataOf<Comment>(await comment(postId, { body: 'reply 2', parentId: second.id, author: ada }));
    const laterReplyToFirst = dataOf<Comment>(await comment(postId, { body: 'reply 1b', parentId: first.id, author: ada }));
    const order = [first.id, replyToFirst.id, laterReplyToFirst.id, second.id, replyToSecond.id];
    expect((await list(postId)).items.map((c) => c.id)).toEqual(order);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(postId, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(order);
    expect(replyToSecond.parentId).toBe(second.id);
  });

  it('refuses a reply to a reply (400 parentId), an unknown parent (404 parentId) and a parent of another post', async () => {
    const postId = await newPost();
    const top = dataOf<Comment>(await comment(postId, { body: 'top', author: ada }));
    const reply = dataOf<Comment>(await comment(postId, { body: 'reply', parentId: top.id, author: ada }));
    const nested = await comment(postId, { body: 'nested', parentId: reply.id, author: ada });
    expect(nested.statusCode).toBe(400);
    expect(errorOf(nested)).toMatchObject({ code: 'parameter_invalid', param: 'parentId' });
    const unknown = await comment(postId, { body: 'x', parentId: 'cmt_nope', author: ada });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).param).toBe('parentId');
    const elsewhere = await newPost();
    expect(errorOf(await comment(elsewhere, { body: 'x', parentId: top.id, author: ada })).param).toBe('parentId');
  });

  it('takes 1–5,000 characters and refuses bad bodies with the documented error shape', async () => {
    const postId = await newPost();
    expect(errorOf(await comment(postId, { body: '   ', author: ada }))).toMatchObject({ code: 'parameter_invalid', param: 'body' });
    expect(errorOf(await comment(postId, { body: 'x'.repeat(5_001), author: ada }))).toMatchObject({ code: 'parameter_invalid', param: 'body' });
    expect((await comment(postId, { body: `${'x'.repeat(5_000)}  `, author: ada })).statusCode).toBe(200);
    expect(errorOf(await comment(postId, { author: ada }))).toMatchObject({ code: 'parameter_missing', param: 'body' });
    expect(errorOf(await comment(postId, { body: 'x', author: ada, extra: 1 }))).toMatchObject({ code: 'parameter_unknown', param: 'extra' });
    expect(errorOf(await comment(postId, { body: 'x' }))).toMatchObject({ code: 'parameter_missing', param: 'author' });
    const missing = await comment('post_nope', { body: 'x', author: ada });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).param).toBe('postId');
    expect(errorOf(await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}/comments?cursor=bad`, { key: pub }))).toMatchObject({ code: 'parameter_invalid', param: 'cursor' });
    expect(errorOf(await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}/comments?limit=101`, { key: pub })).param).toBe('limit');
    expect(errorOf(await act('cmt_nope', { action: 'delete', author: ada }))).toMatchObject({ code: 'not_found', param: 'commentId' });
    expect(errorOf(await act('cmt_nope', { action: 'shout', author: ada })).param).toBe('action');
  });

  it('keeps another workspace out: its key sees no post and no comment', async () => {
    const postId = await newPost();
    const written = dataOf<Comment>(await comment(postId, { body: 'mine', author: ada }));
    const theirs = h.other.keys.testPublishable;
    expect((await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}/comments`, { key: theirs })).statusCode).toBe(404);
    expect((await comment(postId, { body: 'x', author: ada }, { key: theirs })).statusCode).toBe(404);
    expect((await act(written.id, { action: 'delete', author: ada }, { key: theirs })).statusCode).toBe(404);
    expect((await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}/comments`, { key: h.ws.keys.livePublishable })).statusCode).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit within 15 minutes; another author gets 403, an older comment 409', async () => {
    const postId = await newPost();
    const written = dataOf<Comment>(await comment(postId, { body: 'typo', author: ada }));
    const edited = dataOf<Comment>(await act(written.id, { action: 'edit', body: ' fixed ', author: ada }));
    expect(edited).toMatchObject({ id: written.id, body: 'fixed', deleted: false });
    expect(edited.editedAt).not.toBeNull();
    const other = await act(written.id, { action: 'edit', body: 'hijack', author: grace });
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('not_comment_author');
    // Written 16 minutes ago.
    await h.storage.db.updateTable('comments').set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() }).where('id', '=', written.id).execute();
    const late = await act(written.id, { action: 'edit', body: 'too late', author: ada });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('edit_window_closed');
    expect((await list(postId)).items[0]?.body).toBe('fixed');
    expect(errorOf(await act(written.id, { action: 'edit', body: '', author: ada })).param).toBe('body');
  });

  it('deletes by the author, refuses another author (403); a comment with replies stays as deleted until its last reply goes', async () => {
    const postId = await newPost();
    const top = dataOf<Comment>(await comment(postId, { body: 'top', author: ada }));
    const reply = dataOf<Comment>(await comment(postId, { body: 'reply', parentId: top.id, author: grace }));
    const alone = dataOf<Comment>(await comment(postId, { body: 'alone', author: ada }));
    expect((await postOf(postId)).commentCount).toBe(3);
    expect(errorOf(await act(top.id, { action: 'delete', author: grace })).code).toBe('not_comment_author');

    expect(dataOf(await act(alone.id, { action: 'delete', author: ada }))).toEqual({ id: alone.id, object: 'comment', deleted: true });
    expect(dataOf(await act(top.id, { action: 'delete', author: ada }))).toEqual({ id: top.id, object: 'comment', deleted: true });
    const kept = (await list(postId)).items;
    expect(kept.map((c) => c.id)).toEqual([top.id, reply.id]);
    expect(kept[0]).toMatchObject({ body: '', deleted: true, parentId: null });
    expect((await postOf(postId)).commentCount).toBe(1);
    // A deleted comment can be neither edited, deleted again nor replied to.
    expect((await act(top.id, { action: 'delete', author: ada })).statusCode).toBe(404);
    expect((await act(top.id, { action: 'edit', body: 'x', author: ada })).statusCode).toBe(404);
    expect(errorOf(await comment(postId, { body: 'x', parentId: top.id, author: ada })).param).toBe('parentId');

    dataOf(await act(reply.id, { action: 'delete', author: grace }));
    expect((await list(postId)).items).toEqual([]);
    expect((await postOf(postId)).commentCount).toBe(0);
  });
});

describe('the team', () => {
  it('marks comments of a token with role "team" as team, and lets the team delete others’ comments but not edit them', async () => {
    const boardId = await publishBoard();
    const postId = await newPost(boardId);
    const teamToken = await token(boardId, 'staff_1', { name: 'Support', role: 'team' });
    const userToken = await token(boardId, 'user_9', { name: 'Linus' });
    const byUser = dataOf<Comment>(await comment(postId, { body: 'question' }, { token: userToken }));
    expect(byUser).toMatchObject({ team: false, author: { id: 'user_9', name: 'Linus', anonymous: false } });
    const answer = dataOf<Comment>(await comment(postId, { body: 'answer', parentId: byUser.id }, { token: teamToken }));
    expect(answer).toMatchObject({ team: true, author: { id: 'staff_1', name: 'Support' } });
    expect(errorOf(await act(byUser.id, { action: 'edit', body: 'x' }, { token: teamToken })).code).toBe('not_comment_author');
    expect(errorOf(await act(answer.id, { action: 'delete' }, { token: userToken })).code).toBe('not_comment_author');
    dataOf(await act(byUser.id, { action: 'delete' }, { token: teamToken }));
    expect((await list(postId)).items.map((c) => [c.id, c.deleted])).toEqual([
      [byUser.id, true],
      [answer.id, false],
    ]);
  });

  it('refuses a role other than "team" when minting', async () => {
    const boardId = await publishBoard();
    const refused = await call(h.app, 'POST', '/feedback/api/v1/author-tokens', { key: secret, body: { authorId: 'u', boardId, role: 'admin' } });
    expect(errorOf(refused)).toMatchObject({ code: 'parameter_invalid', param: 'role' });
  });
});

describe('the posts’ rules', () => {
  it('needs an author token where the board requires one, and rejects a body naming someone else', async () => {
    const boardId = await publishBoard({ requireAuthorToken: true });
    const postId = dataOf<{ id: string }>(
      await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: 't' }, headers: headersOf(await token(boardId, 'user_1')) }),
    ).id;
    expect(errorOf(await comment(postId, { body: 'x', author: ada })).code).toBe('author_token_required');
    const adaToken = await token(boardId, 'user_1');
    expect(errorOf(await comment(postId, { body: 'x', author: grace }, { token: adaToken })).code).toBe('identity_mismatch');
    const written = dataOf<Comment>(await comment(postId, { body: 'x' }, { token: adaToken }));
    expect(errorOf(await act(written.id, { action: 'delete', author: grace })).code).toBe('author_token_required');
    // Reading needs no token.
    expect((await list(postId)).items).toHaveLength(1);
  });

  it('counts a delete on the post its comment is on when it is deleted, even if a merge moved it after it was read', async () => {
    const boardId = await publishBoard();
    const from = await newPost(boardId);
    const into = await newPost(boardId);
    const written = dataOf<Comment>(await comment(from, { body: 'moved', author: ada }));
    const read = await findComment(h.storage, { workspaceId: h.ws.id, mode: 'test' }, written.id);
    await mergePosts(h.storage, from, into);
    expect((await postOf(into)).commentCount).toBe(1);
    expect(await deleteComment(h.storage, read!)).toBe(true);
    expect((await postOf(into)).commentCount).toBe(0);
    expect((await list(into)).items).toHaveLength(0);
  });

  it('takes anonymous authors only where the board allows them', async () => {
    const closed = await newPost(await publishBoard({ allowAnonymous: false }));
    expect(errorOf(await comment(closed, { body: 'x', author: { id: 'anon_1', anonymous: true } })).code).toBe('feature_disabled');
    const open = await newPost();
    expect(dataOf<Comment>(await comment(open, { body: 'x', author: { id: 'anon_1', anonymous: true } })).author).toEqual({ id: aliasOf('anon_1'), anonymous: true });
  });

  it('shows an anonymous author by an alias that cannot act for them', async () => {
    const postId = await newPost();
    const visitor = { id: 'anon_2f0c9d8e7b6a5f4e3d2c1b0a99887766', name: 'Lin', anonymous: true };
    const written = dataOf<Comment>(await comment(postId, { body: 'mine', author: visitor }));
    const shown = (await list(postId)).items[0] as Comment;
    expect(shown.author).toEqual({ id: aliasOf(visitor.id), name: 'Lin', anonymous: true });
    expect(JSON.stringify(await list(postId))).not.toContain(visitor.id);
    // Another visitor who copies the shown id is someone else.
    const copied = { id: shown.author.id, anonymous: true };
    expect(errorOf(await act(written.id, { action: 'edit', body: 'hijacked', author: copied })).code).toBe('not_comment_author');
    expect(errorOf(await act(written.id, { action: 'delete', author: copied })).code).toBe('not_comment_author');
    expect((await list(postId)).items[0]).toMatchObject({ body: 'mine', deleted: false });
    // The visitor's own id still edits and deletes.
    expect(dataOf<Comment>(await act(written.id, { action: 'edit', body: 'edited', author: visitor })).body).toBe('edited');
    dataOf(await act(written.id, { action: 'delete', author: visitor }));
    expect((await list(postId)).items).toHaveLength(0);
  });

  it('needs the hosted plan with live keys', async () => {
    const boardId = await publishBoard();
    const livePub = h.ws.keys.livePublishable;
    const livePost = dataOf<{ id: string }>(
      await (async () => {
        await h.setPlan(h.ws.id, 'hosted');
        return call(h.app, 'POST', '/feedback/api/v1/posts', { key: livePub, body: { boardId, title: 'Live', author: { id: 'v', anonymous: true } } });
      })(),
    ).id;
    expect((await comment(livePost, { body: 'x', author: { id: 'v', anonymous: true } }, { key: livePub })).statusCode).toBe(200);
    await h.setPlan(h.ws.id, 'free');
    const refused = await call(h.app, 'GET', `/feedback/api/v1/posts/${livePost}/comments`, { key: livePub });
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused).code).toBe('plan_required');
    expect(errorOf(await comment(livePost, { body: 'x', author: { id: 'v', anonymous: true } }, { key: livePub })).code).toBe('plan_required');
  });

  /** A post on a published board of a server with these anti-spam limits; writes a comment on it. */
  async function limitedPost(rateLimits: { postsPerClient: number; postsPerAuthor: number }) {
    const limited = await harness({ rateLimits });
    const boardId = await createResource(limited.app, limited.ws.keys.testSecret, 'feedback', 'boards');
    dataOf(await call(limited.app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key: limited.ws.keys.testSecret, body: { action: 'publish' } }));
    const key = limited.ws.keys.testPublishable;
    const postId = dataOf<{ id: string }>(await call(limited.app, 'POST', '/feedback/api/v1/posts', { key, body: { boardId, title: 't', author: { id: 'p' } } })).id;
    return (body: { body: string; parentId?: string; author: { id: string } }) => call(limited.app, 'POST', `/feedback/api/v1/posts/${postId}/comments`, { key, body });
  }

  it('limits comments as posts are limited, per author and per client address', async () => {
    const comment = await limitedPost({ postsPerClient: 4, postsPerAuthor: 2 });
    const write = (authorId: string) => comment({ body: 'hi', author: { id: authorId } });
    expect((await write('a')).statusCode).toBe(200);
    expect((await write('a')).statusCode).toBe(200);
    const third = await write('a');
    expect(third.statusCode).toBe(429);
    expect(errorOf(third).code).toBe('rate_limited');
    expect(third.headers['retry-after']).toBeDefined();
    expect((await write('b')).statusCode).toBe(200);
    expect((await write('c')).statusCode).toBe(429);
  });

  it('refuses a reply to an unknown comment before it counts against the limits', async () => {
    const comment = await limitedPost({ postsPerClient: 10, postsPerAuthor: 1 });
    const write = (parentId?: string) => comment({ body: 'hi', ...(parentId ? { parentId } : {}), author: { id: 'a' } });
    const refused = await write('cmt_none');
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).param).toBe('parentId');
    expect((await write()).statusCode).toBe(200);
    expect((await write()).statusCode).toBe(429);
  });
});
