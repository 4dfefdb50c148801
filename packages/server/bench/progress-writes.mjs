// Benchmark: hosted progress writes on SQLite, `POST /onboarding/api/v1/progress/:flowId/
// items/:itemId/complete` and `…/reset` with the publishable key, at 50 connections.
// Every connection plays one end user after another: a new userId completes the ten items of a
// published flow in order (each depends on the one before), then resets the flow, so every
// write is a real change (an insert for the user's first write, an update after). The share of
// 2xx and of changed writes is checked on every response, and against the server's own usage
// counters. Targets: ≥ 5,000 writes/s and p99 ≤ 20 ms; the server's main-thread CPU per write on
// PostgreSQL ≤ 1.5× SQLite's, in one run (run.mjs). Misses are reported, not fatal.
// BENCH_PROGRESS_RATE caps the writes a second on every backend (autocannon's overallRate), to
// compare CPU per write at one throughput: uncapped, PostgreSQL's commit latency sets its pace.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuNote, envInt, fmtInt, fmtMs, getData, loadRun, median, profilePhase, readyLine, stopChild, table, withServerCpu } from './lib.mjs';

const APP_TARGET = fileURLToPath(new URL('./app-target.mjs', import.meta.url));

const TARGET_WRITES_PER_S = 5_000;
const TARGET_P99_MS = 20;
const CONNECTIONS = 50;
/** PostgreSQL's server CPU per write over SQLite's, in one run (judged by run.mjs). */
const TARGET_CPU_RATIO = 1.5;
/** Writes a second over all connections, or undefined: as fast as they are answered. */
const RATE = envInt('BENCH_PROGRESS_RATE', undefined);

