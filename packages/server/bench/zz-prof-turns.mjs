// TEMPORARY (not committed): profile one instance's votes at 50 and at 25 connections.
import { mkdtempSync, writeFileSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchPostgres, createPostgresDatabase } from './database.mjs';
import { Children, loadRun, readyLine, profilePhase, mainThreadCpuMs } from './lib.mjs';
const APP = fileURLToPath(new URL('./app-target.mjs', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'prof-'));
const profDir = process.env.PROF_DIR ?? join(tmp, 'prof');
const pgc = startBenchPostgres();
const children = new Children();
try {
  const db = await createPostgresDatabase(pgc.url, 'prof');
  const ids = join(tmp, 'ids.json');
  const t = children.spawnNode(APP, ['--db', db, '--board', '--posts', '10000', '--ids-file', ids, '--cpu-prof-dir', profDir], { label: 'target' });
  const a = await readyLine(t, 300_000);
  const spec = join(tmp, 'spec.json');
  writeFileSync(spec, JSON.stringify({ ...a, postIds: JSON.parse(readFileSync(ids, 'utf8')) }));
  await loadRun(children, { scenario: 'vote', specFile: spec, connections: 50, duration: 3 });
  const conns = (process.env.CONNS ?? '50,25,50,25').split(',').map(Number);
  let i = 0;
  for (const c of conns) {
    const name = `c${c}-${i++}`;
    await profilePhase(a, name, true);
    const before = mainThreadCpuMs(t.pid);
    const r = await loadRun(children, { scenario: 'vote', specFile: spec, connections: c, duration: Number(process.env.DUR ?? 8) });
    const cpu = mainThreadCpuMs(t.pid) - before;
    console.log(name, 'ok', r.ok, 'cpu µs/vote', ((cpu * 1000) / r.ok).toFixed(1));
  }
  await profilePhase(a, 'end', true);
} finally {
  await children.stopAll();
  pgc.stop();
}
console.log('profiles in', profDir, readdirSync(profDir));
