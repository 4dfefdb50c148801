import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertPost, setVote } from '../src/repositories/feedback/posts.js';
import { call, createResource, dataOf, errorOf, harness, publishBoardWith } from './helpers.js';

const h = await harness({ rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000, publishablePerClient: 1000 } });
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const publishBoard = (config: Record<string, unknown> = {}, key = secret) => publishBoardWith(h.app, key, config);

interface Post {
  id: string;
  title: string;
  body: string;
  status: string;
  voteCount: number | null;
  voted: boolean;
  author: { id: string; name?: string; anonymous: boolean };
}

const author = { id: 'user_1', name: 'Ada' };
const create = (boardId: string, title: string, body = '', options: { key?: string; author?: unknown; token?: string } = {}) =>
  call(h.app, 'POST', '/feedback/api/v1/posts', {
    key: options.key ?? pub,
    body: { boardId, title, body, ...(options.author === null ? {} : { author: options.author ?? author }) },
    headers: options.token ? { 'inlay-author-token': options.token } : {},
  });
const list = async (boardId: string, query = '', key = pub) =>
  dataOf<{ items: Post[]; nextCursor: string | null }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}${query}`, { key }));
const vote = (postId: string, action: 'vote' | 'unvote', voter: unknown = { id: 'voter_1' }, options: { key?: string; token?: string } = {}) =>
  call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, {
    key: options.key ?? pub,
    body: voter === null ? { action } : { action, author: voter },
    headers: options.token ? { 'inlay-author-token': options.token } : {},
  });

describe('creating posts', () => {
  it('stores and returns a post, trimming title and body', async () => {
    const boardId = await publishBoard();
    const post = dataOf<Post & { object: string; boardId: string; createdAt: string }>(await create(boardId, '  Dark mode  ', '  Please \n'));
    expect(post).toMatchObject({ object: 'post', boardId, title: 'Dark mode', body: 'Please', status: 'open', voteCount: 0, voted: false });
    expect(post.author).toEqual({ id: 'user_1', name: 'Ada', anonymous: false });
  });

  it('stores HTML and script payloads verbatim and returns them as data', async () => {
    const boardId = await publishBoard();
    const title = '<img src=x onerror=alert(1)>';
    const body = '<script>alert("x")</script> & "quotes" \u202e';
    const post = dataOf<Post>(await create(boardId, title, body));
    expect(post.title).toBe(title);
    expect(post.body).toBe(body);
    expect((await list(boardId)).items[0]?.title).toBe(title);
  });

  it('refuses empty and oversized titles and bodies', async () => {
    const boardId = await publishBoard();
    expect(errorOf(await create(boardId, '   ')).param).toBe('title');
    expect(errorOf(await create(boardId, 't'.repeat(201))).param).toBe('title');
    expect(errorOf(await create(boardId, 'ok', 'b'.repeat(10_001))).param).toBe('body');
    expect((await create(boardId, 't'.repeat(200), `${'b'.repeat(10_000)}   `)).statusCode).toBe(200);
  });

  it('refuses posts when submissionsEnabled is false (403 feature_disabled)', async () => {
    const boardId = await publishBoard({ submissionsEnabled: false });
    const response = await create(boardId, 'Nope');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('feature_disabled');
  });

  it('allows anonymous authors only when the board does', async () => {
    const open = await publishBoard({ allowAnonymous: true });
    const closed = await publishBoard({ allowAnonymous: false });
    const anon = { id: 'anon_abc', anonymous: true };
    // Shown by an alias: the id itself would vote and unvote for the visitor.
    expect(dataOf<Post>(await create(open, 'Anon', '', { author: anon })).author).toEqual({ id: `anon_${createHash('sha256').update('anon_abc').digest('hex').slice(0, 32)}`, anonymous: true });
    expect(errorOf(await create(closed, 'Anon', '', { author: anon })).code).toBe('feature_disabled');
    expect(errorOf(await create(open, 'Nobody', '', { author: null })).code).toBe('parameter_missing');
  });

  it('answers 404 for unpublished boards and boards of another workspace', async () => {
    const unpublished = await createResource(h.app, secret, 'feedback', 'boards');
    expect(errorOf(await create(unpublished, 'x')).code).toBe('not_published');
    const theirs = await publishBoard({}, h.other.keys.testSecret);
    expect(errorOf(await create(theirs, 'x')).code).toBe('not_found');
    const response = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${theirs}`, { key: pub });
    expect(response.statusCode).toBe(404);
  });
});

