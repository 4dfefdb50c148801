import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { insertPost } from '../src/repositories/feedback/posts.js';
import type { PostSearchQuery, SearchReader } from '../src/db/post-search.js';
import { postSearchOf } from '../src/services/feedback/post-service.js';
import { searchTerms } from '../src/services/feedback/search-terms.js';
import { call, createResource, dataOf, harness, onPostgres } from './helpers.js';

// On PostgreSQL a search either walks the posts newest first or reads every match through the
// GIN indexes, as the share of matches among the newest posts decides (db/postgres/post-search.ts,
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
    if (i % 10 === 0) await insertPost(h.storage, { workspaceId: h.ws.id, mode: 'test', boardId: other }, { title: `Lamp elsewhere ${i}`, body: 'lamp', author });
    await insertPost(h.storage, { workspaceId: h.ws.id, mode: 'test', boardId }, { title, body: i % 3 === 2 ? 'a seat' : 'a light', author });
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

// On PostgreSQL a term of a few percent of posts reads the newest matches through the indexes, in a
// range of ids estimated from the probe (the times of its newest and oldest post), and walks on
// below the range only while the board's candidates are not complete (db/postgres/post-search.ts). Where
// the range starts must never change the answer: here the probe is made to report a share that
// takes that way, with a range starting above every post, among them, or below every post, and
// each answer must be the one the search gives unsteered, the row budget included. SQLite has no
// probe: the steered reader there is the reader itself.
describe('search through a range of ids', async () => {
  const h = await harness();
  const key = h.ws.keys.testSecret;
  const boardId = await createResource(h.app, key, 'feedback', 'boards');
  const other = await createResource(h.app, key, 'feedback', 'boards');
  const author = { key: 'a:1', id: 'user_1', name: null, anonymous: true };
  /** The millisecond of a post id (db/ids.ts). */
  const timeOf = (id: string) => Number.parseInt(id.slice(5, 14), 36);
  for (let i = 0; i < 80; i++) {
    if (i % 5 === 0) await insertPost(h.storage, { workspaceId: h.ws.id, mode: 'test', boardId: other }, { title: `Lamp elsewhere ${i}`, body: 'lamp', author });
    const { id } = await insertPost(h.storage, { workspaceId: h.ws.id, mode: 'test', boardId }, { title: i % 2 === 0 ? `Lamp ${i}` : `Chair ${i}`, body: i % 3 === 0 ? 'a lamp, a lamp shade' : 'a seat', author });
    // Posts of distinct milliseconds: ids of distinct times to start a range between. The next
    // one waits for the clock to pass this one's millisecond, no longer.
    while (Date.now() <= timeOf(id)) await new Promise((resolve) => setImmediate(resolve));
  }
  const reader = postSearchOf(h.app.inlay).reader;
  if (reader === undefined) throw new Error('no search reader');
  const ids = (await h.storage.db.selectFrom('posts').select('id').orderBy('id', 'desc').execute()).map((row) => row.id);
  // Every post of the board has its own millisecond.
  const boardTimes = (await h.storage.db.selectFrom('posts').select('id').where('board_id', '=', boardId).execute()).map((row) => timeOf(row.id));
  if (new Set(boardTimes).size !== 80) throw new Error(`posts share milliseconds: ${boardTimes.join(', ')}`);
  const latest = timeOf(ids[0]!);
  const chosen: string[] = [];
  // The probe reports 40 matches among the newest 1,000 of 100,000 posts, made between `oldest`
  // and the newest post: for 400 candidates that walks 10,000 posts, so the range spans 12 times
  // `latest - oldest` back from the newest post, and starts at `start`.
  const steered = (start: number): SearchReader => ({
    run: (job) => {
      if (job.choice === undefined) return reader.run(job);
      const oldest = `post_${Math.round(latest - (latest - start) / 12).toString(36).padStart(9, '0')}`;
      const probe = { sql: 'SELECT 40::float8 AS n, $1::text AS oldest, $2::text AS latest, 100000::float8 AS total', parameters: [oldest, ids[0]] };
      const choose = job.choice.choose;
      return reader.run({ ...job, choice: { probe, choose: (row) => { const statement = choose(row); chosen.push(statement.sql); return statement; } } });
    },
    close: () => Promise.resolve(),
  });
  const scope = { workspaceId: h.ws.id, mode: 'test' as const, boardId };
  const search = (through: SearchReader, maxRows: number) =>
    postSearchOf(h.app.inlay).find({ scope, terms: searchTerms('lamp', 8), order: { by: 'relevance', cap: 500 }, match: 'all', budget: { maxRows, candidates: 400 } }, through);

  it('gives the answer of the whole search wherever the range starts, within the row budget too', async () => {
    const starts = { above: latest + 60_000, among: timeOf(ids[Math.floor(ids.length / 2)]!), below: timeOf(ids[ids.length - 1]!) - 60_000 };
    for (const maxRows of [50_000, 30]) {
      const expected = await search(reader, maxRows);
      expect(expected.length, `${maxRows}`).toBeGreaterThan(maxRows === 30 ? 10 : 40);
      for (const [where, start] of Object.entries(starts)) {
        chosen.length = 0;
        expect(await search(steered(start), maxRows), `${where}, ${maxRows}`).toEqual(expected);
        if (onPostgres) expect(chosen.join(), where).toContain('UNION ALL');
      }
    }
  });
});

