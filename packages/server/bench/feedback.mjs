// Benchmark: a feedback board with 100,000 generated posts (and ~450,000 votes) on SQLite.
//   - search: `GET /feedback/api/v1/posts?boardId&q` (first page, relevance), a mix of common
//     words, rare words, fragments of compounds and two-letter terms (fixtures.mjs), at 10
//     connections; plus a one-connection pass per query for the breakdown;
//   - list: the first page of `sort=top`, at 10 connections;
//   - filtered: the first page of `sort=top` filtered by status and category (a roadmap column of
//     one category: fixtures.mjs FILTERED_LISTS, round robin), at 10 connections;
//   - comments: a post with 10,000 comments (a quarter top-level, three replies each), read page
//     by page (20 a page, ten pages a walk from the first), at 10 connections;
//   - votes: `POST /feedback/api/v1/posts/:id {action: 'vote'}`, a new author per vote, at 50
//     connections; checked against the server's `votes` usage counter;
//   - healthz under attack: `GET /healthz` on one connection while two clients send the most
//     expensive searches (fixtures.mjs WORST_SEARCHES) without pause: searches run on worker
//     threads, so the event loop must stay free.
// Latency percentiles are exact, from autocannon's per-response timings in load-runner.mjs.
// Targets: search p95 ≤ 15 ms, list p95 ≤ 5 ms, filtered first page p95 ≤ 5 ms, comments p95 ≤
// 10 ms, ≥ 5,000 votes/s, /healthz p95 ≤ 50 ms under the worst searches. Misses are reported,
// not fatal.
//   BENCH_FEEDBACK_POSTS  posts to generate (default 100000; smaller for quick trials, 1000000
//                         for the large-board figures)
//   BENCH_FEEDBACK_PHASES comma-separated phases to run: search, list, filtered, comments, healthz,
//                         votes (default all);
//                         `votes` alone measures the vote path without the search warm-up
// The server's main-thread CPU per vote is reported as a figure of its own, so that the run's
// side-by-side table gives PostgreSQL's over SQLite's (target ≤ 1.5×, docs/decisions.md).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { FILTERED_LISTS, SEARCH_QUERIES, WORST_SEARCHES } from './fixtures.mjs';
import { cpuNote, envInt, fmtInt, fmtMs, getData, loadRun, median, profilePhase, readyLine, stopChild, table, withServerCpu } from './lib.mjs';

const APP_TARGET = fileURLToPath(new URL('./app-target.mjs', import.meta.url));

const TARGET_SEARCH_P95_MS = 15;
const TARGET_LIST_P95_MS = 5;
const TARGET_FILTERED_P95_MS = 5;
const TARGET_COMMENTS_P95_MS = 10;
/** Comments on the benchmark's commented post, and how they are read. */
const COMMENTS = 10_000;
const COMMENT_PAGE = 20;
const COMMENT_PAGES_PER_WALK = 10;
const TARGET_VOTES_PER_S = 5_000;
const TARGET_POSTS = 100_000;
const TARGET_HEALTHZ_P95_MS = 50;
const ATTACK_CONNECTIONS = 2;
const READ_CONNECTIONS = 10;
const VOTE_CONNECTIONS = 50;
/** PostgreSQL's server CPU per vote over SQLite's, in one run (judged by run.mjs). */
const TARGET_CPU_RATIO = 1.5;
const PHASES = ['search', 'list', 'filtered', 'comments', 'healthz', 'votes'];