describe('author tokens on posts and votes', () => {
  async function mint(boardId: string, authorId: string, key = secret): Promise<string> {
    return dataOf<{ token: string }>(
      await call(h.app, 'POST', '/feedback/api/v1/author-tokens', { key, body: { authorId, boardId, name: 'Grace' } }),
    ).token;
  }

  it('takes the author from the token, with its name', async () => {
    const boardId = await publishBoard({ requireAuthorToken: true });
    const token = await mint(boardId, 'tok_user');
    const post = dataOf<Post>(await create(boardId, 'From token', '', { author: null, token }));
    expect(post.author).toEqual({ id: 'tok_user', name: 'Grace', anonymous: false });
    expect(errorOf(await create(boardId, 'No token')).code).toBe('author_token_required');
    expect(errorOf(await vote(post.id, 'vote')).code).toBe('author_token_required');
    expect(dataOf(await vote(post.id, 'vote', null, { token }))).toEqual({ postId: post.id, voteCount: 1, voted: true });
  });

  it('lets a signed-in visitor keep sending its anonymous author: the token wins', async () => {
    const boardId = await publishBoard();
    const token = await mint(boardId, 'tok_user');
    const post = dataOf<Post>(await create(boardId, 'Signed in', '', { author: { id: 'anon_1', anonymous: true }, token }));
    expect(post.author).toMatchObject({ id: 'tok_user', anonymous: false });
  });

  it('refuses a body naming another author than the token', async () => {
    const boardId = await publishBoard();
    const token = await mint(boardId, 'tok_user');
    const response = await create(boardId, 'Mismatch', '', { author: { id: 'someone_else' }, token });
    expect(errorOf(response).code).toBe('identity_mismatch');
  });

  it('shows a board that requires tokens which posts a user voted on only to a token of that user', async () => {
    const boardId = await publishBoard({ requireAuthorToken: true });
    const token = await mint(boardId, 'tok_voter');
    const post = dataOf<Post>(await create(boardId, 'Private votes', '', { author: null, token }));
    dataOf(await vote(post.id, 'vote', null, { token }));
    expect((await list(boardId, '&authorId=tok_voter')).items[0]).toMatchObject({ voteCount: 1, voted: false });
    const withToken = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}`, { key: pub, headers: { 'inlay-author-token': token } });
    expect(dataOf<{ items: Post[] }>(withToken).items[0]).toMatchObject({ voteCount: 1, voted: true });
  });

  it("refuses another board's token", async () => {
    const boardId = await publishBoard();
    const other = await publishBoard();
    const token = await mint(other, 'tok_user');
    expect(errorOf(await create(boardId, 'x', '', { author: null, token })).code).toBe('author_token_invalid');
  });
});

describe('votes', () => {
  it('votes once per author, idempotently, and unvotes', async () => {
    const boardId = await publishBoard();
    const post = dataOf<Post>(await create(boardId, 'Export to CSV'));
    expect(dataOf(await vote(post.id, 'vote'))).toEqual({ postId: post.id, voteCount: 1, voted: true });
    expect(dataOf(await vote(post.id, 'vote'))).toEqual({ postId: post.id, voteCount: 1, voted: true });
    expect(dataOf(await vote(post.id, 'vote', { id: 'voter_2' }))).toEqual({ postId: post.id, voteCount: 2, voted: true });
    expect(dataOf(await vote(post.id, 'unvote'))).toEqual({ postId: post.id, voteCount: 1, voted: false });
    expect(dataOf(await vote(post.id, 'unvote'))).toEqual({ postId: post.id, voteCount: 1, voted: false });
    const listed = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&authorId=voter_2`, { key: pub });
    expect(dataOf<{ items: Post[] }>(listed).items[0]).toMatchObject({ voteCount: 1, voted: true });
  });

  it("follows a reader's own votes from page to page", async () => {
    const boardId = await publishBoard();
    const post = dataOf<Post>(await create(boardId, 'Offline mode'));
    const seen = async () => (await list(boardId, '&authorId=reader_1')).items[0]?.voted;
    expect(await seen()).toBe(false);
    dataOf(await vote(post.id, 'vote', { id: 'reader_1' }));
    expect(await seen()).toBe(true);
    dataOf(await vote(post.id, 'unvote', { id: 'reader_1' }));
    expect(await seen()).toBe(false);
    // The same id voting anonymously is one of the reader's keys as well.
    dataOf(await vote(post.id, 'vote', { id: 'reader_1', anonymous: true }));
    expect(await seen()).toBe(true);
    // Another reader's vote changes nothing for this one.
    dataOf(await vote(post.id, 'unvote', { id: 'reader_2' }));
    expect(await seen()).toBe(true);
  });

  it('shows which posts of a page a reader voted for, whether they voted for a few posts or for hundreds', async () => {
    const boardId = await publishBoard();
    const scope = { workspaceId: h.ws.id, mode: 'test' as const, boardId };
    const ids: string[] = [];
    for (let i = 0; i < 130; i += 1) {
      ids.push((await insertPost(h.storage, scope, { title: `voted ${i}`, body: '', author: { key: 'u:bulk', id: 'bulk', name: null, anonymous: false } })).id);
    }
    // 'keen' voted for 117 posts (more than are read by author), 'casual' for three.
    for (const id of ids) await setVote(h.storage, { id }, 'u:keen', true);
    for (let i = 3; i < 130; i += 10) await setVote(h.storage, { id: ids[i] as string }, 'u:keen', false);
    for (const id of [ids[0], ids[129], ids[64]] as string[]) await setVote(h.storage, { id }, 'a:casual', true);
    const keen = new Set(ids.filter((_, i) => i % 10 !== 3));
    const casual = new Set([ids[0], ids[129], ids[64]]);
    for (const [reader, voted] of [['keen', keen], ['casual', casual], ['nobody', new Set<string>()]] as const) {
      const page = await list(boardId, `&sort=new&limit=100&authorId=${reader}`);
      const next = await list(boardId, `&sort=new&limit=100&authorId=${reader}&cursor=${page.nextCursor}`);
      const items = [...page.items, ...next.items];
      expect(items).toHaveLength(130);
      expect(items.filter((post) => post.voted).map((post) => post.id).sort()).toEqual([...voted].sort());
    }
  });

  it("keeps an anonymous visitor away from the vote of an identified user with the same id", async () => {
    const boardId = await publishBoard();
    const post = dataOf<Post>(await create(boardId, 'Not yours'));
    dataOf(await vote(post.id, 'vote', { id: 'alice' }));
    // An anonymous id is the browser's own choice: it may be any string, 'alice' too.
    expect(dataOf(await vote(post.id, 'unvote', { id: 'alice', anonymous: true }))).toEqual({ postId: post.id, voteCount: 1, voted: false });
    expect(dataOf(await vote(post.id, 'vote', { id: 'alice', anonymous: true }))).toEqual({ postId: post.id, voteCount: 2, voted: true });
  });

  it('marks exactly the posts of a page that the reader voted for, under either of its author keys', async () => {
    const boardId = await publishBoard();
    const posts: Post[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) posts.push(dataOf<Post>(await create(boardId, title)));
    const [one, two, three, four, five] = posts as [Post, Post, Post, Post, Post];
    dataOf(await vote(one.id, 'vote', { id: 'reader' }));
    dataOf(await vote(three.id, 'vote', { id: 'reader', anonymous: true }));
    for (const other of ['other_1', 'other_2', 'other_3']) {
      for (const post of [one, two, four, five]) dataOf(await vote(post.id, 'vote', { id: other }));
    }
    dataOf(await vote(five.id, 'vote', { id: 'reader' }));
    dataOf(await vote(five.id, 'unvote', { id: 'reader' }));
    const voted = (items: Post[]) => Object.fromEntries(items.map((item) => [item.title, item.voted]));
    const expected = { One: true, Two: false, Three: true, Four: false, Five: false };
    expect(voted((await list(boardId, '&authorId=reader')).items)).toEqual(expected);
    expect(voted((await list(boardId, '&sort=top&authorId=reader')).items)).toEqual(expected);
    expect(voted((await list(boardId, '&authorId=nobody')).items)).toEqual({ One: false, Two: false, Three: false, Four: false, Five: false });
  });

  it('reads an empty Inlay-Author-Token header as no token', async () => {
    const boardId = await publishBoard();
    const post = dataOf<Post>(await create(boardId, 'Blank header'));
    const response = await call(h.app, 'POST', `/feedback/api/v1/posts/${post.id}`, { key: pub, body: { action: 'vote', author: { id: 'voter_9' } }, headers: { 'inlay-author-token': '' } });
    expect(dataOf(response)).toEqual({ postId: post.id, voteCount: 1, voted: true });
  });

  it('moves the count by exactly one under 100 simultaneous identical votes', async () => {
    const boardId = await publishBoard();
    const post = dataOf<Post>(await create(boardId, 'Race'));
    const responses = await Promise.all(Array.from({ length: 100 }, () => vote(post.id, 'vote', { id: 'racer' })));
    for (const response of responses) expect(response.statusCode).toBe(200);
    expect((await list(boardId)).items[0]?.voteCount).toBe(1);
    await Promise.all(Array.from({ length: 50 }, (_, i) => vote(post.id, 'vote', { id: `crowd_${i}` })));
    expect((await list(boardId)).items[0]?.voteCount).toBe(51);
  });

  it('refuses votes when votingEnabled is false, and unknown actions', async () => {
    const boardId = await publishBoard({ votingEnabled: false });
    const post = dataOf<Post>(await create(boardId, 'Frozen'));
    expect(errorOf(await vote(post.id, 'vote')).code).toBe('feature_disabled');
    const bad = await call(h.app, 'POST', `/feedback/api/v1/posts/${post.id}`, { key: pub, body: { action: 'upvote', author } });
    expect(errorOf(bad)).toMatchObject({ code: 'parameter_invalid', param: 'action' });
  });

  it('hides counts from publishable responses when showVoteCounts is false', async () => {
    const boardId = await publishBoard({ showVoteCounts: false });
    const post = dataOf<Post>(await create(boardId, 'Hidden'));
    expect(post.voteCount).toBeNull();
    expect(dataOf<{ voteCount: number | null }>(await vote(post.id, 'vote')).voteCount).toBeNull();
    expect((await list(boardId)).items[0]?.voteCount).toBeNull();
  });

  it('answers 404 for a post of the other mode or workspace', async () => {
    const boardId = await publishBoard();
    const post = dataOf<Post>(await create(boardId, 'Test mode post'));
    await h.setPlan(h.ws.id, 'hosted');
    expect((await vote(post.id, 'vote', { id: 'a', anonymous: true }, { key: h.ws.keys.livePublishable })).statusCode).toBe(404);
    expect((await vote(post.id, 'vote', { id: 'a' }, { key: h.other.keys.testPublishable })).statusCode).toBe(404);
    await h.setPlan(h.ws.id, 'free');
  });

  it('gives up on a post deleted after its lookup, with its votes and count untouched elsewhere', async () => {
    const boardId = await publishBoard();
    const kept = dataOf<Post>(await create(boardId, 'Kept'));
    const gone = dataOf<Post>(await create(boardId, 'Gone'));
    dataOf(await vote(kept.id, 'vote'));
    // What a board's or workspace's cascade does between the route's lookup and its vote.
    await h.storage.db.deleteFrom('posts').where('id', '=', gone.id).execute();
    expect(await setVote(h.storage, { id: gone.id }, 'voter_2', true)).toBeNull();
    expect(await setVote(h.storage, { id: gone.id }, 'voter_2', false)).toBeNull();
    expect(await h.storage.db.selectFrom('votes').select('post_id').where('post_id', '=', gone.id).execute()).toEqual([]);
    expect((await list(boardId)).items.map((post) => [post.title, post.voteCount])).toEqual([['Kept', 1]]);
  });
});

