// A/B of the config route's CPU cost: two builds of the server (or one and bare Fastify), loaded
// at the same time, each by its own autocannon, and compared by server CPU per request.
//   node packages/server/bench/ab-config-route.mjs <distA> <distB | bare> [rounds=6] [seconds=4]
// A dist is a built `dist/` folder of @inlay/server kept inside packages/server (say
// `node_modules/.ab/before`, copied before a change) so its imports resolve. `bare` is the
// config-route benchmark's bare Fastify target, answering the same body.
//
// Why not the benchmark's sequential runs: on this shared 2-core machine a target's throughput
// moves by 20% or more from one 10-second run to the next, which hides changes of a few percent.
// Loaded together, both servers meet the same conditions at every moment, and CPU per request,
// unlike throughput, does not depend on how the scheduler shares the cores: this tool's
// per-round ratios spread by a few percent, rarely ten, so a median of six rounds shows a change
// of about 5%. It informs changes; the targets are still judged by `npm run bench`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { autocannon, Children, median, readyLine, summarise, withServerCpu } from './lib.mjs';

const INLAY_TARGET = fileURLToPath(new URL('./inlay-target.mjs', import.meta.url));
const BARE_TARGET = fileURLToPath(new URL('./bare-target.mjs', import.meta.url));
const CONNECTIONS = 50;
const WARMUP_S = 3;

const [distA, distB, roundsArg = '6', secondsArg = '4'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: ab-config-route.mjs <distA> <distB | bare> [rounds] [seconds]');
  process.exit(2);
}
const rounds = Number(roundsArg);
const seconds = Number(secondsArg);

const children = new Children();
const tmp = mkdtempSync(join(tmpdir(), 'inlay-ab-'));
try {
  const a = await startInlay('A', distA);
  const b = distB === 'bare' ? await startBare(a) : await startInlay('B', distB);
  const load = (target, duration) =>
    autocannon(children, { url: target.url, connections: CONNECTIONS, duration, headers: target.headers, label: `autocannon ${target.name}` });

  await Promise.all([a, b].map(async (target) => summarise(await load(target, WARMUP_S), `${target.name} warm-up`)));
  const ratios = [];
  const cpu = { A: [], B: [] };
  for (let round = 1; round <= rounds; round++) {
    const [ra, rb] = await Promise.all(
      [a, b].map((target) => withServerCpu(target.pid, async () => summarise(await load(target, seconds), `${target.name} round ${round}`))),
    );
    if (ra.serverCpuUs === undefined || rb.serverCpuUs === undefined) throw new Error('server CPU is read from /proc/<pid>/schedstat, which this system lacks');
    cpu.A.push(ra.serverCpuUs);
    cpu.B.push(rb.serverCpuUs);
    ratios.push(rb.serverCpuUs / ra.serverCpuUs);
    console.log(`round ${round}/${rounds}: A ${ra.serverCpuUs.toFixed(1)} µs/request, B ${rb.serverCpuUs.toFixed(1)} µs/request, B/A ${ratios.at(-1).toFixed(3)}`);
  }
  console.log(
    `CPU per request B/A: median ${median(ratios).toFixed(3)} (rounds ${ratios.map((r) => r.toFixed(3)).join(' / ')}); ` +
      `A ${median(cpu.A).toFixed(1)} µs, B ${median(cpu.B).toFixed(1)} µs (medians)`,
  );
} finally {
  await children.stopAll();
  rmSync(tmp, { recursive: true, force: true });
}

async function startInlay(name, dist) {
  const child = children.spawnNode(INLAY_TARGET, ['--db', join(tmp, `${name}.db`), '--dist', resolve(dist)], { label: `inlay target ${name}` });
  const ready = await readyLine(child);
  return { name, pid: child.pid, url: `${ready.url}${ready.path}`, headers: { Authorization: `Bearer ${ready.publishableKey}` } };
}

/** Bare Fastify answering the bytes `inlay` sends, on the same path. */
async function startBare(inlay) {
  const response = await fetch(inlay.url, { headers: inlay.headers, signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`GET ${inlay.url} → ${response.status}`);
  const bodyFile = join(tmp, 'config-body.json');
  writeFileSync(bodyFile, Buffer.from(await response.arrayBuffer()));
  const child = children.spawnNode(BARE_TARGET, ['--body-file', bodyFile, '--content-type', response.headers.get('content-type') ?? 'application/json'], {
    label: 'bare target',
  });
  const ready = await readyLine(child);
  return { name: 'B', pid: child.pid, url: `${ready.url}${new URL(inlay.url).pathname}`, headers: inlay.headers };
}