/** @type {import('./run.mjs').Benchmark} */
export const feedbackBenchmark = {
  name: 'feedback',
  title: `feedback board with ${fmtInt(envInt('BENCH_FEEDBACK_POSTS', TARGET_POSTS))} posts: search and first page (${READ_CONNECTIONS} connections), votes (${VOTE_CONNECTIONS})`,
  async run({ children, tmpDir, settings, log, database }) {
    const posts = envInt('BENCH_FEEDBACK_POSTS', TARGET_POSTS);
    const phases = new Set(process.env.BENCH_FEEDBACK_PHASES ? process.env.BENCH_FEEDBACK_PHASES.split(',').map((name) => name.trim()) : PHASES);
    for (const name of phases) if (!PHASES.includes(name)) throw new Error(`BENCH_FEEDBACK_PHASES: unknown phase ${name} (${PHASES.join(', ')})`);
    const profiling = settings.cpuProfDir !== undefined;
    const dbFile = await database('feedback');
    const idsFile = join(tmpDir, 'post-ids.json');
    const server = children.spawnNode(
      APP_TARGET,
      ['--db', dbFile, '--board', '--posts', String(posts), '--comments', String(COMMENTS), '--ids-file', idsFile, ...(profiling ? ['--cpu-prof-dir', settings.cpuProfDir] : [])],
      { label: 'feedback target' },
    );
    log(`generating ${fmtInt(posts)} posts…`);
    // About a minute per 100,000 posts on a quiet machine; a shared one is slower.
    const target = await readyLine(server, Math.max(300_000, posts * 6));
    log(`board ${target.boardId}: ${fmtInt(target.seeded.posts)} posts and ${fmtInt(target.seeded.votes)} votes inserted in ${(target.seeded.ms / 1000).toFixed(1)} s`);
    const matches = countMatches(dbFile, target.boardId);

    const spec = async (name, extra) => {
      const file = join(tmpDir, `${name}-spec.json`);
      await writeFile(file, JSON.stringify({ url: target.url, publishableKey: target.publishableKey, boardId: target.boardId, ...extra }));
      return file;
    };
    const searchSpec = await spec('search', { queries: SEARCH_QUERIES });
    const perQuerySpec = await spec('search-per-query', { queries: SEARCH_QUERIES, perQuery: true });
    const listSpec = await spec('list', {});
    const filteredSpec = await spec('filtered', { lists: FILTERED_LISTS });
    const commentsSpec = await spec('comments', { postId: target.seeded.commentedPostId, limit: COMMENT_PAGE, pagesPerWalk: COMMENT_PAGES_PER_WALK });
    const worstSpec = await spec('worst-search', { queries: WORST_SEARCHES });
    const voteSpec = await spec('vote', { postIds: JSON.parse(await readFile(idsFile, 'utf8')) });

    /** Warm-up, then the measured rounds; per round: the runner's figures. */
    const phase = async (name, scenario, specFile, connections, afterWarmUp = async () => {}) => {
      await profilePhase(target, `feedback-${name}`, profiling);
      log(`${name}: warm-up ${settings.warmup} s`);
      await loadRun(children, { scenario, specFile, connections, duration: settings.warmup, label: `${name} warm-up` });
      await afterWarmUp();
      const runs = [];
      for (let round = 1; round <= settings.rounds; round++) {
        const run = await withServerCpu(server.pid, () =>
          loadRun(children, { scenario, specFile, connections, duration: settings.duration, label: `${name} round ${round}` }),
        );
        run.perS = run.ok / run.duration;
        runs.push(run);
        log(
          `${name} round ${round}/${settings.rounds} ${fmtInt(run.perS)}/s  p50 ${fmtMs(run.latency.p50)} ms  p95 ${fmtMs(run.latency.p95)} ms  p99 ${fmtMs(run.latency.p99)} ms  ` +
            `(${fmtInt(run.total)} responses, ${fmtInt(run.ok)} 2xx${run.errors + run.timeouts ? `, ${run.errors + run.timeouts} errors/timeouts` : ''}; ${cpuNote(run)})`,
        );
      }
      return runs;
    };

    const search = phases.has('search') ? await phase('search', 'search', searchSpec, READ_CONNECTIONS) : [];
    let perQuery;
    if (phases.has('search')) {
      log(`search, one connection, per query: ${settings.duration} s`);
      perQuery = await withServerCpu(server.pid, () =>
        loadRun(children, { scenario: 'search', specFile: perQuerySpec, connections: 1, duration: settings.duration, label: 'search per query' }),
      );
    }
    const list = phases.has('list') ? await phase('list', 'list', listSpec, READ_CONNECTIONS) : [];
    const filtered = phases.has('filtered') ? await phase('filtered', 'filteredList', filteredSpec, READ_CONNECTIONS) : [];
    const comments = phases.has('comments') ? await phase('comments', 'comments', commentsSpec, READ_CONNECTIONS) : [];
    const attacks = [];
    const healthChecks = [];
    if (phases.has('healthz')) {
      log(`healthz under the worst searches (${ATTACK_CONNECTIONS} clients): ${settings.rounds} × ${settings.duration} s`);
      for (let round = 1; round <= settings.rounds; round++) {
        const [attack, health] = await Promise.all([
          loadRun(children, { scenario: 'worstSearch', specFile: worstSpec, connections: ATTACK_CONNECTIONS, duration: settings.duration, label: `worst searches round ${round}` }),
          loadRun(children, { scenario: 'healthz', specFile: listSpec, connections: 1, duration: settings.duration, label: `healthz round ${round}` }),
        ]);
        attacks.push(attack);
        healthChecks.push(health);
        log(
          `healthz round ${round}/${settings.rounds} p50 ${fmtMs(health.latency.p50)} ms  p95 ${fmtMs(health.latency.p95)} ms  max ${fmtMs(health.latency.max)} ms; ` +
            `worst searches ${fmtInt(attack.total)} (${fmtInt(attack.ok)} 2xx, ${fmtInt(attack.outcomes.http_400 ?? 0)} refused) p50 ${fmtMs(attack.latency.p50)} ms  max ${fmtMs(attack.latency.max)} ms`,
        );
      }
    }
    const usageUrl = `${target.url}/feedback/api/v1/usage?days=1`;
    let before;
    let after;
    let votes = [];
    if (phases.has('votes')) {
      votes = await phase('votes', 'vote', voteSpec, VOTE_CONNECTIONS, async () => {
        before = (await getData(usageUrl, target.secretKey)).totals;
      });
      after = (await getData(usageUrl, target.secretKey)).totals;
    }
    await stopChild(server);

    const m = (runs, pick) => median(runs.map(pick));
    const row = (label, runs, pick) => [
      label,
      fmtInt(m(runs, (r) => ((pick ? pick(r) : r.latency)?.count ?? 0) / r.duration)),
      fmtMs(m(runs, (r) => (pick ? pick(r) : r.latency)?.p50 ?? NaN)),
      fmtMs(m(runs, (r) => (pick ? pick(r) : r.latency)?.p95 ?? NaN)),
      fmtMs(m(runs, (r) => (pick ? pick(r) : r.latency)?.p99 ?? NaN)),
      fmtMs(m(runs, (r) => (pick ? pick(r) : r.latency)?.max ?? NaN)),
      pick || runs[0].serverCpuUs === undefined ? '' : `${fmtInt(m(runs, (r) => r.serverCpuUs))} / ${Math.round(100 * m(runs, (r) => r.serverBusy))}%`,
    ];
    const header = ['requests', 'req/s', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'max (ms)', 'server CPU µs/resp / busy'];
    const kinds = Object.keys(SEARCH_QUERIES);
    const okShare = (runs) => `${((100 * runs.reduce((a, r) => a + r.ok, 0)) / runs.reduce((a, r) => a + r.total, 0)).toFixed(1)}% 2xx`;
    const votedOk = votes.reduce((a, r) => a + (r.outcomes.voted ?? 0), 0);

    const rows = [];
    const lines = [];
    const checks = [];
    if (search.length > 0 && perQuery !== undefined) {
      const searchP95 = m(search, (r) => r.latency.p95);
      rows.push(row(`search (${READ_CONNECTIONS} conn.)`, search), ...kinds.map((kind) => row(`  ${kind}`, search, (r) => r.kinds[kind])), row('search (1 conn., all queries)', [perQuery]));
      lines.push(
        `search outcomes: ${JSON.stringify(search.reduce((a, r) => ({ ...a, ...Object.fromEntries(Object.entries(r.outcomes).map(([k, v]) => [k, (a[k] ?? 0) + v])) }), {}))}; search ${okShare(search)}`,
      );
      checks.push({ name: `search p95 latency (${READ_CONNECTIONS} connections)`, value: `${fmtMs(searchP95)} ms`, target: `≤ ${TARGET_SEARCH_P95_MS} ms`, pass: searchP95 <= TARGET_SEARCH_P95_MS });
    }
    if (list.length > 0) {
      const listP95 = m(list, (r) => r.latency.p95);
      rows.push(row(`list sort=top (${READ_CONNECTIONS} conn.)`, list));
      lines.push(`list ${okShare(list)}`);
      checks.push({ name: `first page sort=top p95 latency (${READ_CONNECTIONS} connections)`, value: `${fmtMs(listP95)} ms`, target: `≤ ${TARGET_LIST_P95_MS} ms`, pass: listP95 <= TARGET_LIST_P95_MS });
    }
    if (filtered.length > 0) {
      const filteredP95 = m(filtered, (r) => r.latency.p95);
      rows.push(row(`list sort=top&status&categoryId (${READ_CONNECTIONS} conn.)`, filtered));
      lines.push(`filtered list ${okShare(filtered)} (${FILTERED_LISTS.length} status × category lists, round robin)`);
      checks.push({
        name: `first page filtered by status and category p95 latency (${READ_CONNECTIONS} connections)`,
        value: `${fmtMs(filteredP95)} ms`,
        target: `≤ ${TARGET_FILTERED_P95_MS} ms`,
        pass: filteredP95 <= TARGET_FILTERED_P95_MS,
      });
    }
    if (comments.length > 0) {
      const commentsP95 = m(comments, (r) => r.latency.p95);
      rows.push(row(`comments of a post with ${fmtInt(COMMENTS)} (${READ_CONNECTIONS} conn.)`, comments));
      lines.push(`comments ${okShare(comments)}; pages read: ${JSON.stringify(comments.reduce((a, r) => ({ first: a.first + (r.outcomes.first ?? 0), next: a.next + (r.outcomes.next ?? 0) }), { first: 0, next: 0 }))}`);
      checks.push({ name: `comments page p95 latency, ${fmtInt(COMMENTS)} comments (${READ_CONNECTIONS} connections)`, value: `${fmtMs(commentsP95)} ms`, target: `≤ ${TARGET_COMMENTS_P95_MS} ms`, pass: commentsP95 <= TARGET_COMMENTS_P95_MS });
    }
    if (votes.length > 0) {
      const votesPerS = m(votes, (r) => r.perS);
      rows.push(row(`vote (${VOTE_CONNECTIONS} conn.)`, votes));
      lines.push(
        `votes ${okShare(votes)}; server usage counted ${fmtInt(after.votes - before.votes)} new votes over the vote runs ` +
          `(the bench saw ${fmtInt(votedOk)} 2xx votes; requests in flight when a run stops are served but not seen)`,
      );
      checks.push({ name: `votes/s (2xx, ${VOTE_CONNECTIONS} connections)`, value: fmtInt(votesPerS), target: `≥ ${fmtInt(TARGET_VOTES_PER_S)}`, pass: votesPerS >= TARGET_VOTES_PER_S });
      if (votes[0].serverCpuUs !== undefined) {
        const cpu = m(votes, (r) => r.serverCpuUs);
        checks.push({ name: 'server CPU per vote (main thread)', value: `${fmtInt(cpu)} µs`, target: `PostgreSQL ≤ ${TARGET_CPU_RATIO}× SQLite`, pass: null, ratioTarget: TARGET_CPU_RATIO });
      }
    }
    if (healthChecks.length > 0) {
      const healthP95 = m(healthChecks, (r) => r.latency.p95);
      rows.push(row('healthz (1 conn.) under the worst searches', healthChecks), row(`  worst searches (${ATTACK_CONNECTIONS} conn.)`, attacks));
      lines.push(
        `worst searches: ${fmtInt(attacks.reduce((a, r) => a + (r.outcomes.http_400 ?? 0), 0))} of ${fmtInt(attacks.reduce((a, r) => a + r.total, 0))} refused (400 search_too_expensive)`,
      );
      checks.push({ name: `/healthz p95 latency under the worst searches (${ATTACK_CONNECTIONS} clients)`, value: `${fmtMs(healthP95)} ms`, target: `≤ ${TARGET_HEALTHZ_P95_MS} ms`, pass: healthP95 <= TARGET_HEALTHZ_P95_MS });
    }
    if (posts !== TARGET_POSTS) checks.push({ name: `posts generated (BENCH_FEEDBACK_POSTS)`, value: fmtInt(posts), target: `= ${fmtInt(TARGET_POSTS)}`, pass: false });

    const report = [
      table(header, rows),
      ...lines,
      `(medians of ${settings.rounds} runs × ${settings.duration} s after ${settings.warmup} s warm-up; latencies are per response, from the request write to the last byte; ` +
        'server CPU: main thread CPU per response, and its busy share of the run)',
      ...(perQuery === undefined
        ? []
        : [
            '',
            `Search per query, one connection (${settings.duration} s, ${fmtInt(perQuery.total)} requests; matches: posts of the board matching every term):`,
            table(
              ['kind', 'q', 'matches', 'n', 'p50 (ms)', 'max (ms)'],
              kinds.flatMap((kind) =>
                SEARCH_QUERIES[kind].map((q) => {
                  const figures = perQuery.kinds[`${kind}|${q}`];
                  return [kind, JSON.stringify(q), fmtInt(matches.get(q) ?? NaN), String(figures?.count ?? 0), fmtMs(figures?.p50 ?? NaN), fmtMs(figures?.max ?? NaN)];
                }),
              ),
            ),
          ]),
    ].join('\n');
    return { report, checks };
  },
};

