// Benchmark: where the per-key rate limits are counted (rateLimits.store), on one PostgreSQL
// database. Two figures per store, measured in one run (docs/decisions.md, "Rate limits across
// instances"):
// - cost: the publishable config route (the hottest limited route) on one instance, limits
//   never reached: responses/s and the server's main-thread CPU per response;
// - exactness: two instances behind no load balancer, each driven at full speed, with a
//   per-key ceiling of CEILING a minute: how many responses were 200 over both (ideal: CEILING;
//   per-process counting lets through up to twice that).
// The Valkey/Redis store runs against Debian's redis-server started here (no persistence).
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { autocannon, envInt, fmtInt, mainThreadCpuMs, median, readyLine, stopChild, table } from './lib.mjs';

/** A limit counted across two instances may be passed by at most this share in a burst. */
const TARGET_OVER = 1.1;
const APP_TARGET = fileURLToPath(new URL('./app-target.mjs', import.meta.url));
const CONNECTIONS = 20;
const CEILING = 1_000;
/** Cost of the shared stores against counting in memory, in CPU per response. */
const TARGET_COST = 1.1;

/** @type {import('./run.mjs').Benchmark} */
export const rateLimitStoresBenchmark = {
  name: 'rate-limit-stores',
  storage: 'postgres',
  title: `rate limits counted in memory, in PostgreSQL and in Valkey/Redis: cost on the config route (${CONNECTIONS} connections) and exactness over two instances (ceiling ${fmtInt(CEILING)}/min)`,
  async run({ children, tmpDir, settings, log, database }) {
    const redis = await startRedis(tmpDir, envInt('BENCH_REDIS_PORT', 56379));
    try {
      const stores = { memory: 'memory', postgres: 'postgres', redis: redis.url };
      const cost = Object.fromEntries(Object.keys(stores).map((name) => [name, []]));
      const db = await database('rate-stores');
      // A fresh process for each store in each round, and each round started with the next store.
      // Two long-lived processes measured apart by more than the stores do (a Valkey/Redis and a
      // memory instance, alternating rounds: 0.91-1.05x over five runs; in a profile the slower
      // one spent 7x as long per call in Node's own process.nextTick), and a store measured right
      // after the others ran came out up to 1.11x the first, whichever store it was. The medians
      // of fresh processes in every place leave both out.
      const names = Object.keys(stores);
      for (let round = 1; round <= settings.rounds; round++) {
        const turn = (round - 1) % names.length;
        for (const name of [...names.slice(turn), ...names.slice(0, turn)]) {
          const child = children.spawnNode(APP_TARGET, ['--db', db, '--flow', '--rate-store', stores[name]], { label: `${name} instance, round ${round}` });
          try {
            const ready = await readyLine(child, 120_000);
            const url = `${ready.url}/onboarding/api/v1/config/${ready.flowId}`;
            const headers = { authorization: `Bearer ${ready.publishableKey}` };
            await autocannon(children, { url, headers, connections: CONNECTIONS, duration: settings.warmup, label: `${name} warm-up ${round}` });
            const before = mainThreadCpuMs(child.pid) ?? 0;
            const run = await autocannon(children, { url, headers, connections: CONNECTIONS, duration: settings.duration, label: `${name} round ${round}` });
            const cpuMs = (mainThreadCpuMs(child.pid) ?? 0) - before;
            const ok = run['2xx'];
            cost[name].push({ perS: ok / settings.duration, cpuUs: (cpuMs * 1000) / ok, refused: run.non2xx });
            log(`${name} round ${round}: ${fmtInt(ok / settings.duration)} responses/s`);
          } finally {
            await stopChild(child);
          }
        }
      }

      const exact = {};
      for (const [name, store] of Object.entries(stores)) {
        const limitedDb = await database(`rate-stores-${name}`);
        const args = ['--db', limitedDb, '--rate-store', store, '--publishable-per-key', String(CEILING)];
        const first = children.spawnNode(APP_TARGET, [...args, '--flow'], { label: `${name} limited A` });
        const a = await readyLine(first, 120_000);
        const targetFile = join(tmpDir, `rate-${name}.json`);
        await writeFile(targetFile, JSON.stringify(a));
        const second = children.spawnNode(APP_TARGET, [...args, '--attach', targetFile], { label: `${name} limited B` });
        const b = await readyLine(second, 60_000);
        const headers = { authorization: `Bearer ${a.publishableKey}` };
        // The counts' windows are whole minutes: start the 5 s run well inside one.
        while (Date.now() % 60_000 > 50_000) await new Promise((resolve) => setTimeout(resolve, 250));
        const runs = await Promise.all(
          [a.url, b.url].map((base, i) =>
            autocannon(children, { url: `${base}/onboarding/api/v1/config/${a.flowId}`, headers, connections: CONNECTIONS / 2, duration: 5, label: `${name} limited ${i}` }),
          ),
        );
        exact[name] = runs.reduce((sum, run) => sum + run['2xx'], 0);
        await stopChild(first);
        await stopChild(second);
      }

      const rows = Object.keys(stores).map((name) => {
        const perS = median(cost[name].map((r) => r.perS));
        const cpuUs = median(cost[name].map((r) => r.cpuUs));
        return [name, fmtInt(perS), fmtInt(cpuUs), `${(cpuUs / median(cost.memory.map((r) => r.cpuUs))).toFixed(2)}×`, `${fmtInt(exact[name])} (${(exact[name] / CEILING).toFixed(2)}×)`];
      });
      const checks = ['postgres', 'redis'].flatMap((name) => {
        const ratio = median(cost[name].map((r) => r.cpuUs)) / median(cost.memory.map((r) => r.cpuUs));
        const over = exact[name] / CEILING;
        return [
          { name: `${name} store: CPU per response / memory store`, value: `${ratio.toFixed(2)}×`, target: `≤ ${TARGET_COST}×`, pass: ratio <= TARGET_COST },
          // Counting per process lets each instance reach the ceiling: 2×. A shared store lets
          // through at most what the instances answer during one early flush past it.
          { name: `${name} store: 200s over two instances / ceiling`, value: `${over.toFixed(2)}×`, target: `≤ ${TARGET_OVER}× (memory: ${(exact.memory / CEILING).toFixed(2)}×)`, pass: over <= TARGET_OVER },
        ];
      });
      const report = table(['store', 'responses/s (one instance)', 'µs CPU/response', 'CPU vs memory', 'allowed over two instances (ceiling 1,000)'], rows);
      return { report: `${report}\n(medians of ${settings.rounds} round(s); the exactness runs last 5 s, inside one minute's window)`, checks };
    } finally {
      await redis.stop();
    }
  },
};

/** Debian's redis-server on 127.0.0.1:`port`, without persistence, until stopped. */
async function startRedis(dir, port) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 20_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('error', (error) => reject(new Error(`redis-server could not be started (Debian: apt-get install redis-server): ${error.message}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}