/** @type {import('./run.mjs').Benchmark} */
export const progressWritesBenchmark = {
  name: 'progress-writes',
  title: `POST /onboarding/api/v1/progress/…/complete and …/reset, ${CONNECTIONS} connections${RATE === undefined ? '' : ` capped at ${RATE} writes/s`}, a new user per 11 writes`,
  async run({ children, tmpDir, settings, log, database }) {
    const profiling = settings.cpuProfDir !== undefined;
    const server = children.spawnNode(
      APP_TARGET,
      ['--db', await database('progress'), '--flow', ...(profiling ? ['--cpu-prof-dir', settings.cpuProfDir] : [])],
      { label: 'progress target' },
    );
    const target = await readyLine(server);
    const specFile = join(tmpDir, 'progress-spec.json');
    await writeFile(specFile, JSON.stringify(target));
    log(`flow ${target.flowId}: ${target.itemIds.length} items, each depending on the one before`);

    const load = (duration, label) => loadRun(children, { scenario: 'progress', specFile, connections: CONNECTIONS, duration, rate: RATE, label });
    await profilePhase(target, 'progress-writes', profiling);
    log(`warm-up: ${settings.warmup} s`);
    await load(settings.warmup, 'progress warm-up');

    const usageUrl = `${target.url}/onboarding/api/v1/usage?days=1`;
    const before = (await getData(usageUrl, target.secretKey)).totals;
    const runs = [];
    for (let round = 1; round <= settings.rounds; round++) {
      const run = await withServerCpu(server.pid, () => load(settings.duration, `progress round ${round}`));
      const changed = run.outcomes.changed ?? 0;
      const figures = {
        writesPerS: run.ok / run.duration,
        okShare: run.ok / run.total,
        changedShare: changed / run.total,
        p50: run.latency.p50,
        p95: run.latency.p95,
        p99: run.latency.p99,
        max: run.latency.max,
        changedCompletes: run.kinds.complete?.outcomes.changed ?? 0,
        complete: run.kinds.complete,
        reset: run.kinds.reset,
        total: run.total,
        ok: run.ok,
        errors: run.errors + run.timeouts,
        statusCodes: run.statusCodes,
        serverBusy: run.serverBusy,
        serverCpuUs: run.serverCpuUs,
      };
      runs.push(figures);
      log(
        `round ${round}/${settings.rounds} ${fmtInt(figures.writesPerS)} writes/s  p50 ${fmtMs(figures.p50)} ms  p99 ${fmtMs(figures.p99)} ms  max ${fmtMs(figures.max)} ms  ` +
          `(${fmtInt(run.total)} responses, ${pct(figures.okShare)} 2xx, ${pct(figures.changedShare)} changed${figures.errors ? `, ${figures.errors} errors/timeouts` : ''}; ${cpuNote(run)})`,
      );
    }

    // The server's own count: itemCompletions grows only for completes that changed something.
    const after = (await getData(usageUrl, target.secretKey)).totals;
    await stopChild(server);

    const m = (pick) => median(runs.map(pick));
    const writesPerS = m((r) => r.writesPerS);
    const p99 = m((r) => r.p99);
    const sum = (pick) => runs.reduce((total, r) => total + pick(r), 0);
    const report = [
      table(
        ['requests', 'writes/s', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'max (ms)', 'writes/s per run'],
        [
          ['all writes', fmtInt(writesPerS), fmtMs(m((r) => r.p50)), fmtMs(m((r) => r.p95)), fmtMs(p99), fmtMs(m((r) => r.max)), runs.map((r) => fmtInt(r.writesPerS)).join(' / ')],
          ...['complete', 'reset'].map((kind) => [
            `  ${kind}`,
            fmtInt(m((r) => r[kind].count) / settings.duration),
            fmtMs(m((r) => r[kind].p50)),
            fmtMs(m((r) => r[kind].p95)),
            fmtMs(m((r) => r[kind].p99)),
            fmtMs(m((r) => r[kind].max)),
            '',
          ]),
        ],
      ),
      ...(runs[0].serverCpuUs === undefined
        ? []
        : [
            `server main thread: ${fmtInt(m((r) => r.serverCpuUs))} µs of CPU per write, busy ${pct(m((r) => r.serverBusy))} of the time ` +
              `(${fmtInt(1e6 / m((r) => r.serverCpuUs))} writes/s if it had a core to itself)`,
          ]),
      `2xx: ${pct(m((r) => r.okShare))} of responses; changed: ${pct(m((r) => r.changedShare))} (the response shows the write applied)` +
        `${runs.some((r) => r.ok < r.total) ? `; statuses ${runs.map((r) => JSON.stringify(r.statusCodes)).join(' ')}` : ''}`,
      `server usage counters over the rounds: ${fmtInt(after.progressWrites - before.progressWrites)} progress writes, ` +
        `${fmtInt(after.itemCompletions - before.itemCompletions)} item completions (changed completes); the bench saw ${fmtInt(sum((r) => r.total))} responses, ` +
        `${fmtInt(sum((r) => r.changedCompletes))} changed completes (requests in flight when a run stops are served but not seen)`,
      `(medians of ${settings.rounds} runs × ${settings.duration} s, ${CONNECTIONS} connections, after ${settings.warmup} s warm-up; ` +
        'latencies are per response, from the request write to the last byte, all statuses)',
    ].join('\n');
    return {
      report,
      checks: [
        { name: `progress writes/s (2xx, ${CONNECTIONS} connections)`, value: fmtInt(writesPerS), target: `≥ ${fmtInt(TARGET_WRITES_PER_S)}`, pass: writesPerS >= TARGET_WRITES_PER_S },
        { name: 'progress write p99 latency', value: `${fmtMs(p99)} ms`, target: `≤ ${TARGET_P99_MS} ms`, pass: p99 <= TARGET_P99_MS },
        ...(runs[0].serverCpuUs === undefined
          ? []
          : [{ name: 'server CPU per write (main thread)', value: `${fmtInt(m((r) => r.serverCpuUs))} µs`, target: `PostgreSQL ≤ ${TARGET_CPU_RATIO}× SQLite`, pass: null, ratioTarget: TARGET_CPU_RATIO }]),
      ],
    };
  },
};

function pct(share) {
  return `${(100 * share).toFixed(share < 1 && share > 0.999 ? 2 : 1)}%`;
}
