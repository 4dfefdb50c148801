/**
 * Benchmark of the importer's engine (not a test): generates a 1,000,000-row × 10-column CSV
 * (mixed types, about 5% invalid rows) and, in headless Chromium, measures in one run:
 *
 *   (a) parse + map + validate of the file in a Web Worker, through the widget's own engine
 *       (dist/cdn/inlay-importer.worker.js: `open`, then `load` with a column mapping),
 *   (b) a raw parse of the same file in a worker with the fastest parser at hand — Papa Parse and
 *       uDSV (string mode, no `new Function`) are both run and the faster counts,
 *
 * and prints (a)/(b), the longest main-thread task during (a) (PerformanceObserver `longtask`),
 * and the peak memory of the page's renderer process during each (sampled from /proc, so it
 * includes the worker's heap), against the file size.
 *
 *   npm run build -w @inlay/widgets && node packages/widgets/scripts/importer-bench.mjs [--rows N] [--keep]
 *
 * Targets: (a)/(b) ≤ 1.5, no main-thread task over 50 ms, peak memory ≤ 3× the file size.
 */
import { readFile, readdir, rm, stat, writeFile, mkdtemp } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const argument = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const ROWS = Number(argument('--rows', 1_000_000));
const require = (await import('node:module')).createRequire(import.meta.url);
const workerFile = new URL('../dist/cdn/inlay-importer.worker.js', import.meta.url);
await stat(workerFile).catch(() => {
  console.error('dist/cdn/inlay-importer.worker.js is missing: run `npm run build -w @inlay/widgets` first.');
  process.exit(1);
});

/** The importer config the file is validated against: every type, a unique id, a duplicateKey. */
const config = {
  fields: [
    { key: 'id', label: 'id', type: 'string', unique: true },
    { key: 'email', label: 'email', type: 'email', required: true },
    { key: 'name', label: 'name', type: 'string' },
    { key: 'age', label: 'age', type: 'number' },
    { key: 'signup', label: 'signup', type: 'date' },
    { key: 'active', label: 'active', type: 'boolean' },
    { key: 'plan', label: 'plan', type: 'enum', enumValues: ['free', 'pro', 'team', 'enterprise'] },
    { key: 'website', label: 'website', type: 'url' },
    { key: 'score', label: 'score', type: 'number' },
    { key: 'country', label: 'country', type: 'string' },
  ],
  duplicateKey: 'email',
};

/** A deterministic file: ~5% of rows carry one invalid cell; ids keep leading zeros. */
function generate(rows) {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const plans = ['free', 'pro', 'team', 'enterprise'];
  const parts = [`${config.fields.map((field) => field.key).join(',')}\n`];
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const bad = random() < 0.05 ? Math.floor(random() * 6) : -1;
    const email = bad === 0 ? `user${i}.example.com` : `user${i}@example.com`;
    const name = i % 97 === 0 ? `"Smith, Jo ${i}"` : `Name ${i}`;
    const age = bad === 1 ? 'abc' : String(18 + (i % 60));
    const signup = bad === 2 ? '2024-02-30' : `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const active = bad === 3 ? 'maybe' : i % 2 ? 'yes' : 'no';
    const plan = bad === 4 ? 'gold' : plans[i % 4];
    const website = bad === 5 ? 'not a url' : `https://example.com/u/${i}`;
    chunk += `${String(i).padStart(8, '0')},${email},${name},${age},${signup},${active},${plan},${website},${(random() * 1000).toFixed(2)},DE\n`;
    if (chunk.length > 1 << 20) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

const page = `<!doctype html><meta charset="utf-8"><title>importer bench</title><script type="module" src="/bench.js"></script>`;

/** Runs in the page: (a) through the widget's engine, or (b) a raw parse, each in its own worker. */
const benchJs = `
const longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: true });
const file = await (await fetch('/data.csv')).blob();
window.ready = true;

window.runEngine = (config) => new Promise((resolve, reject) => {
  longTasks.length = 0;
  // Frames keep coming while the worker works: the main thread stays free.
  let frames = 0, animating = true;
  const tick = () => { frames++; if (animating) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const worker = new Worker('/inlay-importer.worker.js', { type: 'module' });
  const started = performance.now();
  let openedAt = 0;
  worker.onerror = (event) => reject(new Error(event.message));
  worker.onmessage = ({ data }) => {
    if (data.type === 'ready') worker.postMessage({ type: 'call', id: 1, method: 'open', params: { source: { kind: 'file', file, name: 'data.csv' } } });
    else if (data.type === 'error') reject(new Error(data.error.message));
    else if (data.type === 'result' && data.id === 1) {
      openedAt = performance.now();
      const headers = data.result.preview[data.result.headerRow];
      // The mapping the element would send once the user confirmed it: field key → column.
      const mapping = Object.fromEntries(config.fields.map((field) => [field.key, headers.indexOf(field.key)]));
      worker.postMessage({ type: 'call', id: 2, method: 'load', params: { headerRow: data.result.headerRow, mapping, config } });
    } else if (data.type === 'result' && data.id === 2) {
      const ms = performance.now() - started;
      animating = false;
      worker.terminate();
      resolve({ ms, openMs: openedAt - started, timings: data.result.timings, stats: data.result.stats, numberFormat: data.result.numberFormat, longTasks: [...longTasks], frames, fileBytes: file.size });
    }
  };
});

window.runRaw = (parser) => new Promise((resolve, reject) => {
  const worker = new Worker('/raw-worker.js');
  worker.onerror = (event) => reject(new Error(event.message));
  worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
  worker.postMessage({ parser, file });
});
`;

/** A classic worker: reads the Blob as text and parses it whole, keeping every row, as (a) keeps them. */
const rawWorkerJs = `
importScripts('/papaparse.min.js', '/uDSV.iife.min.js');
self.onmessage = async ({ data: { parser, file } }) => {
  const started = performance.now();
  const text = await file.text();
  let rows;
  if (parser === 'papaparse') rows = Papa.parse(text, { delimiter: ',' }).data.length;
  else rows = uDSV.initParser(uDSV.inferSchema(text)).stringArrs(text).length;
  self.postMessage({ parser, ms: performance.now() - started, rows });
};
`;

const dir = await mkdtemp(join(tmpdir(), 'inlay-importer-bench-'));
const dataFile = join(dir, 'data.csv');
console.log(`Generating ${ROWS.toLocaleString()} rows × ${config.fields.length} columns…`);
await writeFile(dataFile, generate(ROWS));
const fileBytes = (await stat(dataFile)).size;
console.log(`File: ${(fileBytes / 1e6).toFixed(1)} MB`);

const statics = {
  '/': ['text/html', page],
  '/bench.js': ['text/javascript', benchJs],
  '/raw-worker.js': ['text/javascript', rawWorkerJs],
  '/inlay-importer.worker.js': ['text/javascript', await readFile(workerFile)],
  '/inlay-importer.xlsx.js': ['text/javascript', await readFile(new URL('../dist/cdn/inlay-importer.xlsx.js', import.meta.url))],
  '/papaparse.min.js': ['text/javascript', await readFile(require.resolve('papaparse/papaparse.min.js'))],
  '/uDSV.iife.min.js': ['text/javascript', await readFile(require.resolve('udsv').replace(/[^/]+$/, 'uDSV.iife.min.js'))],
};
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/data.csv') {
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': fileBytes });
    createReadStream(dataFile).pipe(response);
    return;
  }
  const file = statics[path];
  if (!file) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' });
  response.end(file[1]);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

