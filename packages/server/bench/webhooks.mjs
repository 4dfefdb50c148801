// Benchmark: what the webhook outbox costs the vote hot path (docs/webhooks.md). One board target
// (app-target.mjs), votes at 50 connections, in alternating rounds with no endpoint and with an
// enabled endpoint subscribed to `vote.created` (a local receiver answering 204), toggled by the
// `inlay webhooks` CLI while the server runs. Reports votes/s of both, their ratio, and the
// outbox backlog (deliveries still pending) when a subscribed round ends, in seconds of events.
// Judged on the server's own CPU per vote (every thread of the server process, deliveries
// included; the receiver and the load generator run in other processes): subscribed / none ≤ 1.3;
// backlog at the end < 1 s of events. Throughput is reported, not judged: on two cores the
// receiver and the load generator take CPU from the server.
//   BENCH_WEBHOOK_POSTS  posts on the board (default 10000)
//   BENCH_WEBHOOK_RATE   votes/s offered in every round (default: as fast as answered). Rounds at
//                        one rate compare both kinds at the same load, so a vote's share of
//                        batched work (group commits, response writes) is the same in both.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readRows } from './database.mjs';
import { cpuNote, envInt, fmtInt, fmtMs, loadRun, median, profilePhase, readyLine, stopChild, table, threadCpuMs, withServerCpu } from './lib.mjs';

