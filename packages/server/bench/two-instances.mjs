// Benchmark: votes and progress writes with two server instances on one PostgreSQL database
// against one instance. Two cores cannot show throughput doubling, so the figure is CPU per
// write: the Inlay processes' main-thread CPU, and PostgreSQL's, divided by the writes answered.
// Target: two instances cost ≤ 1.3× the Inlay CPU per write of one. One instance is also measured
// at half the connections (not judged), to split that ratio into its two causes. The counts must
// be exact: after each phase the posts' stored vote counts add up to the vote rows, and grew by
// the votes answered (give or take the requests still in flight when the load generator stops);
// every progress write answered as applied was applied (the scenario checks each).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresCpuMs, readRows } from './database.mjs';
import { envInt, fmtInt, loadRun, mainThreadCpuMs, readyLine, table } from './lib.mjs';

const APP_TARGET = fileURLToPath(new URL('./app-target.mjs', import.meta.url));
const TARGET_RATIO = 1.3;
const CONNECTIONS = 50;

/** @type {import('./run.mjs').Benchmark} */
export const twoInstancesBenchmark = {
  name: 'two-instances',
  storage: 'postgres',
  title: `votes and progress writes, one instance vs two on one PostgreSQL (${CONNECTIONS} connections in all): CPU per write`,
  async run({ children, tmpDir, settings, log, database }) {
    const posts = envInt('BENCH_TWO_INSTANCE_POSTS', 10_000);
    const rows = [];
    const checks = [];
    const splits = [];
    for (const kind of ['votes', 'progress']) {
      const db = await database(`two-${kind}`);
      const first = children.spawnNode(APP_TARGET, ['--db', db, ...(kind === 'votes' ? ['--board', '--posts', String(posts), '--ids-file', join(tmpDir, 'ids.json')] : ['--flow'])], {
        label: `${kind} instance A`,
      });
      const a = await readyLine(first, 300_000);
      const targetFile = join(tmpDir, `${kind}-target.json`);
      await writeFile(targetFile, JSON.stringify(a));
      const second = children.spawnNode(APP_TARGET, ['--db', db, '--attach', targetFile], { label: `${kind} instance B` });
      const b = await readyLine(second, 60_000);
      const extra = kind === 'votes' ? { postIds: JSON.parse(await readFile(join(tmpDir, 'ids.json'), 'utf8')) } : {};
      const specOf = async (target, name) => {
        const file = join(tmpDir, `${kind}-${name}.json`);
        await writeFile(file, JSON.stringify({ ...target, ...extra }));
        return file;
      };
      const specA = await specOf(a, 'a');
      const specB = await specOf({ ...a, url: b.url }, 'b');
      const scenario = kind === 'votes' ? 'vote' : 'progress';
      log(`${kind}: warm-up ${settings.warmup} s on both`);
      await Promise.all([
        loadRun(children, { scenario, specFile: specA, connections: CONNECTIONS / 2, duration: settings.warmup, label: `${kind} warm-up A` }),
        loadRun(children, { scenario, specFile: specB, connections: CONNECTIONS / 2, duration: settings.warmup, label: `${kind} warm-up B` }),
      ]);
      // The warm-up's requests still in flight land now, not inside the first measured round's counts.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      /**
       * One round on one instance (`alone`: A or B) or on both; `connections` in all (one
       * instance also runs at half of them: each of two instances' share of the load).
       */
      const measure = async (instances, alone = 'a', connections = CONNECTIONS) => {
        const pids = instances === 2 ? [first.pid, second.pid] : [alone === 'a' ? first.pid : second.pid];
        const cpuBefore = pids.map((pid) => mainThreadCpuMs(pid) ?? 0);
        const pgBefore = postgresCpuMs();
        const votesBefore = kind === 'votes' ? await voteTotals(db) : undefined;
        const runs = await Promise.all(
          (instances === 2 ? [specA, specB] : [alone === 'a' ? specA : specB]).map((specFile, i) =>
            loadRun(children, { scenario, specFile, connections: connections / instances, duration: settings.duration, label: `${kind} ${instances} instance(s) ${i}` }),
          ),
        );
        const inlayMs = pids.reduce((sum, pid, i) => sum + ((mainThreadCpuMs(pid) ?? 0) - cpuBefore[i]), 0);
        const pgMs = postgresCpuMs() - pgBefore;
        const ok = runs.reduce((sum, run) => sum + run.ok, 0);
        const applied = runs.reduce((sum, run) => sum + (run.outcomes.changed ?? run.outcomes.voted ?? 0), 0);
        let exact = applied === ok;
        if (kind === 'votes') {
          // The load generator stops with requests in flight: the server still applies them,
          // unanswered. Let them land, then allow at most one unanswered vote per connection
          // (and per error or timeout) beyond the answered ones.
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const after = await voteTotals(db);
          const unanswered = connections + runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0);
          const added = after.rows - votesBefore.rows;
          exact = exact && after.stored === after.rows && added >= applied && added <= applied + unanswered;
          if (!exact) log(`  ${kind}, ${instances} instance(s): not exact: ${ok} answered, ${applied} applied; stored counts ${after.stored}, vote rows ${after.rows} (${added} new, at most ${unanswered} unanswered)`);
        } else if (!exact) {
          log(`  ${kind}, ${instances} instance(s): not exact: ${ok} answered, ${applied} applied`);
        }
        return { instances, ok, perS: ok / settings.duration, inlayUs: (inlayMs * 1000) / ok, pgUs: (pgMs * 1000) / ok, exact };
      };
      const one = [];
      const half = [];
      const two = [];
      // One instance is A and B in turn, and one and two take turns going first: two Node
      // processes running the same code can differ by several percent in CPU per request, and a
      // measurement right after another can come out slower (docs/decisions.md, "Rate limits
      // across instances"), neither of which is the cost of a second instance. One instance at
      // half the connections, between them, is not judged: it splits the ratio into what each
      // instance's half-full turns cost (group commit shares a turn's round trip among fewer
      // writes) and what the second process costs.
      for (let round = 1; round <= settings.rounds; round++) {
        const alone = round % 2 === 1 ? 'a' : 'b';
        if (round % 2 === 1) {
          one.push(await measure(1, alone));
          half.push(await measure(1, alone, CONNECTIONS / 2));
          two.push(await measure(2));
        } else {
          two.push(await measure(2));
          half.push(await measure(1, alone, CONNECTIONS / 2));
          one.push(await measure(1, alone));
        }
      }
      const med = (list, key) => [...list.map((r) => r[key])].sort((x, y) => x - y)[Math.floor(list.length / 2)];
      const labels = [['one instance', one], [`one instance, ${CONNECTIONS / 2} connections`, half], ['two instances', two]];
      for (const [label, list] of labels) {
        rows.push([kind, label, fmtInt(med(list, 'perS')), fmtInt(med(list, 'inlayUs')), fmtInt(med(list, 'pgUs')), list.every((r) => r.exact) ? 'yes' : 'NO']);
      }
      const ratio = med(two, 'inlayUs') / med(one, 'inlayUs');
      splits.push(`${kind}: ${ratio.toFixed(2)}× = ${(med(half, 'inlayUs') / med(one, 'inlayUs')).toFixed(2)}× (half-full turns) × ${(med(two, 'inlayUs') / med(half, 'inlayUs')).toFixed(2)}× (the second process)`);
      checks.push({ name: `${kind}: Inlay CPU per write, two instances / one`, value: `${ratio.toFixed(2)}×`, target: `≤ ${TARGET_RATIO}×`, pass: ratio <= TARGET_RATIO });
      const all = [...one, ...half, ...two];
      checks.push({ name: `${kind}: counts exact`, value: all.every((r) => r.exact) ? 'yes' : 'no', target: 'yes', pass: all.every((r) => r.exact) });
      await children.stopAll();
    }
    const report = table(['writes', 'instances', 'writes/s', 'Inlay µs CPU/write', 'PostgreSQL µs CPU/write', 'exact'], rows);
    const notes = [`(medians of ${settings.rounds} round(s); CPU: the Inlay processes' main threads, and every PostgreSQL process)`, 'Two instances / one, CPU per write:', ...splits.map((line) => `  ${line}`)];
    return { report: [report, ...notes].join('\n'), checks };
  },
};

/** The posts' stored counts and the vote rows: equal when no vote was lost or counted twice. */
async function voteTotals(db) {
  const [row] = await readRows(db, 'SELECT (SELECT coalesce(sum(vote_count), 0) FROM posts) AS stored, (SELECT count(*) FROM votes) AS rows');
  return { stored: Number(row.stored), rows: Number(row.rows) };
}
