// `npm run bench`: runs every benchmark in BENCHMARKS and prints its figures and PASS/MISS
// against its targets. Timing goals live only here (not in the tests); a MISS does not fail the
// command, an error does (exit 1).
//
// Environment:
//   BENCH_DURATION     seconds per measured run (default 10)
//   BENCH_WARMUP       seconds of warm-up per target (default 3)
//   BENCH_ROUNDS       measured runs per target, alternating targets (default 3; medians reported)
//   BENCH_CONNECTIONS  concurrent connections of config-route (default 100; progress-writes and
//                      feedback use the connection counts their targets name)
//   BENCH_ONLY         comma-separated benchmark names to run (default all)
//   BENCH_CPU_PROF     directory: run the targets with --cpu-prof and write their profiles there
//                      (summarise one with `node packages/server/bench/profile-summary.mjs FILE`);
//                      progress-writes and feedback write one profile per measured phase
//   BENCH_FEEDBACK_POSTS  posts on the feedback board (default 100000; smaller for quick trials)
//   BENCH_FEEDBACK_PHASES the feedback phases to run (search, list, filtered, comments, healthz,
//                      votes; default all)
//   BENCH_PROGRESS_RATE   progress-writes capped at this many writes a second on every backend
//                      (default: as fast as they are answered), to compare CPU at one throughput
//   BENCH_WEBHOOK_POSTS   posts on the webhooks benchmark's board (default 10000)
//   BENCH_WEBHOOK_RATE    votes/s offered in both kinds of webhooks round (default: as fast as
//                      they are answered), to compare CPU per vote at one load
//   BENCH_IMPORTER_ROWS   rows of the importer's generated CSV (default 1000000; smaller for quick
//                      trials); the importer benchmark runs BENCH_ROUNDS rounds
//   BENCH_DELIVERY_ROWS   rows import-delivery uploads and reads back (default 1000000)
//   BENCH_BACKENDS     sqlite,postgres (default both): the storage backends the server
//                      benchmarks run on, one after the other; bundles and importer run once
//   BENCH_PG           a PostgreSQL URL to create the benchmarks' databases on (default: a
//                      throwaway cluster from the machine's PostgreSQL, stopped at the end)
//
// Benchmarks: config-route, progress-writes, feedback (search, list, votes), bundles, importer
// (the importer engine in headless Chromium: worker parse + map + validate vs a raw parse) and
// webhooks (votes with and without a subscribed endpoint: the outbox's cost and backlog),
// import-delivery (1 M rows uploaded through the route, read back by @inlay/node); bundles
// and importer build @inlay/widgets with turbo first (the root script builds only @inlay/server).
//
// Adding a benchmark: export an object {name, title, run(context)} from a module in this folder
// and add it to BENCHMARKS. `run` gets {children, tmpDir, settings, log, backend, database},
// opens its databases with `await database(name)` (a SQLite file or a new PostgreSQL database),
// starts its processes
// with `children.spawnNode` (ended by the runner even on error) and returns {report, checks}.
//
// Judging a change to the config route: `ab-config-route.mjs` loads two builds at once and
// compares their CPU per request, steadier than this runner's sequential throughput.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundlesBenchmark } from './bundles.mjs';
import { configRouteBenchmark } from './config-route.mjs';
import { feedbackBenchmark } from './feedback.mjs';
import { importDeliveryBenchmark } from './import-delivery.mjs';
import { importerBenchmark } from './importer.mjs';
import { backendsFromEnv, createPostgresDatabase, startBenchPostgres } from './database.mjs';
import { Children, envInt } from './lib.mjs';
import { progressWritesBenchmark } from './progress-writes.mjs';
import { rateLimitStoresBenchmark } from './rate-limit-stores.mjs';
import { twoInstancesBenchmark } from './two-instances.mjs';
import { webhooksBenchmark } from './webhooks.mjs';

