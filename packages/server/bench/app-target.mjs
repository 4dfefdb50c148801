// The Inlay server as a target for the write and feedback benchmarks, in its own process.
//   node app-target.mjs --db /tmp/…/bench.db --flow
//   node app-target.mjs --db /tmp/…/bench.db --board --posts 100000 --ids-file /tmp/…/ids.json [--comments 10000]
//   node app-target.mjs --db postgres://… --attach /tmp/…/target.json   (a second instance)
// Creates a workspace (CLI `init`), then with --flow a published ten-item flow, with --board a
// published board holding --posts generated posts (and votes) inserted straight into SQLite
// through the app's own Kysely instance (the FTS triggers index them as the app's inserts do);
// posts carry statuses and the board's ten categories (BENCH_CATEGORIES), and with --comments
// the newest post holds that many comments (a quarter top-level, each with three replies).
// Every rate limit is raised out of the way (the limiters stay in the path), unless
// --publishable-per-key sets that one; --rate-store picks where limits are counted. Listens on
// 127.0.0.1 at a free port and prints one JSON line once ready. Ends on SIGTERM/SIGINT.
// With --cpu-prof-dir, it profiles only what it serves (not the set-up): `POST /__bench/profile
// ?name=N` saves the profile so far (if any) and starts one named N; the last is saved at exit.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { buildApp } from '@inlay/server';
import { trendingScore } from '../dist/services/feedback/trending.js';
import { BENCH_CATEGORIES, BENCH_STATUSES, benchFlowConfig, postGenerator } from './fixtures.mjs';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
/** High enough never to refuse during a run, while the limiters stay in the measured path. */
const NO_REFUSAL = 100_000_000;

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    flow: { type: 'boolean', default: false },
    board: { type: 'boolean', default: false },
    posts: { type: 'string', default: '100000' },
    comments: { type: 'string', default: '0' },
    'ids-file': { type: 'string' },
    'cpu-prof-dir': { type: 'string' },
    // Another instance on the same database: serves what that target (its ready line, saved as
    // JSON) created, without creating anything.
    attach: { type: 'string' },
    // rateLimits.store (memory, postgres, a redis:// URL) and the per-key ceiling of the
    // publishable routes, for the rate-limit store benchmark; otherwise no limit refuses.
    'rate-store': { type: 'string' },
    'publishable-per-key': { type: 'string' },
  },
});
if (!values.db) throw new Error('--db <file> is required');
const attached = values.attach ? JSON.parse(await readFile(values.attach, 'utf8')) : undefined;
if (!attached && values.flow === values.board) throw new Error('exactly one of --flow and --board is required');

const keys = attached
  ? { testPublishable: attached.publishableKey, testSecret: attached.secretKey }
  : JSON.parse(
      (await promisify(execFile)(process.execPath, [CLI, 'init', '--json', '--name', 'Bench', '--db', values.db], { timeout: 30_000 })).stdout.trim().split('\n').pop(),
    ).keys;

const app = await buildApp({
  db: values.db,
  logger: false,
  rateLimits: {
    publishablePerClient: NO_REFUSAL,
    publishablePerKey: values['publishable-per-key'] ? Number(values['publishable-per-key']) : NO_REFUSAL,
    secretPerKey: NO_REFUSAL,
    authorTokensPerKey: NO_REFUSAL,
    postsPerClient: NO_REFUSAL,
    postsPerAuthor: NO_REFUSAL,
    ...(values['rate-store'] ? { store: values['rate-store'] } : {}),
  },
  // The webhooks benchmark's receiver listens on 127.0.0.1.
  webhooks: { allowPrivateTargets: true },
});

// Routes must be added before the first inject readies the app. Only when profiling.
const profiler = cpuProfiler(values['cpu-prof-dir']);
if (values['cpu-prof-dir']) {
  app.post('/__bench/profile', async (request) => {
    await profiler.save();
    await profiler.start(String(request.query.name));
    return { data: { profiling: request.query.name } };
  });
}

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(1), 5_000);
  force.unref();
  app
    .close()
    .then(() => profiler.save())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