const APP_TARGET = fileURLToPath(new URL('./app-target.mjs', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('./webhook-floor.mjs', import.meta.url));
const VOTE_CONNECTIONS = 50;
const TARGET_CPU_RATIO = 1.3;
const TARGET_BACKLOG_S = 1;

/** @type {import('./run.mjs').Benchmark} */
export const webhooksBenchmark = {
  name: 'webhooks',
  title: `votes (${VOTE_CONNECTIONS} connections) with no webhook endpoint vs one subscribed to vote.created`,
  async run({ children, tmpDir, settings, log, database }) {
    const posts = envInt('BENCH_WEBHOOK_POSTS', 10_000);
    const rate = envInt('BENCH_WEBHOOK_RATE', 0) || undefined;
    const dbFile = await database('webhooks');
    const idsFile = join(tmpDir, 'post-ids.json');
    const received = { count: 0 };
    const receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.count += 1;
        response.writeHead(204).end();
      });
    });
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const profiling = settings.cpuProfDir !== undefined;
      const server = children.spawnNode(
        APP_TARGET,
        ['--db', dbFile, '--board', '--posts', String(posts), '--ids-file', idsFile, ...(profiling ? ['--cpu-prof-dir', settings.cpuProfDir] : [])],
        { label: 'webhooks target' },
      );
      const target = await readyLine(server, 300_000);
      const [{ workspace_id: workspaceId }] = await readRows(dbFile, 'SELECT workspace_id FROM resources WHERE id = ?', [target.boardId]);
      const inlay = async (args) => (await promisify(execFile)(process.execPath, [CLI, ...args, '--db', dbFile], { timeout: 60_000 })).stdout;
      const url = `http://127.0.0.1:${receiver.address().port}/hook`;
      const { id: endpointId } = JSON.parse(
        await inlay(['webhooks', 'create', '--workspace', workspaceId, '--url', url, '--mode', 'test', '--events', 'vote.created', '--json', '--allow-private-targets']),
      );
      const specFile = join(tmpDir, 'vote-spec.json');
      await writeFile(specFile, JSON.stringify({ url: target.url, publishableKey: target.publishableKey, boardId: target.boardId, postIds: JSON.parse(await readFile(idsFile, 'utf8')) }));
      const pending = async () => Number((await readRows(dbFile, "SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'"))[0].n);

      log(`warm-up ${settings.warmup} s (endpoint disabled)`);
      await inlay(['webhooks', 'disable', endpointId]);
      await loadRun(children, { scenario: 'vote', specFile, connections: VOTE_CONNECTIONS, duration: settings.warmup, label: 'votes warm-up' });
      const none = [];
      const subscribed = [];
      for (let round = 1; round <= settings.rounds; round++) {
        for (const withEndpoint of [false, true]) {
          await inlay(['webhooks', withEndpoint ? 'enable' : 'disable', endpointId]);
          // With BENCH_CPU_PROF, one profile of the server's main thread per round.
          await profilePhase(target, `webhooks-${withEndpoint ? 'subscribed' : 'none'}-${round}`, profiling);
          const processBefore = processCpuMs(server.pid);
          const threadsBefore = threadCpuMs(server.pid);
          const run = await withServerCpu(server.pid, () =>
            loadRun(children, { scenario: 'vote', specFile, connections: VOTE_CONNECTIONS, duration: settings.duration, rate, label: `votes ${withEndpoint ? 'subscribed' : 'none'} ${round}` }),
          );
          run.perS = run.ok / run.duration;
          if (withEndpoint) {
            run.backlog = await pending();
            // Drained before the next round, so each subscribed round starts from an empty outbox.
            const deadline = Date.now() + 120_000;
            while ((await pending()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
          }
          // Every thread of the server, the round and (subscribed) the drain after it: what a vote
          // costs with its delivery, the figure least moved by other load on the machine.
          const processAfter = processCpuMs(server.pid);
          if (processBefore !== undefined && processAfter !== undefined) run.processCpuUs = ((processAfter - processBefore) * 1000) / run.ok;
          run.threads = threadShares(server.pid, threadsBefore, threadCpuMs(server.pid), run.ok);
          (withEndpoint ? subscribed : none).push(run);
          log(
            `round ${round} ${withEndpoint ? 'subscribed' : 'none      '} ${fmtInt(run.perS)} votes/s  p95 ${fmtMs(run.latency.p95)} ms` +
              `${withEndpoint ? `  backlog at end ${fmtInt(run.backlog)} deliveries` : ''}  (${cpuNote(run)}` +
              `${run.processCpuUs === undefined ? '' : `; all server threads ${fmtInt(run.processCpuUs)} µs CPU/vote${withEndpoint ? ', drain included' : ''}`})`,
          );
        }
      }
      const delivered = Number((await readRows(dbFile, "SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'succeeded'"))[0].n);
      await stopChild(server);
      const receivedFromServer = received.count;
      const floor = await measureFloor(children, { tmpDir, dbFile, url, endpointId });

      const noneRate = median(none.map((r) => r.perS));
      const subRate = median(subscribed.map((r) => r.perS));
      const cpuNone = median(none.map((r) => r.processCpuUs));
      const cpuSubscribed = median(subscribed.map((r) => r.processCpuUs));
      const cpuRatio = cpuSubscribed / cpuNone;
      const backlogS = median(subscribed.map((r) => r.backlog / r.perS));
      const report = [
        table(
          ['votes', 'votes/s', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)'],
          [
            ['no endpoint', fmtInt(noneRate), fmtMs(median(none.map((r) => r.latency.p50))), fmtMs(median(none.map((r) => r.latency.p95))), fmtMs(median(none.map((r) => r.latency.p99)))],
            ['vote.created endpoint', fmtInt(subRate), fmtMs(median(subscribed.map((r) => r.latency.p50))), fmtMs(median(subscribed.map((r) => r.latency.p95))), fmtMs(median(subscribed.map((r) => r.latency.p99)))],
          ],
        ),
        ...(none[0]?.processCpuUs === undefined
          ? []
          : [
              `server CPU per vote, all threads (deliveries included): median ${fmtInt(median(none.map((r) => r.processCpuUs)))} µs with no endpoint, ` +
                `${fmtInt(median(subscribed.map((r) => r.processCpuUs)))} µs with the endpoint`,
            ]),
        ...(none[0]?.threads === undefined ? [] : [threadReport(none, subscribed)]),
        floorLine(floor, cpuNone, cpuSubscribed),
        `subscribed/none ${(subRate / noneRate).toFixed(3)}; outbox backlog at the end of a subscribed round: median ${backlogS.toFixed(2)} s of events ` +
          `(${subscribed.map((r) => fmtInt(r.backlog)).join(', ')} deliveries pending); ${fmtInt(delivered)} deliveries succeeded, the receiver saw ${fmtInt(receivedFromServer)}`,
        `(medians of ${settings.rounds} alternating rounds × ${settings.duration} s after ${settings.warmup} s warm-up; ${fmtInt(posts)} posts${rate === undefined ? '' : `; ${fmtInt(rate)} votes/s offered in every round`})`,
      ].join('\n');
      return {
        report,
        checks: [
          Number.isFinite(cpuRatio)
            ? { name: 'server CPU per vote, subscribed / none', value: `${cpuRatio.toFixed(2)}×`, target: `≤ ${TARGET_CPU_RATIO}×`, pass: cpuRatio <= TARGET_CPU_RATIO }
            : { name: 'server CPU per vote, subscribed / none', value: 'not measured (no /proc)', target: `≤ ${TARGET_CPU_RATIO}×`, pass: null },
          { name: 'outbox backlog at the end of a subscribed round', value: `${backlogS.toFixed(2)} s`, target: `< ${TARGET_BACKLOG_S} s`, pass: backlogS < TARGET_BACKLOG_S },
        ],
      };
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  },
};