/**
 * @typedef {{ name: string, value: string, target: string, pass: boolean | null, ratioTarget?: number }} Check  pass null: nothing to measure (N/A), or
 *   judged only against the other backend: with `ratioTarget`, PostgreSQL's value over SQLite's in the same run must not exceed it
 * @typedef {{ duration: number, warmup: number, rounds: number, connections: number, cpuProfDir?: string }} Settings
 * @typedef {{ children: Children, tmpDir: string, settings: Settings, log: (line: string) => void, backend: 'sqlite' | 'postgres', database: (name: string) => Promise<string> }} BenchContext
 * @typedef {{ name: string, title: string, storage?: 'any' | 'none' | 'postgres', run: (context: BenchContext) => Promise<{ report: string, checks: Check[] }> }} Benchmark
 *   storage: 'any' (default) runs once per backend; 'none' once (no server database); 'postgres' on PostgreSQL only
 */

/** @type {Benchmark[]} */
const BENCHMARKS = [configRouteBenchmark, progressWritesBenchmark, feedbackBenchmark, bundlesBenchmark, importerBenchmark, webhooksBenchmark, importDeliveryBenchmark, twoInstancesBenchmark, rateLimitStoresBenchmark];

/** The whole command is bounded: no benchmark may hang the run (both backends: twice the work). */
const OVERALL_LIMIT_MS = 60 * 60_000;

const settings = {
  duration: envInt('BENCH_DURATION', 10),
  warmup: envInt('BENCH_WARMUP', 3),
  rounds: envInt('BENCH_ROUNDS', 3),
  connections: envInt('BENCH_CONNECTIONS', 100),
  cpuProfDir: process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined,
};
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
const selected = only ? BENCHMARKS.filter((b) => only.includes(b.name)) : BENCHMARKS;
if (only && selected.length !== only.length) {
  const known = BENCHMARKS.map((b) => b.name).join(', ');
  console.error(`BENCH_ONLY names an unknown benchmark; known: ${known}`);
  process.exit(2);
}