const secret = { authorization: `Bearer ${keys.testSecret}` };
const call = async (method, url, payload) => {
  const response = await app.inject({ method, url, headers: secret, payload });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
  return response.json().data;
};

let ready;
if (attached) {
  // What the first instance made (its flow or board and seeded figures), without its address and keys.
  ready = Object.fromEntries(Object.entries(attached).filter(([name]) => !['url', 'publishableKey', 'secretKey'].includes(name)));
} else if (values.flow) {
  const config = benchFlowConfig();
  const flow = await call('POST', '/onboarding/api/v1/flows', { name: 'Bench flow' });
  await call('PATCH', `/onboarding/api/v1/flows/${flow.id}`, { name: 'Bench flow', config });
  await call('POST', `/onboarding/api/v1/flows/${flow.id}`, { action: 'publish' });
  ready = { flowId: flow.id, itemIds: config.items.map((item) => item.id) };
} else {
  const board = await call('POST', '/feedback/api/v1/boards', { name: 'Bench board' });
  await call('PATCH', `/feedback/api/v1/boards/${board.id}`, {
    name: 'Bench board',
    config: {
      allowAnonymous: true,
      showVoteCounts: true,
      votingEnabled: true,
      submissionsEnabled: true,
      categories: BENCH_CATEGORIES.map((id, n) => ({ id, name: `Category ${n}`, color: '#4f46e5' })),
    },
  });
  await call('POST', `/feedback/api/v1/boards/${board.id}`, { action: 'publish' });
  const count = Number(values.posts);
  if (!Number.isInteger(count) || count < 1) throw new Error('--posts must be a positive whole number');
  const seeded = await seedPosts(board.id, count);
  if (values['ids-file']) await writeFile(values['ids-file'], JSON.stringify(seeded.sampleIds));
  const commentCount = Number(values.comments);
  const commented = commentCount > 0 ? await seedComments(seeded.newestId, commentCount) : undefined;
  ready = { boardId: board.id, seeded: { posts: seeded.posts, votes: seeded.votes, ms: seeded.ms, ...(commented ? { commentedPostId: seeded.newestId, comments: commented.comments } : {}) } };
}

