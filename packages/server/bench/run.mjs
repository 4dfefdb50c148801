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
//   BENCH_WEBHOOK_POSTS   posts on the webhooks benchmark's board (default 10000)
//   BENCH_IMPORTER_ROWS   rows of the importer's generated CSV (default 1000000; smaller for quick
//                      trials); the importer benchmark runs BENCH_ROUNDS rounds
//   BENCH_DELIVERY_ROWS   rows import-delivery uploads and reads back (default 1000000)
//
// Benchmarks: config-route, progress-writes, feedback (search, list, votes), bundles, importer
// (the importer engine in headless Chromium: worker parse + map + validate vs a raw parse) and
// webhooks (votes with and without a subscribed endpoint: the outbox's cost and backlog),
// import-delivery (1 M rows uploaded through the route, read back by @inlay/node); bundles
// and importer build @inlay/widgets with turbo first (the root script builds only @inlay/server).
//
// Adding a benchmark: export an object {name, title, run(context)} from a module in this folder
// and add it to BENCHMARKS. `run` gets {children, tmpDir, settings, log}, starts its processes
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
import { Children, envInt } from './lib.mjs';
import { progressWritesBenchmark } from './progress-writes.mjs';
import { webhooksBenchmark } from './webhooks.mjs';

/**
 * @typedef {{ name: string, value: string, target: string, pass: boolean | null }} Check  pass null: nothing to measure (N/A)
 * @typedef {{ duration: number, warmup: number, rounds: number, connections: number, cpuProfDir?: string }} Settings
 * @typedef {{ children: Children, tmpDir: string, settings: Settings, log: (line: string) => void }} BenchContext
 * @typedef {{ name: string, title: string, run: (context: BenchContext) => Promise<{ report: string, checks: Check[] }> }} Benchmark
 */

/** @type {Benchmark[]} */
const BENCHMARKS = [configRouteBenchmark, progressWritesBenchmark, feedbackBenchmark, bundlesBenchmark, importerBenchmark, webhooksBenchmark, importDeliveryBenchmark];

/** The whole command is bounded: no benchmark may hang the run. */
const OVERALL_LIMIT_MS = 30 * 60_000;

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

const children = new Children();
const tmpDir = mkdtempSync(join(tmpdir(), 'inlay-bench-'));
let cleanedUp = false;
let interrupted = false;
const cleanup = async () => {
  if (cleanedUp) return;
  cleanedUp = true;
  await children.stopAll();
  rmSync(tmpDir, { recursive: true, force: true });
};
// Last resort if the process ends another way: no orphaned servers or load generators.
process.on('exit', () => {
  children.killAllNow();
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
  for (const benchmark of selected) {
    console.log(`\n== ${benchmark.name}: ${benchmark.title}`);
    const benchDir = join(tmpDir, benchmark.name);
    await mkdir(benchDir);
    try {
      const result = await benchmark.run({ children, tmpDir: benchDir, settings, log: (line) => console.log(`  ${line}`) });
      results.push({ benchmark, ...result });
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
  for (const { benchmark, checks } of results) {
    for (const check of checks) console.log(`  ${status(check)}  ${benchmark.name}: ${check.name} ${check.value} (target ${check.target})`);
  }
}
if (settings.cpuProfDir) console.log(`\nCPU profiles of the targets: ${settings.cpuProfDir}`);
process.exitCode = failed ? 1 : 0;

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