const backends = backendsFromEnv();
const children = new Children();
const tmpDir = mkdtempSync(join(tmpdir(), 'inlay-bench-'));
const postgres = backends.includes('postgres') ? startBenchPostgres() : undefined;
let cleanedUp = false;
let interrupted = false;
const cleanup = async () => {
  if (cleanedUp) return;
  cleanedUp = true;
  await children.stopAll();
  postgres?.stop();
  rmSync(tmpDir, { recursive: true, force: true });
};
// Last resort if the process ends another way: no orphaned servers or load generators.
process.on('exit', () => {
  children.killAllNow();
  if (!cleanedUp) postgres?.stop();
  rmSync(tmpDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping benchmark processes`);
    void cleanup().finally(() => process.exit(130));
  });
}
const overall = setTimeout(() => {
  console.error(`bench: gave up after ${OVERALL_LIMIT_MS / 60_000} minutes`);
  void cleanup().finally(() => process.exit(1));
}, OVERALL_LIMIT_MS);
overall.unref();

const results = [];
let failed = false;
try {
  if (settings.cpuProfDir) await mkdir(settings.cpuProfDir, { recursive: true });
  console.log(
    `Inlay benchmarks: ${settings.connections} connections (config-route; the others fix their own), ${settings.warmup} s warm-up, ${settings.rounds} × ${settings.duration} s per target (Node ${process.version})`,
  );
  noteLoad('before');
  const runs = selected.flatMap((benchmark) => {
    const storage = benchmark.storage ?? 'any';
    if (storage === 'none') return [{ benchmark, backend: undefined }];
    return backends.filter((backend) => storage === 'any' || backend === storage).map((backend) => ({ benchmark, backend }));
  });
  for (const { benchmark, backend } of runs) {
    const label = backend === undefined ? benchmark.name : `${benchmark.name} [${backend}]`;
    console.log(`\n== ${label}: ${benchmark.title}`);
    const benchDir = join(tmpDir, backend === undefined ? benchmark.name : `${benchmark.name}-${backend}`);
    await mkdir(benchDir);
    const database = async (name) => (backend === 'postgres' && postgres ? createPostgresDatabase(postgres.url, name) : join(benchDir, `${name}.db`));
    try {
      const result = await benchmark.run({ children, tmpDir: benchDir, settings, log: (line) => console.log(`  ${line}`), backend: backend ?? 'sqlite', database });
      results.push({ benchmark, backend, ...result });
      console.log(`\n${result.report}\n`);
      printChecks(result.checks);
    } catch (error) {
      failed = true;
      if (interrupted) break;
      console.error(`\n${benchmark.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    } finally {
      // Each benchmark starts from a clean slate.
      await children.stopAll();
    }
  }
} finally {
  await cleanup();
  clearTimeout(overall);
}

noteLoad('after');
if (results.length > 1) {
  console.log('\n== Summary');
  for (const { benchmark, backend, checks } of results) {
    const label = backend === undefined ? benchmark.name : `${benchmark.name} [${backend}]`;
    for (const check of checks) console.log(`  ${status(check)}  ${label}: ${check.name} ${check.value} (target ${check.target})`);
  }
  printSideBySide(results);
}
if (settings.cpuProfDir) console.log(`\nCPU profiles of the targets: ${settings.cpuProfDir}`);
process.exitCode = failed ? 1 : 0;

/**
 * The same figures of each benchmark on both backends, side by side, measured in this one run:
 * the ratio is PostgreSQL's figure over SQLite's.
 */
function printSideBySide(all) {
  const rows = [];
  for (const { benchmark, backend, checks } of all) {
    if (backend !== 'sqlite') continue;
    const other = all.find((r) => r.benchmark === benchmark && r.backend === 'postgres');
    if (!other) continue;
    for (const check of checks) {
      const pgCheck = other.checks.find((c) => c.name === check.name);
      if (!pgCheck) continue;
      const a = Number.parseFloat(check.value.replace(/[^0-9.]/g, ''));
      const b = Number.parseFloat(pgCheck.value.replace(/[^0-9.]/g, ''));
      const measured = Number.isFinite(a) && Number.isFinite(b) && a > 0;
      const ratio = measured ? `${(b / a).toFixed(2)}×` : '–';
      const judged = check.ratioTarget === undefined || !measured ? '' : `${b / a <= check.ratioTarget ? 'PASS' : 'MISS'} (target ≤ ${check.ratioTarget}×)`;
      rows.push([`${benchmark.name}: ${check.name}`, check.value, pgCheck.value, ratio, judged]);
    }
  }
  if (rows.length === 0) return;
  console.log('\n== Both backends, side by side (ratio: PostgreSQL / SQLite)');
  const head = ['figure', 'SQLite', 'PostgreSQL', 'ratio', ''];
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...[head, ...rows].map((row) => row[i].length)));
  for (const row of [head, ...rows]) console.log(`  ${row.map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}`.trimEnd());
}

/** @param {Check[]} checks */
function printChecks(checks) {
  const width = Math.max(...checks.map((c) => c.name.length));
  for (const check of checks) {
    console.log(`${status(check)}  ${check.name.padEnd(width)}  ${check.value.padStart(8)}   target ${check.target}`);
  }
}

/**
 * The machine's load average: the targets and load generators share its cores with whatever
 * else runs, so a busy machine lowers every figure. Said next to the figures, not hidden.
 */
function noteLoad(when) {
  const [one, five] = loadavg();
  const busy = one > 0.5 * cpus().length;
  console.log(`${when === 'after' ? '\n' : ''}Load average ${when} the run: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${cpus().length} cores${busy ? ' — other processes are busy: figures will be low and noisy' : ''}`);
}

/** @param {Check} check */
function status(check) {
  return check.pass === null ? 'N/A ' : check.pass ? 'PASS' : 'MISS';
}
