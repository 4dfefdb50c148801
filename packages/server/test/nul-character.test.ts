import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness, publishBoardWith, SAMPLE_CONFIGS, SERVICES_UNDER_TEST } from './helpers.js';

// PostgreSQL text cannot hold U+0000: a value with one must be a clear 400 on both backends,
// never a 500 from the database (docs/errors.md, `parameter_invalid`).
const h = await harness();
const key = h.ws.keys.testSecret;

describe.each(SERVICES_UNDER_TEST)('$service: the NUL character', ({ service, plural }) => {
  const base = `/${service}/api/v1/${plural}`;

  it('refuses a name with U+0000 naming the field, and stores nothing', async () => {
    const refused = await call(h.app, 'POST', base, { key, body: { name: 'a\u0000b' } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused)).toMatchObject({ type: 'invalid_request', code: 'parameter_invalid', param: 'name' });
    const id = await createResource(h.app, key, service, plural);
    const before = JSON.stringify(dataOf(await call(h.app, 'GET', `${base}/${id}`, { key })));
    const patched = await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'ok\u0000', config: SAMPLE_CONFIGS[service] } });
    expect(errorOf(patched)).toMatchObject({ code: 'parameter_invalid', param: 'name' });
    expect(JSON.stringify(dataOf(await call(h.app, 'GET', `${base}/${id}`, { key })))).toBe(before);
  });

  it('refuses U+0000 in a nested key and in a path parameter', async () => {
    const id = await createResource(h.app, key, service, plural);
    const patched = await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'ok', config: { 'x\u0000': 1 } } });
    expect(errorOf(patched)).toMatchObject({ code: 'parameter_invalid', param: 'config.x\u0000' });
    const read = await call(h.app, 'GET', `${base}/${id}%00`, { key });
    expect(read.statusCode, read.body).toBe(400);
    expect(errorOf(read)).toMatchObject({ code: 'parameter_invalid' });
  });
});

describe('OAuth: the NUL character', () => {
  it('is refused in OAuth\'s format on its endpoints, and as a page where a browser is', async () => {
    const registered = await h.app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: { redirect_uris: ['http://127.0.0.1:9/cb'], client_name: 'Bad\u0000name', token_endpoint_auth_method: 'none' },
    });
    expect(registered.statusCode, registered.body).toBe(400);
    expect(registered.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('client_name') });

    const token = await h.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=authorization_code&code=a%00b' });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_request' });

    const authorize = await h.app.inject({ method: 'GET', url: '/oauth/authorize?client_id=x&state=a%00' });
    expect(authorize.statusCode).toBe(400);
    expect(authorize.headers['content-type']).toContain('text/html');
    expect(authorize.body).toContain('U+0000');
  });
});

// A lone surrogate ("\ud800" in JSON) is not Unicode: neither backend can store it as sent.
// SQLite read it back as three U+FFFD while the write answered the value sent, PostgreSQL as one
// U+FFFD, so two voters "a\ud800" and "a\ud801" were two on SQLite and one on PostgreSQL. It is
// refused like U+0000, with the field named, and nothing is stored.
describe('lone surrogates', () => {
  const pub = h.ws.keys.testPublishable;

  const publishedBoard = () => publishBoardWith(h.app, key);
  const posts = async (boardId: string) => dataOf<{ items: { id: string; title: string }[] }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&sort=new`, { key: pub })).items;

  it.each(SERVICES_UNDER_TEST)('refuses a $kind name with one, naming the field', async ({ service, plural }) => {
    const refused = await call(h.app, 'POST', `/${service}/api/v1/${plural}`, { key, body: { name: 'a\ud800b' } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused)).toMatchObject({ type: 'invalid_request', code: 'parameter_invalid', param: 'name' });
    expect(errorOf(refused).message).toContain('lone surrogate');
    const low = await call(h.app, 'POST', `/${service}/api/v1/${plural}`, { key, body: { name: 'x\udc00' } });
    expect(errorOf(low)).toMatchObject({ code: 'parameter_invalid', param: 'name' });
  });

  it('refuses a post, a vote and a comment with one, and stores nothing', async () => {
    const boardId = await publishedBoard();
    const post = await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: 'Dark \ud83c mode', author: { id: 'u1' } } });
    expect(errorOf(post)).toMatchObject({ code: 'parameter_invalid', param: 'title' });
    const byAuthor = await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: 'Ok', author: { id: 'u1', name: 'Ann\udfff' } } });
    expect(errorOf(byAuthor)).toMatchObject({ code: 'parameter_invalid', param: 'author.name' });
    expect(await posts(boardId)).toEqual([]);

    const { id: postId } = dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: 'Dark mode', author: { id: 'u1' } } }));
    for (const voter of ['a\ud800', 'a\ud801']) {
      const vote = await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body: { action: 'vote', author: { id: voter } } });
      expect(errorOf(vote)).toMatchObject({ code: 'parameter_invalid', param: 'author.id' });
    }
    const comment = await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}/comments`, { key: pub, body: { body: '\udbff!', author: { id: 'u1' } } });
    expect(errorOf(comment)).toMatchObject({ code: 'parameter_invalid', param: 'body' });
    const read = dataOf<{ voteCount: number; commentCount: number }>(await call(h.app, 'GET', `/feedback/api/v1/posts/${postId}`, { key: pub }));
    expect(read).toMatchObject({ voteCount: 0, commentCount: 0 });
  });

  it('keeps surrogate pairs: an emoji or an astral character is stored and read back as sent', async () => {
    const boardId = await publishedBoard();
    const title = 'Dark mode 🌙 𝕏 \u{10FFFF}';
    const post = dataOf<{ title: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title, author: { id: 'u1', name: '🙂' } } }));
    expect(post.title).toBe(title);
    expect((await posts(boardId))[0]?.title).toBe(title);
  });

  it('refuses one in a nested key, and in OAuth\'s format on its endpoints', async () => {
    const id = await createResource(h.app, key, 'onboarding', 'flows');
    const patched = await call(h.app, 'PATCH', `/onboarding/api/v1/flows/${id}`, { key, body: { name: 'ok', config: { '\ud800': 1 } } });
    expect(errorOf(patched)).toMatchObject({ code: 'parameter_invalid', param: 'config.\ud800' });
    const registered = await h.app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], client_name: 'Bad\ud800name', token_endpoint_auth_method: 'none' }),
    });
    expect(registered.statusCode, registered.body).toBe(400);
    expect(registered.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('lone surrogate') });
  });
});
