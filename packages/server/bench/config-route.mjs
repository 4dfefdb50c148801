// Benchmark: the publishable config route `GET /onboarding/api/v1/config/:id` of the Inlay server
// against a bare Fastify route answering the same bytes, in the same run.
// Targets (from the issue): throughput ratio inlay/bare ≥ 0.8 and Inlay's p99 ≤ 10 ms at 100
// connections. Misses are reported, not fatal.
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { autocannon, median, readyLine, stopChild, summarise, table, withServerCpu } from './lib.mjs';

const INLAY_TARGET = fileURLToPath(new URL('./inlay-target.mjs', import.meta.url));
const BARE_TARGET = fileURLToPath(new URL('./bare-target.mjs', import.meta.url));

const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 10;
const TARGET_CONNECTIONS = 100;

/** @type {import('./run.mjs').Benchmark} */
export const configRouteBenchmark = {
  name: 'config-route',
  title: 'GET /onboarding/api/v1/config/:id: Inlay vs bare Fastify (same JSON body)',
  async run({ children, tmpDir, settings, log, database }) {
    // Inlay target: workspace, published flow, listening.
    // Node's default profile names (CPU.<date>.<time>.<pid>.<thread>.<seq>) keep the main thread's
    // profile apart from the checkpoint worker's; `nameProfiles` renames them once the targets stop.
    const profile = (name) => (settings.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${join(settings.cpuProfDir, name)}`] : []);
    const inlayProcess = children.spawnNode(INLAY_TARGET, ['--db', await database('inlay-bench')], {
      label: 'inlay target',
      nodeArgs: profile('inlay'),
    });
    const inlay = await readyLine(inlayProcess);
    const headers = { Authorization: `Bearer ${inlay.publishableKey}` };
    const inlayUrl = `${inlay.url}${inlay.path}`;

    // The body the config route sends, byte for byte, becomes the bare route's answer.
    const reference = await fetchOnce(inlayUrl, headers, 'inlay target');
    const bodyFile = join(tmpDir, 'config-body.json');
    await writeFile(bodyFile, reference.body);
    const bareProcess = children.spawnNode(BARE_TARGET, ['--body-file', bodyFile, '--content-type', reference.contentType], {
      label: 'bare target',
      nodeArgs: profile('bare'),
    });
    const bare = await readyLine(bareProcess);
    const bareUrl = `${bare.url}${inlay.path}`;
    const check = await fetchOnce(bareUrl, headers, 'bare target');
    if (!check.body.equals(reference.body)) throw new Error('the bare target does not answer the same body bytes as the Inlay target');
    log(`body: ${reference.body.length} bytes of ${reference.contentType}; flow ${inlay.flowId}`);

    const targets = [
      { name: 'bare', url: bareUrl, pid: bareProcess.pid },
      { name: 'inlay', url: inlayUrl, pid: inlayProcess.pid },
    ];
    const load = (target, duration, phase) =>
      autocannon(children, {
        url: target.url,
        connections: settings.connections,
        duration,
        headers,
        label: `autocannon ${target.name} ${phase}`,
      });

    // Warm-up (JIT, caches, key lookup), discarded.
    for (const target of targets) {
      log(`warm-up ${target.name}: ${settings.warmup} s`);
      summarise(await load(target, settings.warmup, 'warm-up'), `${target.name} warm-up`);
    }

    // Measured runs, alternating so drift on this machine hits both targets alike.
    const runs = { bare: [], inlay: [] };
    for (let round = 1; round <= settings.rounds; round++) {
      for (const target of targets) {
        const figures = await withServerCpu(target.pid, async () =>
          summarise(await load(target, settings.duration, `round ${round}`), `${target.name} round ${round}`),
        );
        runs[target.name].push(figures);
        const cpu = figures.serverCpuUs === undefined ? '' : `; server ${Math.round(100 * figures.serverBusy)}% busy, ${fmtInt(figures.serverCpuUs)} µs CPU/request`;
        log(
          `round ${round}/${settings.rounds} ${target.name.padEnd(5)} ${fmtInt(figures.rps)} req/s  p50 ${fmtMs(figures.p50)} ms  p99 ${fmtMs(figures.p99)} ms  (${fmtInt(figures.total)} requests${cpu})`,
        );
      }
    }

    await Promise.all([stopChild(inlayProcess), stopChild(bareProcess)]);
    if (settings.cpuProfDir) for (const target of targets) await nameProfiles(settings.cpuProfDir, target.name);

    const med = (name) => ({
      rps: median(runs[name].map((r) => r.rps)),
      p50: median(runs[name].map((r) => r.p50)),
      p99: median(runs[name].map((r) => r.p99)),
      bytes: median(runs[name].map((r) => r.bytesPerResponse)),
      cpuUs: median(runs[name].map((r) => r.serverCpuUs ?? NaN)),
    });
    const m = { bare: med('bare'), inlay: med('inlay') };
    // Each round measures bare then Inlay back to back, so a round's ratio compares the two under
    // the same conditions; on a machine shared with other work, the median of those ratios is
    // steadier than the ratio of the two medians (a busy spell in one target's run skews that).
    const roundRatios = runs.inlay.map((run, i) => run.rps / runs.bare[i].rps);
    const ratio = median(roundRatios);
    const ratioOfMedians = m.inlay.rps / m.bare.rps;

    const report = table(
      ['target', 'req/s', 'p50 (ms)', 'p99 (ms)', 'bytes/resp', 'server µs CPU/req', 'req/s per run'],
      ['bare', 'inlay'].map((name) => [
        name,
        fmtInt(m[name].rps),
        fmtMs(m[name].p50),
        fmtMs(m[name].p99),
        fmtInt(m[name].bytes),
        Number.isNaN(m[name].cpuUs) ? 'n/a' : fmtInt(m[name].cpuUs),
        runs[name].map((r) => fmtInt(r.rps)).join(' / '),
      ]),
    );
    const atTargetLoad = settings.connections === TARGET_CONNECTIONS;
    return {
      report:
        `${report}\nratio inlay/bare per round: ${roundRatios.map((r) => r.toFixed(3)).join(' / ')} (median ${ratio.toFixed(3)}); ratio of the medians: ${ratioOfMedians.toFixed(3)}; ` +
        `server CPU per request inlay/bare: ${(m.inlay.cpuUs / m.bare.cpuUs).toFixed(2)}\n` +
        `(medians of ${settings.rounds} runs × ${settings.duration} s, ${settings.connections} connections, after ${settings.warmup} s warm-up each)`,
      checks: [
        {
          name: 'throughput ratio inlay/bare (median of rounds)',
          value: ratio.toFixed(3),
          target: `≥ ${TARGET_RATIO}`,
          pass: ratio >= TARGET_RATIO,
        },
        {
          name: `inlay p99 latency${atTargetLoad ? '' : ` (at ${settings.connections}, not ${TARGET_CONNECTIONS}, connections)`}`,
          value: `${fmtMs(m.inlay.p99)} ms`,
          target: `≤ ${TARGET_P99_MS} ms`,
          pass: m.inlay.p99 <= TARGET_P99_MS,
        },
      ],
    };
  },
};

/** `<dir>/<name>/CPU.….<thread>.….cpuprofile` → `<dir>/<name>.cpuprofile` (main thread), `<name>.thread-<n>.cpuprofile`. */
async function nameProfiles(dir, name) {
  for (const file of await readdir(join(dir, name))) {
    const thread = /^CPU\.\d+\.\d+\.\d+\.(\d+)\.\d+\.cpuprofile$/.exec(file)?.[1];
    if (thread === undefined) continue;
    await rename(join(dir, name, file), join(dir, thread === '0' ? `${name}.cpuprofile` : `${name}.thread-${thread}.cpuprofile`));
  }
  await rm(join(dir, name), { recursive: true, force: true });
}

async function fetchOnce(url, headers, label) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${label}: GET ${url} → ${response.status}: ${body.toString('utf8')}`);
  return { body, contentType: response.headers.get('content-type') ?? 'application/json' };
}

function fmtInt(value) {
  return Math.round(value).toLocaleString('en-US');
}

/** autocannon's latencies are whole milliseconds; medians of an even count may be halves. */
function fmtMs(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