/** Resident memory of the browser's renderer processes, sampled while `work` runs. */
async function sampleRenderers(work) {
  const renderers = async () => {
    let total = 0;
    for (const pid of await readdir('/proc').catch(() => [])) {
      if (!/^\d+$/.test(pid)) continue;
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (!cmdline.includes('--type=renderer') || !cmdline.includes(profileMarker)) continue;
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    }
    return total;
  };
  const baseline = await renderers();
  let peak = baseline;
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      peak = Math.max(peak, await renderers());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { result: await work(), baseline, peak };
  } finally {
    sampling = false;
    await loop;
  }
}

const profileMarker = 'playwright';
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--enable-precise-memory-info'] });
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
try {
  const fresh = async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    tab.on('pageerror', (error) => console.error('page error:', error.message));
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => globalThis.ready === true, undefined, { timeout: 120_000 });
    return { context, tab };
  };

  // (a) The widget's engine.
  let { context, tab } = await fresh();
  const a = await sampleRenderers(() => tab.evaluate((cfg) => globalThis.runEngine(cfg), config));
  await context.close();

  // (b) Raw parses, each in a fresh page.
  const raw = {};
  for (const parser of ['papaparse', 'udsv']) {
    ({ context, tab } = await fresh());
    raw[parser] = await sampleRenderers(() => tab.evaluate((name) => globalThis.runRaw(name), parser));
    await context.close();
  }

  const engine = a.result;
  const fastest = Object.values(raw).reduce((best, run) => (run.result.ms < best.result.ms ? run : best));
  const ratio = engine.ms / fastest.result.ms;
  const longest = Math.max(0, ...engine.longTasks);
  const engineMemory = a.peak - a.baseline;
  console.log('');
  console.log(`(a) widget engine, worker: open + parse + map + validate ${engine.stats.rowCount.toLocaleString()} rows in ${engine.ms.toFixed(0)} ms`);
  console.log(`    (start worker + open/sniff ${engine.openMs.toFixed(0)} ms, read + decode + parse ${engine.timings.readMs.toFixed(0)} ms, validate ${engine.timings.validateMs.toFixed(0)} ms;`);
  console.log(`    ${engine.stats.errorCount.toLocaleString()} errors in ${engine.stats.invalidRowCount.toLocaleString()} rows, ${engine.stats.duplicateRows} duplicate rows, numbers read as ${engine.numberFormat})`);
  for (const [parser, run] of Object.entries(raw)) {
    console.log(`(b) raw ${parser.padEnd(9)} in a worker: ${run.result.ms.toFixed(0)} ms for ${run.result.rows.toLocaleString()} rows; renderer peak +${mb(run.peak - run.baseline)}`);
  }
  console.log('');
  console.log(`(a)/(b) = ${engine.ms.toFixed(0)} / ${fastest.result.ms.toFixed(0)} (${fastest.result.parser}) = ${ratio.toFixed(2)}   target ≤ 1.5`);
  console.log(`Longest main-thread task during (a): ${longest.toFixed(0)} ms (${engine.longTasks.length} long tasks, ${engine.frames} frames)   target none > 50 ms`);
  console.log(`Peak memory during (a): renderer +${mb(engineMemory)} = ${(engineMemory / fileBytes).toFixed(2)}× the file (${mb(fileBytes)})   target ≤ 3×`);
  if (process.argv.includes('--json')) console.log(JSON.stringify({ rows: ROWS, fileBytes, engineMs: engine.ms, raw: Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v.result.ms])), ratio, longestTaskMs: longest, peakBytes: engineMemory }));
} finally {
  await browser.close();
  server.close();
  if (!process.argv.includes('--keep')) await rm(dir, { recursive: true, force: true });
}
