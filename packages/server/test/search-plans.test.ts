import { afterAll, describe, expect, it } from 'vitest';
import { insertPost } from '../src/services/feedback/posts.js';
import { searchReaderOf } from '../src/services/feedback/search-pool.js';
import { call, createResource, dataOf, harness, onPostgres } from './helpers.js';

// On PostgreSQL a search either walks the posts newest first or reads every match through the
// GIN indexes, as the share of matches among the newest posts decides (search-postgres.ts,
// docs/decisions.md "Search on PostgreSQL"). A common word paged by `sort=new` takes the walk
// (few posts wanted, many matches); ranked by relevance it takes the index read (a thousand
// candidates wanted). Both must give the answers SQLite gives.
describe('search plans', async () => {
  const h = await harness();
  const key = h.ws.keys.testSecret;
  const boardId = await createResource(h.app, key, 'feedback', 'boards');
  dataOf(await call(h.app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key, body: { action: 'publish' } }));
  const other = await createResource(h.app, key, 'feedback', 'boards');
  const author = { key: 'a:1', id: 'user_1', name: null, anonymous: true };
  const expected: string[] = [];
  for (let i = 0; i < 90; i++) {
    const title = i % 3 === 2 ? `Chair ${i}` : `Lamp ${i}`;
    // Posts of another board interleaved: the row budget counts them, the answers do not.
    if (i % 10 === 0) await insertPost(h.db, { workspaceId: h.ws.id, mode: 'test', boardId: other }, { title: `Lamp elsewhere ${i}`, body: 'lamp', author });
    await insertPost(h.db, { workspaceId: h.ws.id, mode: 'test', boardId }, { title, body: i % 3 === 2 ? 'a seat' : 'a light', author });
    if (title.startsWith('Lamp')) expected.unshift(title);
  }
  const page = async (query: string) =>
    dataOf<{ items: Array<{ title: string }>; nextCursor: string | null }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&q=lamp${query}`, { key: h.ws.keys.testPublishable }));

  it('pages a common word newest first, page by page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: { items: Array<{ title: string }>; nextCursor: string | null } = await page(`&sort=new&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.items.map((post) => post.title));
      cursor = next.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(expected);
  });

  it('ranks every match of the same word by relevance', async () => {
    const ranked = await page('&limit=100');
    expect(ranked.items.map((post) => post.title).sort()).toEqual([...expected].sort());
  });
});

// The search connections of PostgreSQL run without parallel workers or JIT (search-postgres.ts,
// docs/decisions.md "Search on PostgreSQL"), added to the options of PGOPTIONS rather than
// replacing them. SQLite searches on worker threads of its own and has neither setting.
describe('search connections', async () => {
  const before = process.env.PGOPTIONS;
  process.env.PGOPTIONS = '-c lock_timeout=4321';
  // Connections open on first use and read PGOPTIONS then: it stays set until the tests end.
  afterAll(() => {
    if (before === undefined) delete process.env.PGOPTIONS;
    else process.env.PGOPTIONS = before;
  });
  const h = await harness();

  it('run without parallel workers or JIT, keeping PGOPTIONS', async () => {
    const reader = searchReaderOf(h.app.inlay);
    if (reader === undefined) throw new Error('no search reader');
    if (!onPostgres) return;
    const settings = { sql: "SELECT concat_ws(' ', current_setting('jit'), current_setting('max_parallel_workers_per_gather'), current_setting('lock_timeout')) AS id", parameters: [] };
    const ids = await reader.run({ candidates: settings, needed: 0, budget: settings, maxRows: 1 });
    expect(ids).toEqual(['off 0 4321ms']);
  });
});