describe('modes and plans', () => {
  it('keeps test and live posts apart, and needs the hosted plan for live', async () => {
    const boardId = await publishBoard();
    dataOf(await create(boardId, 'Only in test'));
    const livePub = h.ws.keys.livePublishable;
    await h.setPlan(h.ws.id, 'byo');
    expect((await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}`, { key: livePub })).statusCode).toBe(402);
    await h.setPlan(h.ws.id, 'hosted');
    expect((await list(boardId, '', livePub)).items).toEqual([]);
    expect(errorOf(await create(boardId, 'Live by name', '', { key: livePub })).code).toBe('author_token_required');
    const anon = dataOf<Post>(await create(boardId, 'Live anonymous', '', { key: livePub, author: { id: 'v1', anonymous: true } }));
    expect((await list(boardId, '', livePub)).items.map((p) => p.id)).toEqual([anon.id]);
    expect((await list(boardId)).items.map((p) => p.title)).toEqual(['Only in test']);
    await h.setPlan(h.ws.id, 'free');
  });
});

describe('search', async () => {
  const boardId = await publishBoard();
  const posts = [
    ['Keyboard shortcuts', 'Add shortcuts for the Projektverwaltungssoftware view'],
    ['Café mode', 'A calmer colour theme for reading'],
    ['東京のサーバー', '日本語のサポートをお願いします'],
    ['Export invoices', 'We need CSV export of all invoices every month'],
    ['Dark theme', 'Please add a dark theme to the editor'],
    ['Slack integration', 'Post updates to a channel'],
    ['ダークモードの設定', 'モードを切り替えたい'],
    ['설정 페이지', '다크 모드를 추가해 주세요'],
  ];
  for (const [title, body] of posts) dataOf(await create(boardId, title!, body));
  const titles = async (q: string, extra = '') => (await list(boardId, `&q=${encodeURIComponent(q)}${extra}`)).items.map((p) => p.title);

  it('finds words inside compound words', async () => {
    expect(await titles('verwaltung')).toEqual(['Keyboard shortcuts']);
  });

  it('folds accents and case', async () => {
    expect(await titles('cafe')).toEqual(['Café mode']);
    expect(await titles('CAFÉ')).toEqual(['Café mode']);
  });

  it('finds CJK text, including two-character words', async () => {
    expect(await titles('日本語')).toEqual(['東京のサーバー']);
    expect(await titles('東京')).toEqual(['東京のサーバー']);
  });

  it('keeps the marks of Japanese voiced kana and the syllables of Korean', async () => {
    expect(await titles('サーバー')).toEqual(['東京のサーバー']);
    expect(await titles('モード')).toEqual(['ダークモードの設定']);
    expect(await titles('설정')).toEqual(['설정 페이지']);
    expect(await titles('다크 모드')).toEqual(['설정 페이지']);
  });

  it('matches terms spread across title and body, and ranks title matches first', async () => {
    expect(await titles('dark editor')).toEqual(['Dark theme']);
    expect(await titles('theme')).toEqual(['Dark theme', 'Café mode']);
  });

  it('matches any word with match=any, for similar-post suggestions', async () => {
    expect(await titles('dark invoices')).toEqual([]);
    expect((await titles('dark invoices', '&match=any')).sort()).toEqual(['Dark theme', 'Export invoices']);
  });

  it('searches every post of the board, not just a page', async () => {
    const big = await publishBoard();
    for (let i = 0; i < 45; i += 1) dataOf(await create(big, `Filler ${i}`, 'nothing to see'));
    dataOf(await create(big, 'Needle', 'unique haystack term'));
    for (let i = 0; i < 5; i += 1) dataOf(await create(big, `More ${i}`, 'nothing'));
    const found = (await list(big, '&q=haystack&limit=5')).items.map((p) => p.title);
    expect(found).toEqual(['Needle']);
  });

  it('takes the LIKE wildcards % and _ in q as the characters they are', async () => {
    // PostgreSQL matches terms with LIKE (db/postgres/post-search.ts): unescaped, "%"
    // and "_" would match any text, and both posts here would be found.
    const board = await publishBoard();
    dataOf(await create(board, 'Discount 50%off', 'snake_case names'));
    dataOf(await create(board, 'Discount 50 and more off', 'snakeXcase names'));
    const found = async (q: string) => (await list(board, `&q=${encodeURIComponent(q)}`)).items.map((p) => p.title);
    expect(await found('50%off')).toEqual(['Discount 50%off']);
    expect(await found('snake_case')).toEqual(['Discount 50%off']);
  });

  it('treats quotes and FTS syntax in q as plain text', async () => {
    for (const q of ['"', 'AND OR NOT', 'title:*', '(((', 'NEAR(a b)']) {
      const response = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=${encodeURIComponent(q)}`, { key: pub });
      expect(response.statusCode, q).toBe(200);
    }
  });

  it('refuses q longer than 200 characters', async () => {
    const response = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=${'a'.repeat(201)}`, { key: pub });
    expect(errorOf(response).param).toBe('q');
  });
});

describe('pagination', () => {
  it('walks every post exactly once while new posts and votes arrive, for every sort', async () => {
    for (const sort of ['new', 'top', 'trending'] as const) {
      const boardId = await publishBoard();
      const created: string[] = [];
      for (let i = 0; i < 30; i += 1) created.push(dataOf<Post>(await create(boardId, `${sort} post ${i}`)).id);
      for (let i = 0; i < 10; i += 1) dataOf(await vote(created[i * 3]!, 'vote', { id: `v${i}` }));
      const seen: string[] = [];
      let cursor: string | null = null;
      let round = 0;
      do {
        const page: { items: Post[]; nextCursor: string | null } = await list(boardId, `&sort=${sort}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor;
        // Meanwhile: a new post, and votes that would reorder a ranked list.
        dataOf(await create(boardId, `inserted ${sort} ${round}`));
        dataOf(await vote(created[29 - round]!, 'vote', { id: `late${round}` }));
        dataOf(await vote(created[29 - round]!, 'vote', { id: `later${round}` }));
        round += 1;
      } while (cursor && round < 20);
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect([...seen].sort(), sort).toEqual([...created].sort());
    }
  });

  it('orders top by votes and new by time', async () => {
    const boardId = await publishBoard();
    const a = dataOf<Post>(await create(boardId, 'a'));
    const b = dataOf<Post>(await create(boardId, 'b'));
    dataOf(await vote(a.id, 'vote'));
    expect((await list(boardId, '&sort=top')).items.map((p) => p.title)).toEqual(['a', 'b']);
    expect((await list(boardId, '&sort=new')).items.map((p) => p.title)).toEqual(['b', 'a']);
    expect(b.id > a.id).toBe(true);
  });

  it('ranks trending by age between equals, and lets votes lift an older post', async () => {
    // Each board is listed once: a first page's order is shared for a few seconds.
    const quiet = await publishBoard();
    dataOf(await create(quiet, 'older'));
    dataOf(await create(quiet, 'newer'));
    expect((await list(quiet, '&sort=trending')).items.map((p) => p.title)).toEqual(['newer', 'older']);
    const busy = await publishBoard();
    const older = dataOf<Post>(await create(busy, 'older'));
    dataOf(await create(busy, 'newer'));
    for (let i = 0; i < 10; i += 1) dataOf(await vote(older.id, 'vote', { id: `fan${i}` }));
    expect((await list(busy, '&sort=trending')).items.map((p) => p.title)).toEqual(['older', 'newer']);
  });

  it('shows a vote in the next list at once, though the list has just read the post', async () => {
    const boardId = await publishBoard();
    const post = dataOf<Post>(await create(boardId, 'Cached'));
    for (const sort of ['new', 'top', 'trending']) expect((await list(boardId, `&sort=${sort}`)).items[0]?.voteCount).toBe(0);
    dataOf(await vote(post.id, 'vote'));
    for (const sort of ['new', 'top', 'trending']) expect((await list(boardId, `&sort=${sort}`)).items[0]?.voteCount, sort).toBe(1);
    dataOf(await vote(post.id, 'unvote'));
    expect((await list(boardId, '&sort=new')).items[0]?.voteCount).toBe(0);
  });

  it('refuses a cursor from another sort or search, and a forged cursor', async () => {
    const boardId = await publishBoard();
    for (let i = 0; i < 3; i += 1) dataOf(await create(boardId, `p${i}`));
    const first = await list(boardId, '&sort=top&limit=1');
    for (const sort of ['new', 'trending']) {
      const wrong = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&sort=${sort}&cursor=${first.nextCursor}`, { key: pub });
      expect(errorOf(wrong).param, sort).toBe('cursor');
    }
    const forged = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&cursor=eyJrIjoieiJ9`, { key: pub });
    expect(errorOf(forged).param).toBe('cursor');
    // A search cursor is for its own match mode too.
    const any = await list(boardId, '&q=p0%20p1&match=any&limit=1');
    expect(any.nextCursor).not.toBeNull();
    const all = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=p0%20p1&match=all&cursor=${any.nextCursor}`, { key: pub });
    expect(errorOf(all).param).toBe('cursor');
    // And for its own q.
    const other = await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=p0%20p2&match=any&cursor=${any.nextCursor}`, { key: pub });
    expect(errorOf(other).param).toBe('cursor');
  });

  it('pages every list, searches too, to its last post and no further', async () => {
    const boardId = await publishBoard();
    for (let i = 0; i < 5; i += 1) dataOf(await create(boardId, `lamp ${i}`));
    dataOf(await create(boardId, 'other'));
    const walk = async (query: string, limit: number) => {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Post[]; nextCursor: string | null } = await list(boardId, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        pages.push(page.items.map((p) => p.title));
        cursor = page.nextCursor;
      } while (cursor !== null && pages.length < 10);
      return pages.map((page) => page.length);
    };
    for (const sort of ['new', 'top', 'trending']) {
      // An empty q is no search.
      expect(await walk(`&sort=${sort}&q=`, 4), sort).toEqual([4, 2]);
      expect(await walk(`&sort=${sort}`, 2), sort).toEqual([2, 2, 2]);
      expect(await walk(`&sort=${sort}`, 4), sort).toEqual([4, 2]);
      expect(await walk(`&sort=${sort}&q=lamp`, 2), `${sort} search`).toEqual([2, 2, 1]);
      expect(await walk(`&sort=${sort}&q=lamp`, 3), `${sort} search`).toEqual([3, 2]);
    }
  });

  it('ends a list whose last page is full with no cursor', async () => {
    const boardId = await publishBoard();
    for (let i = 0; i < 3; i += 1) dataOf(await create(boardId, `full ${i}`));
    expect((await list(boardId, '&sort=new&limit=3')).nextCursor).toBeNull();
  });

  it('walks a board larger than one ranked snapshot, on by keyset past it, every post once', async () => {
    const boardId = await publishBoard();
    // 600 posts: ten pages of 50 from the 500-post snapshot, then two by keyset.
    const scope = { workspaceId: h.ws.id, mode: 'test' as const, boardId };
    const created = new Set<string>();
    for (let i = 0; i < 600; i += 1) {
      created.add((await insertPost(h.storage, scope, { title: `bulk ${i}`, body: '', author: { key: 'u:bulk', id: 'bulk', name: null, anonymous: false } })).id);
    }
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Post[]; nextCursor: string | null } = await list(boardId, `&sort=top&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 20);
    expect(pages.map((page) => page.length)).toEqual(Array.from({ length: 12 }, () => 50));
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(600);
    expect(seen.every((id) => created.has(id))).toBe(true);
  });
});

describe('feedback usage', () => {
  it('counts posts, votes, searches and distinct authors', async () => {
    const key = h.other.keys.testSecret;
    const otherPub = h.other.keys.testPublishable;
    const boardId = await publishBoard({}, key);
    const post = dataOf<Post>(await create(boardId, 'Counted', '', { key: otherPub, author: { id: 'x1' } }));
    dataOf(await create(boardId, 'Counted too', '', { key: otherPub, author: { id: 'x2' } }));
    dataOf(await vote(post.id, 'vote', { id: 'x3' }, { key: otherPub }));
    dataOf(await vote(post.id, 'vote', { id: 'x3' }, { key: otherPub }));
    await list(boardId, '&q=counted', otherPub);
    const usage = dataOf<{ totals: Record<string, number> }>(await call(h.app, 'GET', '/feedback/api/v1/usage', { key }));
    expect(usage.totals).toMatchObject({ postsCreated: 2, votes: 1, searches: 1, authors: 3 });
  });
});

describe('spam limits', () => {
  it('limits posts per author and per client address', async () => {
    const limited = await harness({ rateLimits: { postsPerClient: 4, postsPerAuthor: 2 } });
    const id = await createResource(limited.app, limited.ws.keys.testSecret, 'feedback', 'boards');
    dataOf(await call(limited.app, 'POST', `/feedback/api/v1/boards/${id}`, { key: limited.ws.keys.testSecret, body: { action: 'publish' } }));
    const post = (authorId: string) =>
      call(limited.app, 'POST', '/feedback/api/v1/posts', { key: limited.ws.keys.testPublishable, body: { boardId: id, title: 't', author: { id: authorId } } });
    expect((await post('a')).statusCode).toBe(200);
    expect((await post('a')).statusCode).toBe(200);
    const third = await post('a');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect((await post('b')).statusCode).toBe(200);
    expect((await post('c')).statusCode).toBe(429);
  });

  it('refuses an unknown category before the post counts against the limits', async () => {
    const limited = await harness({ rateLimits: { postsPerClient: 10, postsPerAuthor: 1 } });
    const id = await createResource(limited.app, limited.ws.keys.testSecret, 'feedback', 'boards');
    dataOf(await call(limited.app, 'POST', `/feedback/api/v1/boards/${id}`, { key: limited.ws.keys.testSecret, body: { action: 'publish' } }));
    const post = (categoryId?: string) =>
      call(limited.app, 'POST', '/feedback/api/v1/posts', { key: limited.ws.keys.testPublishable, body: { boardId: id, title: 't', author: { id: 'a' }, categoryId } });
    const refused = await post('cat_none');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'parameter_invalid', param: 'categoryId' } });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(429);
  });
});