/**
 * A delivery's own parts measured bare (webhook-floor.mjs), after the rounds, against the same
 * receiver and, on SQLite, the benchmark's database (the server stopped): the attempt, and the
 * delivery's rows. On PostgreSQL the rows are not measured (a bare loop there would not be the
 * server's pipelined writes).
 */
async function measureFloor(children, { tmpDir, dbFile, url, endpointId }) {
  const [row] = await readRows(dbFile, "SELECT body FROM webhook_deliveries WHERE status = 'succeeded' LIMIT 1");
  if (row === undefined) return undefined;
  const bodyFile = join(tmpDir, 'floor-body.json');
  await writeFile(bodyFile, row.body);
  const sqlite = !/^postgres(ql)?:\/\//.test(dbFile);
  const child = children.spawnNode(FLOOR, ['--url', url, '--body-file', bodyFile, ...(sqlite ? ['--db', dbFile, '--endpoint', endpointId] : [])], { label: 'webhook floor' });
  const { code } = await child.exited;
  if (code !== 0) throw new Error(`webhook floor failed (${code}):\n${child.stderrText}`);
  return JSON.parse(child.stdoutText.trim().split('\n').pop());
}

/** The floor beside the vote: what of the 1.3× target's 30% a delivery's bare parts take. */
function floorLine(floor, cpuNone, cpuSubscribed) {
  if (floor === undefined || !Number.isFinite(cpuNone)) return 'a delivery\'s parts measured bare: not measured';
  const parts = floor.attemptUs + (floor.rowsUs ?? 0);
  return (
    `a delivery's parts measured bare, in a process of their own: the attempt ${fmtInt(floor.attemptUs)} µs (signed POST over a kept connection, as the delivery thread sends it)` +
    `${floor.rowsUs === null ? '' : ` + its rows ${fmtInt(floor.rowsUs)} µs (insert, lease, mark delivered; 16 a transaction)`} = ${fmtInt(parts)} µs, ` +
    `${Math.round((parts / cpuNone) * 100)}% of a vote's CPU with no endpoint, where the ${TARGET_CPU_RATIO}× target leaves ${Math.round((TARGET_CPU_RATIO - 1) * 100)}% ` +
    `(measured: ${Math.round(((cpuSubscribed - cpuNone) / cpuNone) * 100)}%)`
  );
}

/** CPU of every thread of a process in milliseconds (utime + stime of /proc/<pid>/stat, 100 ticks a second); undefined off Linux. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Where a round's CPU went, in µs per vote, user and kernel apart: the main (API) thread, the
 * busiest other thread (with an endpoint, the delivery thread), and every other thread together
 * (V8's collector and compiler, libuv's pool). Undefined off Linux.
 */
function threadShares(pid, before, after, votes) {
  if (before === undefined || after === undefined) return undefined;
  const share = (from, to) => ({ user: ((to.user - (from?.user ?? 0)) * 1000) / votes, system: ((to.system - (from?.system ?? 0)) * 1000) / votes });
  const main = share(before.get(pid), after.get(pid));
  const others = [...after].filter(([tid]) => tid !== pid).map(([tid, to]) => share(before.get(tid), to));
  others.sort((a, b) => b.user + b.system - (a.user + a.system));
  const [busiest = { user: 0, system: 0 }, ...rest] = others;
  const restSum = rest.reduce((sum, t) => ({ user: sum.user + t.user, system: sum.system + t.system }), { user: 0, system: 0 });
  return { main, busiest, rest: restSum };
}

/** One line per thread group: medians of user + kernel µs per vote, with no endpoint → with one. */
function threadReport(none, subscribed) {
  const cell = (runs, group) => {
    const user = median(runs.map((r) => r.threads[group].user));
    const system = median(runs.map((r) => r.threads[group].system));
    return `${fmtInt(user)} + ${fmtInt(system)}`;
  };
  const line = (label, group) => `  ${label}: ${cell(none, group)} → ${cell(subscribed, group)}`;
  return [
    'server CPU per vote by thread, µs user + kernel, no endpoint → endpoint (medians):',
    line('API thread', 'main'),
    line('busiest other thread (with an endpoint: the delivery thread)', 'busiest'),
    line('every other thread (collector, compiler, libuv)', 'rest'),
  ].join('\n');
}
