// Search latency on each storage backend, without HTTP and without the list snapshots: every
// search of the feedback mix (fixtures.mjs SEARCH_QUERIES) run through the storage's post search
// as the server runs it (worker threads on SQLite, connections of its own on PostgreSQL), one at a
// time, over a board of --posts posts (docs/decisions.md, "Search on PostgreSQL").
//
//   node bench/search-backends.mjs --db /tmp/search.db --posts 100000 [--rounds 20]
//   node bench/search-backends.mjs --db postgres://postgres@127.0.0.1:5433/search_bench --posts 100000
//
// The board is seeded once per database (a second run on the same --db reuses it). Needs the
// server built (`npx turbo run build --filter=@inlay/server...`).
import { parseArgs } from 'node:util';
import { buildApp } from '@inlay/server';
import { postSearchOf } from '../dist/services/feedback/post-service.js';
import { searchTerms } from '../dist/services/feedback/search-terms.js';
import { trendingScore } from '../dist/services/feedback/trending.js';
import { initWorkspace } from '../dist/workspace-setup.js';
import { SEARCH_QUERIES, WORST_SEARCHES, postGenerator } from './fixtures.mjs';

const { values } = parseArgs({ options: { db: { type: 'string' }, posts: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '20' } } });
if (!values.db) throw new Error('--db is required');
const count = Number(values.posts);
const rounds = Number(values.rounds);

const app = await buildApp({ db: values.db, logger: false });
const { storage, options } = app.inlay;
const { db } = storage;

let board = await db.selectFrom('resources').select(['id', 'workspace_id']).where('kind', '=', 'board').executeTakeFirst();
if (board === undefined) {
  const { keys } = await initWorkspace(storage, 'Bench');
  const created = await app.inject({ method: 'POST', url: '/feedback/api/v1/boards', headers: { authorization: `Bearer ${keys.testSecret}` }, payload: { name: 'Bench board' } });
  const id = created.json().data.id;
  board = await db.selectFrom('resources').select(['id', 'workspace_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const started = performance.now();
  const generator = postGenerator(42);
  const random = generator.random;
  const base36 = '0123456789abcdefghijklmnopqrstuvwxyz';
  const end = Date.now() - 60_000;
  const span = 365 * 86_400_000;
  for (let start = 0; start < count; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const time = Math.floor(end - span + (span * i) / count);
      let tail = '';
      for (let d = 0; d < 14; d++) tail += base36[Math.floor(random() * 36)];
      const createdAt = new Date(time).toISOString();
      const voteCount = Math.min(500, Math.floor(1 / (1 - random() * 0.999) ** 0.9));
      const { title, body } = generator.next();
      rows.push({
        id: `post_${time.toString(36).padStart(9, '0')}${tail}`,
        workspace_id: board.workspace_id,
        mode: 'test',
        board_id: board.id,
        title,
        body,
        status: 'open',
        vote_count: voteCount,
        trending_score: trendingScore(voteCount, createdAt),
        author_key: 'u:seed',
        author_id: 'seed',
        author_name: null,
        author_anonymous: 0,
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
    await db.insertInto('posts').values(rows).execute();
  }
  console.log(`seeded ${count} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const scope = { workspaceId: board.workspace_id, mode: 'test', boardId: board.id };
const search = postSearchOf(app.inlay);
const budget = { maxRows: options.searchMaxRows, candidates: Math.max(options.searchCandidates, 500) };
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (ms) => ms.toFixed(2);

async function timed(q, match, order) {
  const started = performance.now();
  let outcome = 'ok';
  try {
    await search.find({ scope, terms: searchTerms(q, options.searchMaxTerms), order, match, budget });
  } catch (error) {
    outcome = error.code ?? 'error';
  }
  return { ms: performance.now() - started, outcome };
}

const kinds = Object.entries(SEARCH_QUERIES);
// Warm-up: caches, workers, plans.
for (const [, queries] of kinds) for (const q of queries) await timed(q, 'all', { by: 'relevance', cap: 500 });

const all = [];
const perQuery = [];
for (const [kind, queries] of kinds) {
  const times = [];
  for (const q of queries) {
    const own = [];
    for (let r = 0; r < rounds; r++) own.push((await timed(q, 'all', { by: 'relevance', cap: 500 })).ms);
    own.sort((a, b) => a - b);
    perQuery.push(`  ${JSON.stringify(q).padEnd(24)} p50 ${fmt(quantile(own, 0.5))}  p95 ${fmt(quantile(own, 0.95))}`);
    times.push(...own);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  console.log(`${kind.padEnd(9)} relevance p50 ${fmt(quantile(times, 0.5))} ms  p95 ${fmt(quantile(times, 0.95))} ms`);
}
all.sort((a, b) => a - b);
console.log(`all       relevance p50 ${fmt(quantile(all, 0.5))} ms  p95 ${fmt(quantile(all, 0.95))} ms  (${all.length} searches)`);
const newest = [];
for (const [, queries] of kinds) for (const q of queries) for (let r = 0; r < 5; r++) newest.push((await timed(q, 'all', { by: 'new', limit: 21 })).ms);
newest.sort((a, b) => a - b);
console.log(`all       sort=new  p50 ${fmt(quantile(newest, 0.5))} ms  p95 ${fmt(quantile(newest, 0.95))} ms`);
console.log('per query:');
console.log(perQuery.join('\n'));
console.log('worst searches:');
for (const { q, match } of WORST_SEARCHES) {
  const runs = [];
  for (let r = 0; r < 3; r++) runs.push(await timed(q, match, { by: 'relevance', cap: 500 }));
  console.log(`  ${JSON.stringify(q).slice(0, 50).padEnd(52)} ${match.padEnd(3)} ${runs.map((run) => `${fmt(run.ms)} ms ${run.outcome}`).join(', ')}`);
}
await app.close();
