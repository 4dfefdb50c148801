// Summarises a V8 .cpuprofile (e.g. from BENCH_CPU_PROF=dir npm run bench): self time by
// function and by package/file, and inclusive time of the heaviest frames.
//   node packages/server/bench/profile-summary.mjs <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Time per sample: the deltas between samples, attributed to the sampled node.
const selfUs = new Map();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
// Percentages are of busy time: a target idles while the other one is under load.
const idleIds = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
for (const id of idleIds) selfUs.delete(id);
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (frame) => {
  const url = frame.url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.includes('/packages/')) return url.slice(url.indexOf('/packages/') + 1);
  return url === '' ? `(${frame.functionName || 'native'})` : url.startsWith('node:') ? url : url.split('/').slice(-2).join('/');
};
const label = (frame) => `${frame.functionName || '(anonymous)'}  ${where(frame)}:${frame.lineNumber + 1}`;

const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
const byFunction = new Map();
const byPlace = new Map();
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const frame = nodes.get(id).callFrame;
  add(byFunction, label(frame), us);
  add(byPlace, where(frame), us);
  // Inclusive: once per distinct function on the stack.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const key = label(nodes.get(at).callFrame);
    if (!seen.has(key)) add(inclusive, key, us);
    seen.add(key);
  }
}

const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${key}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(2)} s busy (idle time left out; percentages are of busy time)`);
print('Self time by package / file', byPlace);
print('Self time by function', byFunction);
print('Inclusive time by function', inclusive);