const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url, publishableKey: keys.testPublishable, secretKey: keys.testSecret, ...ready })}\n`);

/**
 * Inserts `count` posts over the last year, oldest first, with a skewed vote count (most posts
 * a few votes, a few posts hundreds) and the matching vote rows, in batched transactions through
 * the app's Kysely instance. Ids follow the server's format (`post_` + 9 base36 characters of
 * milliseconds + 14 random ones), so newest-first keysets behave as with real posts.
 */
async function seedPosts(boardId, count) {
  const started = performance.now();
  const { db } = app.inlay.storage;
  const workspace = await db.selectFrom('resources').select('workspace_id').where('id', '=', boardId).executeTakeFirstOrThrow();
  const generator = postGenerator(42);
  const random = generator.random;
  const base36 = '0123456789abcdefghijklmnopqrstuvwxyz';
  const end = Date.now() - 60_000;
  const span = 365 * 86_400_000;
  const sampleIds = [];
  let newestId;
  let votes = 0;
  const BATCH = 200;
  for (let start = 0; start < count; start += BATCH) {
    const posts = [];
    const voteRows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const time = Math.floor(end - span + (span * i) / count);
      let tail = '';
      for (let d = 0; d < 14; d++) tail += base36[Math.floor(random() * 36)];
      const id = `post_${time.toString(36).padStart(9, '0')}${tail}`;
      const createdAt = new Date(time).toISOString();
      // Pareto-like: median 1 vote, mean ~5, a long tail up to 500.
      const voteCount = Math.min(500, Math.floor(1 / (1 - random() * 0.999) ** 0.9));
      const { title, body } = generator.next();
      const authorId = `seed_author_${Math.floor(random() * 20_000)}`;
      posts.push({
        id,
        workspace_id: workspace.workspace_id,
        mode: 'test',
        board_id: boardId,
        title,
        body,
        status: pick(BENCH_STATUSES, random()),
        category_id: random() < 0.1 ? null : BENCH_CATEGORIES[Math.floor(random() * BENCH_CATEGORIES.length)],
        comment_count: 0,
        vote_count: voteCount,
        trending_score: trendingScore(voteCount, createdAt),
        author_key: `u:${authorId}`,
        author_id: authorId,
        author_name: null,
        author_anonymous: 0,
        created_at: createdAt,
        updated_at: createdAt,
      });
      for (let v = 0; v < voteCount; v++) voteRows.push({ post_id: id, author_key: `u:seed_voter_${v}`, created_at: createdAt });
      if (i % 5 === 0) sampleIds.push(id);
      newestId = id;
    }
    votes += voteRows.length;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('posts').values(posts).execute();
      for (let v = 0; v < voteRows.length; v += 3_000) await trx.insertInto('votes').values(voteRows.slice(v, v + 3_000)).execute();
    });
  }
  return { posts: count, votes, sampleIds, newestId, ms: Math.round(performance.now() - started) };
}

/** `[[value, share], …]` → the value whose cumulative share first passes `r` (0–1). */
function pick(weighted, r) {
  let sum = 0;
  for (const [value, share] of weighted) if (r < (sum += share)) return value;
  return weighted[weighted.length - 1][0];
}

/**
 * `count` comments on one post, oldest first over the last month: every fourth a top-level
 * comment, the three after it its replies (so pages hold threads, as the route lists them).
 */
async function seedComments(postId, count) {
  const { db } = app.inlay.storage;
  const post = await db.selectFrom('posts').select(['workspace_id', 'mode', 'board_id']).where('id', '=', postId).executeTakeFirstOrThrow();
  const end = Date.now() - 1_000;
  const span = 30 * 86_400_000;
  const rows = [];
  let parent;
  for (let i = 0; i < count; i++) {
    const time = Math.floor(end - span + (span * i) / count);
    const id = `cmt_${time.toString(36).padStart(9, '0')}${i.toString(36).padStart(14, '0')}`;
    const top = i % 4 === 0;
    if (top) parent = id;
    rows.push({
      id,
      workspace_id: post.workspace_id,
      mode: post.mode,
      board_id: post.board_id,
      post_id: postId,
      parent_id: top ? null : parent,
      thread_id: parent,
      body: `Comment ${i}: the same here, with a few more words of text.`,
      author_key: `u:seed_commenter_${i % 500}`,
      author_id: `seed_commenter_${i % 500}`,
      author_name: `Commenter ${i % 500}`,
      author_anonymous: 0,
      team: i % 50 === 0 ? 1 : 0,
      deleted: 0,
      reply_count: top ? Math.min(3, count - i - 1) : 0,
      created_at: new Date(time).toISOString(),
      edited_at: null,
    });
  }
  await db.transaction().execute(async (trx) => {
    for (let c = 0; c < rows.length; c += 1_000) await trx.insertInto('comments').values(rows.slice(c, c + 1_000)).execute();
    await trx.updateTable('posts').set({ comment_count: count }).where('id', '=', postId).execute();
  });
  return { comments: count };
}

/** V8 CPU profiles of named phases through the inspector, saved as <dir>/<name>.cpuprofile. */
function cpuProfiler(dir) {
  let session;
  let current;
  return {
    async start(name) {
      if (!dir) return;
      if (!session) {
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 500 });
      }
      await session.post('Profiler.start');
      current = name;
    },
    async save() {
      if (!session || current === undefined) return;
      const { profile } = await session.post('Profiler.stop');
      await writeFile(join(dir, `${current}.cpuprofile`), JSON.stringify(profile));
      current = undefined;
    },
  };
}