// On PostgreSQL the probe's answer is reused for the same terms for a while (db/postgres/post-search.ts):
// it only chooses how the candidates are read. A search repeated after new posts must still find
// them, whatever the reused answer said; here the probe counts its runs in a sequence.
describe('a repeated search', async () => {
  const h = await harness();
  const key = h.ws.keys.testSecret;
  const boardId = await createResource(h.app, key, 'feedback', 'boards');
  const scope = { workspaceId: h.ws.id, mode: 'test' as const, boardId };
  const author = { key: 'a:1', id: 'user_1', name: null, anonymous: true };
  for (let i = 0; i < 30; i++) await insertPost(h.storage, scope, { title: i % 2 === 0 ? `Lamp ${i}` : `Chair ${i}`, body: 'a light', author });
  const reader = postSearchOf(h.app.inlay).reader;
  if (reader === undefined) throw new Error('no search reader');
  if (onPostgres) await sql`CREATE SEQUENCE probe_runs`.execute(h.storage.db);
  const counted: SearchReader = {
    run: (job) => {
      if (job.choice === undefined) return reader.run(job);
      const probe = { sql: `SELECT n, oldest, latest, total, nextval('probe_runs') AS runs FROM (${job.choice.probe.sql}) p`, parameters: job.choice.probe.parameters };
      return reader.run({ ...job, choice: { probe, choose: job.choice.choose } });
    },
    close: () => Promise.resolve(),
  };
  const search = (order: PostSearchQuery['order']) =>
    postSearchOf(h.app.inlay).find({ scope, terms: searchTerms('lamp', 8), order, match: 'all', budget: { maxRows: 50_000, candidates: 400 } }, counted);
  const titles = async (ids: string[]) => {
    const rows = await h.storage.db.selectFrom('posts').select(['id', 'title']).where('id', 'in', ids).execute();
    return ids.map((id) => rows.find((row) => row.id === id)?.title);
  };

  it('probes once, and finds the posts made since', async () => {
    const first = await search({ by: 'new', limit: 5 });
    expect(await titles(first)).toEqual(['Lamp 28', 'Lamp 26', 'Lamp 24', 'Lamp 22', 'Lamp 20']);
    expect((await search({ by: 'relevance', cap: 500 })).length).toBe(15);
    await insertPost(h.storage, scope, { title: 'Lamp new', body: 'a light', author });
    expect(await titles(await search({ by: 'new', limit: 2 }))).toEqual(['Lamp new', 'Lamp 28']);
    expect(await titles(await search({ by: 'new', limit: 2 }))).toEqual(['Lamp new', 'Lamp 28']);
    expect((await search({ by: 'relevance', cap: 500 })).length).toBe(16);
    if (onPostgres) {
      // One probe in all: it tests the same newest posts for either order and any page size.
      const runs = await sql<{ runs: string }>`SELECT last_value AS runs FROM probe_runs`.execute(h.storage.db);
      expect(Number(runs.rows[0]?.runs)).toBe(1);
      // A page after a cursor tests the posts below it: a probe of its own.
      const cursor = first[first.length - 1]!;
      expect(await titles(await search({ by: 'new', afterId: cursor, limit: 2 }))).toEqual(['Lamp 18', 'Lamp 16']);
      expect(Number((await sql<{ runs: string }>`SELECT last_value AS runs FROM probe_runs`.execute(h.storage.db)).rows[0]?.runs)).toBe(2);
    }
  });
});

// The search connections of PostgreSQL run without parallel workers or JIT (db/postgres/post-search.ts,
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
    const reader = postSearchOf(h.app.inlay).reader;
    if (reader === undefined) throw new Error('no search reader');
    if (!onPostgres) return;
    const settings = { sql: "SELECT concat_ws(' ', current_setting('jit'), current_setting('max_parallel_workers_per_gather'), current_setting('lock_timeout')) AS id", parameters: [] };
    const ids = await reader.run({ candidates: settings, needed: 0, budget: settings, maxRows: 1 });
    expect(ids).toEqual(['off 0 4321ms']);
  });
});
