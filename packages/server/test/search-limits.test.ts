import { CompiledQuery } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { insertPost } from '../src/repositories/feedback/posts.js';
import type { SearchJob } from '../src/db/post-search.js';
import { postSearchOf } from '../src/services/feedback/post-service.js';
import { searchTerms } from '../src/services/feedback/search-terms.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { call, createResource, dataOf, errorOf, harness, onPostgres, publishBoardWith, type Harness } from './helpers.js';

/**
 * The limits of a search (docs/security.md, Search): terms bounded before anything runs, a row
 * budget and a time budget answered with `search_too_expensive`, the work on worker threads so
 * the event loop stays free, and short terms served by their own index (migration 0009).
 */

const publishBoard = (h: Harness) => publishBoardWith(h.app, h.ws.keys.testSecret);

const author = { key: 'a:1', id: 'user_1', name: null, anonymous: true };
const scopeOf = (h: Harness, boardId: string) => ({ workspaceId: h.ws.id, mode: 'test' as const, boardId });
const search = (h: Harness, boardId: string, q: string, extra = '') =>
  call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=${encodeURIComponent(q)}${extra}`, { key: h.ws.keys.testPublishable });
const titles = async (h: Harness, boardId: string, q: string, extra = '') =>
  dataOf<{ items: Array<{ title: string }> }>(await search(h, boardId, q, extra)).items.map((post) => post.title);

/** A term of three characters or more as a search statement takes it: an FTS5 phrase, or a `LIKE` substring on PostgreSQL. */
const term = (text: string) => (onPostgres ? `%${text}%` : `"${text}"`);

/** Records the jobs the server hands its search reader: what reaches the database. */
function recordJobs(h: Harness): SearchJob[] {
  const reader = postSearchOf(h.app.inlay).reader;
  if (reader === undefined) throw new Error('no search reader');
  const jobs: SearchJob[] = [];
  const run = reader.run.bind(reader);
  reader.run = (job) => {
    jobs.push(job);
    return run(job);
  };
  return jobs;
}

function poolOf(h: Harness) {
  const pool = postSearchOf(h.app.inlay).reader?.pool;
  if (pool === undefined) throw new Error('this server searches inline: the harness must use a database file');
  return pool;
}

describe('search terms', () => {
  it('keeps each distinct term once, folded, and drops stop words beside other terms', () => {
    expect(searchTerms('the '.repeat(48), 8)).toEqual({ indexed: ['the'], short: [] });
    expect(searchTerms('Café CAFE cafe the of a UI ui', 8)).toEqual({ indexed: ['cafe'], short: ['ui'] });
    expect(searchTerms('der Kalender und die Zeit', 8)).toEqual({ indexed: ['kalender', 'zeit'], short: [] });
  });

  it('refuses more distinct terms than the cap before anything runs', () => {
    expect(() => searchTerms('one two three four five six seven eight nine', 8)).toThrow(expect.objectContaining({ code: 'search_too_expensive' }));
    expect(searchTerms(`${'one two three four five six seven eight '.repeat(5)}the and`, 8).indexed).toHaveLength(8);
  });
});

describe('bounded searches', async () => {
  const h = await harness();
  const boardId = await publishBoard(h);
  for (const title of ['The lamp', 'The desk', 'A chair']) await insertPost(h.storage, scopeOf(h, boardId), { title, body: 'the and of', author });
  const jobs = recordJobs(h);

  it('sends one term to SQLite for 48 repeats of a stop word, whatever the match mode', async () => {
    for (const match of ['any', 'all']) {
      jobs.length = 0;
      expect(await titles(h, boardId, 'the '.repeat(48), `&match=${match}`)).toHaveLength(3);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]?.candidates.parameters).toContain(term('the'));
      // One distinct term, however many times the statement names it (db/postgres/post-search.ts).
      expect(new Set(jobs[0]?.candidates.parameters.filter((value) => typeof value === 'string' && value.includes('the')))).toEqual(new Set([term('the')]));
    }
  });

  it('drops stop words beside a specific term', async () => {
    jobs.length = 0;
    expect(await titles(h, boardId, 'the the lamp of the', '&match=any')).toEqual(['The lamp']);
    expect(jobs[0]?.candidates.parameters).toContain(term('lamp'));
  });

  it('answers too many distinct terms with the documented 400, running nothing', async () => {
    jobs.length = 0;
    const response = await search(h, boardId, 'lamp desk chair table shelf sofa bed rug mirror', '&match=any');
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error).toMatchObject({ type: 'invalid_request', code: 'search_too_expensive', param: 'q' });
    expect(error.message).toMatch(/more specific terms/);
    expect(jobs).toEqual([]);
  });
});

describe('row budget', async () => {
  const h = await harness({ searchMaxRows: 5 });
  const small = await publishBoard(h);
  const busy = await publishBoard(h);
  // The small board's post is the oldest: the five newest matches of "lamp" are the busy board's.
  await insertPost(h.storage, scopeOf(h, small), { title: 'Old lamp', body: '', author });
  for (let i = 0; i < 6; i += 1) await insertPost(h.storage, scopeOf(h, busy), { title: `Lamp ${i}`, body: '', author });

  it('answers a search that reads its whole budget without a match on the board with the documented 400', async () => {
    const response = await search(h, small, 'lamp');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ type: 'invalid_request', code: 'search_too_expensive', param: 'q' });
  });

  it('ranks the matches found within the budget, and refuses a newest-first page it cannot fill', async () => {
    expect(await titles(h, busy, 'lamp')).toHaveLength(5);
    expect(errorOf(await search(h, busy, 'lamp', '&sort=new')).code).toBe('search_too_expensive');
    expect(await titles(h, busy, 'lamp', '&sort=new&limit=3')).toEqual(['Lamp 5', 'Lamp 4', 'Lamp 3']);
  });
});

describe('time budget', async () => {
  const h = await harness({ searchTimeoutMs: 1_000, searchWorkers: 1 });
  const boardId = await publishBoard(h);
  await insertPost(h.storage, scopeOf(h, boardId), { title: 'Desk lamp', body: '', author });

  it('abandons a search that runs past it with the documented 400, and serves the next one on a fresh worker', async () => {
    // The worker is held before it runs the search, so the search cannot finish in time.
    const release = await poolOf(h).hold();
    let response;
    try {
      response = await search(h, boardId, 'lamp');
    } finally {
      release();
    }
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ type: 'invalid_request', code: 'search_too_expensive', param: 'q' });
    expect(await titles(h, boardId, 'desk')).toEqual(['Desk lamp']);
  });

  it('is the storage\'s one search: the same limits get it again, other limits are refused', () => {
    const limits = { workers: 1, timeoutMs: 1_000 };
    expect(h.storage.postSearch(limits)).toBe(postSearchOf(h.app.inlay));
    expect(() => h.storage.postSearch({ ...limits, timeoutMs: 5_000 })).toThrow(/already open/);
  });
});

describe('searches on worker threads', async () => {
  const h = await harness({ searchTimeoutMs: 60_000 });
  const boardId = await publishBoard(h);
  await insertPost(h.storage, scopeOf(h, boardId), { title: 'Desk lamp', body: '', author });
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => h.app.close());

  it('leave the event loop free: /healthz answers over HTTP while a search is still running', async () => {
    const pool = poolOf(h);
    const release = await pool.hold();
    let settled = false;
    const pending = fetch(`${url}/feedback/api/v1/posts?boardId=${boardId}&q=lamp`, { headers: { authorization: `Bearer ${h.ws.keys.testPublishable}` } }).finally(() => {
      settled = true;
    });
    try {
      // The search has reached a worker, which the hold keeps from finishing it.
      await vi.waitFor(() => expect(pool.running).toBe(1));
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(settled).toBe(false);
      expect(pool.running).toBe(1);
    } finally {
      release();
    }
    const response = await pending;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { items: Array<{ title: string }> } }).data.items.map((post) => post.title)).toEqual(['Desk lamp']);
  });
});

describe('short terms', async () => {
  const h = await harness();
  const boardId = await publishBoard(h);
  const posts = [
    ['UI polish', 'Round the corners'],
    ['Dark mode', 'A ui-kit theme for the editor'],
    ['Build times', 'Faster builds please'],
    ['Go live checklist', 'Before we go'],
    ['Über-Ansicht', 'Eine Übersicht'],
  ];
  for (const [title, body] of posts) await insertPost(h.storage, scopeOf(h, boardId), { title: title!, body: body!, author });
  const jobs = recordJobs(h);

  it('go through the word index, not a scan of the posts', async () => {
    jobs.length = 0;
    await titles(h, boardId, 'ui');
    const statement = jobs[0]?.candidates;
    if (statement === undefined) throw new Error('no search ran');
    if (onPostgres) {
      // Five posts cost less to scan than to look up: the plan must be able to use the word index
      // when a scan is ruled out (a real board is larger), and then read no post by a scan.
      const plan = await h.storage.db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
        return trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [...statement.parameters]));
      });
      const details = plan.rows.map((row) => row['QUERY PLAN']).join(' | ');
      expect(details).toMatch(/Bitmap Index Scan on post_search_words/);
      expect(details).not.toMatch(/Seq Scan/);
      return;
    }
    const plan = await h.storage.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]));
    const details = plan.rows.map((row) => row.detail).join(' | ');
    expect(details).toMatch(/SCAN posts_words VIRTUAL TABLE INDEX/);
    expect(details).toMatch(/SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(details).not.toMatch(/SCAN p\b/);
  });

  it('find words they begin, in any case and with accents folded, title matches first', async () => {
    expect(await titles(h, boardId, 'ui')).toEqual(['UI polish', 'Dark mode']);
    expect(await titles(h, boardId, 'UB')).toEqual(['Über-Ansicht']);
    expect(await titles(h, boardId, 'go')).toEqual(['Go live checklist']);
    // A word inside another word is no match for a short term (docs/feedback.md, Search): "ui"
    // in "build" was one while short terms were substrings (a scan of every post).
    expect(await titles(h, boardId, 'il')).toEqual([]);
  });

  it('narrow a longer term, and a short term matching no post answers at once', async () => {
    expect(await titles(h, boardId, 'ui theme')).toEqual(['Dark mode']);
    expect(await titles(h, boardId, 'zq theme')).toEqual([]);
    expect(await titles(h, boardId, 'ui theme', '&sort=new')).toEqual(['Dark mode']);
  });
});

describe('searches on a :memory: database', async () => {
  // No other connection can open it: searches run inline, with the term and row limits.
  const app = await buildApp({ db: ':memory:', logger: false, searchMaxRows: 2 });
  afterAll(() => app.close());
  const { keys } = await initWorkspace(app.inlay.storage, 'Acme');
  const boardId = await createResource(app, keys.testSecret, 'feedback', 'boards');
  dataOf(await call(app, 'PATCH', `/feedback/api/v1/boards/${boardId}`, { key: keys.testSecret, body: { name: 'Ideas', config: { allowAnonymous: true } } }));
  dataOf(await call(app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key: keys.testSecret, body: { action: 'publish' } }));
  const scope = { workspaceId: (await app.inlay.storage.db.selectFrom('resources').select('workspace_id').where('id', '=', boardId).executeTakeFirstOrThrow()).workspace_id, mode: 'test' as const, boardId };
  for (const title of ['Desk lamp', 'Floor lamp', 'UI polish']) await insertPost(app.inlay.storage, scope, { title, body: '', author });
  const get = (q: string, extra = '') => call(app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=${encodeURIComponent(q)}${extra}`, { key: keys.testPublishable });

  it('run inline and answer as on a file', async () => {
    expect(postSearchOf(app.inlay).reader?.pool).toBeUndefined();
    expect(dataOf<{ items: Array<{ title: string }> }>(await get('lamp')).items.map((post) => post.title).sort()).toEqual(['Desk lamp', 'Floor lamp']);
    expect(dataOf<{ items: Array<{ title: string }> }>(await get('ui')).items.map((post) => post.title)).toEqual(['UI polish']);
    expect(errorOf(await get('lamp', '&sort=new')).code).toBe('search_too_expensive');
    expect(errorOf(await get('b c d e f g h j k')).code).toBe('search_too_expensive');
  });
});