/**
 * How many posts of the board each search query matches, read-only from the target's database
 * file, with the search's rules (docs/feedback.md, Search): terms of three characters or more
 * through the trigram index, shorter ones as the start of a word through the word index.
 */
function countMatches(dbFile, boardId) {
  // SQLite's FTS tables only; on PostgreSQL the counts are left out of the report.
  if (/^postgres(ql)?:\/\//.test(dbFile)) return new Map();
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const phrase = (term) => `"${term.replaceAll('"', '""')}"`;
  try {
    const counts = new Map();
    for (const q of Object.values(SEARCH_QUERIES).flat()) {
      const terms = q.split(/\s+/).filter(Boolean);
      const indexed = terms.filter((term) => [...term].length >= 3);
      const short = terms.filter((term) => [...term].length < 3);
      const filters = ['p.board_id = ?'];
      const params = [boardId];
      if (indexed.length > 0) {
        filters.push('p.rowid IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?)');
        params.push(indexed.map(phrase).join(' AND '));
      }
      if (short.length > 0) {
        filters.push('p.rowid IN (SELECT rowid FROM posts_words WHERE posts_words MATCH ?)');
        params.push(short.map((term) => `${phrase(term)}*`).join(' AND '));
      }
      counts.set(q, db.prepare(`SELECT count(*) AS n FROM posts p WHERE ${filters.join(' AND ')}`).get(...params).n);
    }
    return counts;
  } finally {
    db.close();
  }
}
