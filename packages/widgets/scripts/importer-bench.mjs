/**
 * Benchmark of the importer's engine (not a test): generates a 1,000,000-row × 10-column CSV
 * (mixed types, about 5% invalid rows) and, in headless Chromium, measures in one run:
 *
 *   (a) parse + map + validate of the file in a Web Worker, through the widget's own engine
 *       (dist/cdn/inlay-importer.worker.js: `open`, then `load` with a column mapping),
 *   (b) a raw parse of the same file in a worker with the fastest parser at hand — Papa Parse
 *       and uDSV (string mode, no `new Function`) are both run, each keeping every row as an
 *       array of strings, and the faster counts,
 *
 * and prints (a)/(b), the longest main-thread task during (a) (PerformanceObserver `longtask`),
 * and the peak memory of the page's renderer process during each (sampled from /proc, so it
 * includes the worker's heap), against the file size. Every run is in a fresh page; with
 * `--rounds N` the runs alternate N times and times are medians, while the longest task and the
 * peak memory are the worst of the rounds.
 *
 *   npx turbo run build --filter=@inlay/widgets
 *   node packages/widgets/scripts/importer-bench.mjs [--rows N] [--rounds N] [--json] [--keep]
 *
 * `--json` adds one last line of JSON with the figures (packages/server/bench/importer.mjs reads it).
 * Targets: (a)/(b) ≤ 1.5, no main-thread task over 50 ms, peak memory ≤ 3× the file size.
 *
 * Then the XLSX case (`--xlsx-rows N`, default 200,000; 0 skips it; `--only-xlsx` runs only it):
 * the first N rows of the same data as a workbook (scripts/importer-bench-xlsx.mjs) and as a CSV,
 * each through the engine end to end (open + load) in a fresh page, alternating for `--rounds`
 * rounds: the median XLSX time over the median CSV time, and the renderer's peak memory during
 * each. Target: XLSX ≤ 5× the CSV.
 *
 * Then the NDJSON case (`--ndjson-rows N`, default 1,000,000; 0 skips it; `--only-ndjson` runs only
 * it), the same way: the first N rows as NDJSON (scripts/importer-bench-ndjson.mjs) and as CSV
 * through the engine end to end. Target: NDJSON ≤ 1.5× the CSV.
 */
import { readFile, readdir, rm, stat, writeFile, mkdtemp } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { BENCH_CONFIG as config, generateCsv as generate } from './importer-bench-data.mjs';
import { csvToNdjson } from './importer-bench-ndjson.mjs';
import { csvToXlsx } from './importer-bench-xlsx.mjs';

const argument = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const ROWS = Number(argument('--rows', 1_000_000));
const ROUNDS = Math.max(1, Number(argument('--rounds', 1)));
const XLSX_ROWS = Number(argument('--xlsx-rows', 200_000));
const ONLY_XLSX = process.argv.includes('--only-xlsx');
const NDJSON_ROWS = Number(argument('--ndjson-rows', 1_000_000));
const ONLY_NDJSON = process.argv.includes('--only-ndjson');
const require = (await import('node:module')).createRequire(import.meta.url);
const workerFile = new URL('../dist/cdn/inlay-importer.worker.js', import.meta.url);
for (const built of [workerFile]) {
  await stat(built).catch(() => {
    console.error(`${built.pathname} is missing: run \`npx turbo run build --filter=@inlay/widgets\` first.`);
    process.exit(1);
  });
}

const page = `<!doctype html><meta charset="utf-8"><title>importer bench</title><script type="module" src="/bench.js"></script>`;

/** Runs in the page: (a) through the widget's engine, or (b) a raw parse, each in its own worker. */
const benchJs = `
const longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: true });
const file = await (await fetch('/data.csv')).blob();
window.ready = true;

window.runEngine = (config) => runEngineOn(file, 'data.csv', config);
/** The XLSX case: a workbook or the CSV of the same rows, fetched before the clock starts. */
window.runEngineOnPath = async (path, config) => runEngineOn(await (await fetch(path)).blob(), path.slice(1), config);

const runEngineOn = (file, name, config) => new Promise((resolve, reject) => {
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
    if (data.type === 'ready') worker.postMessage({ type: 'call', id: 1, method: 'open', params: { source: { kind: 'file', file, name } } });
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

/**
 * A classic worker: reads the Blob as text and parses it whole, keeping every row as an array of
 * strings (as Papa Parse and uDSV return them).
 */
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
const mainRows = ONLY_XLSX || ONLY_NDJSON ? 1 : ROWS;
console.log(`Generating ${mainRows.toLocaleString()} rows × ${config.fields.length} columns…`);
await writeFile(dataFile, generate(mainRows));
const fileBytes = (await stat(dataFile)).size;
console.log(`File: ${(fileBytes / 1e6).toFixed(1)} MB`);
/** The XLSX and NDJSON cases' files: the same rows as CSV and as a workbook, or as NDJSON. */
const xlsxFiles = { '/xlsx-case.csv': join(dir, 'xlsx-case.csv'), '/xlsx-case.xlsx': join(dir, 'xlsx-case.xlsx') };
const ndjsonFiles = { '/ndjson-case.csv': join(dir, 'ndjson-case.csv'), '/ndjson-case.ndjson': join(dir, 'ndjson-case.ndjson') };
const caseFiles = { ...(XLSX_ROWS > 0 && !ONLY_NDJSON ? xlsxFiles : {}), ...(NDJSON_ROWS > 0 && !ONLY_XLSX ? ndjsonFiles : {}) };
if (NDJSON_ROWS > 0 && !ONLY_XLSX) {
  const csv = generate(NDJSON_ROWS);
  await writeFile(ndjsonFiles['/ndjson-case.csv'], csv);
  await writeFile(ndjsonFiles['/ndjson-case.ndjson'], csvToNdjson(csv));
  console.log(`NDJSON case: ${NDJSON_ROWS.toLocaleString()} rows, CSV ${((await stat(ndjsonFiles['/ndjson-case.csv'])).size / 1e6).toFixed(1)} MB, NDJSON ${((await stat(ndjsonFiles['/ndjson-case.ndjson'])).size / 1e6).toFixed(1)} MB`);
}
if (XLSX_ROWS > 0 && !ONLY_NDJSON) {
  const csv = generate(XLSX_ROWS);
  await writeFile(xlsxFiles['/xlsx-case.csv'], csv);
  await writeFile(xlsxFiles['/xlsx-case.xlsx'], csvToXlsx(csv));
  console.log(`XLSX case: ${XLSX_ROWS.toLocaleString()} rows, CSV ${((await stat(xlsxFiles['/xlsx-case.csv'])).size / 1e6).toFixed(1)} MB, XLSX ${((await stat(xlsxFiles['/xlsx-case.xlsx'])).size / 1e6).toFixed(1)} MB`);
}

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
  if (path in caseFiles) {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(caseFiles[path]).pipe(response);
    return;
  }
  // The engine's chunks loaded on demand (the JSON reader and what it shares with the engine).
  if (/^\/inlay-importer\.[\w-]+\.js$/.test(path) && !(path in statics)) {
    readFile(new URL(`../dist/cdn${path}`, import.meta.url)).then(
      (code) => response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(code),
      () => response.writeHead(404).end(),
    );
    return;
  }
  const file = statics[path];
  if (!file) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' });
  response.end(file[1]);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

/**
 * The renderer processes of this run — descendants of this script's own browser only: the machine
 * may be running other Chromiums.
 */
async function rendererPids() {
  const parents = new Map();
  const pids = (await readdir('/proc').catch(() => [])).filter((pid) => /^\d+$/.test(pid));
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // `pid (comm) state ppid …`: comm may hold spaces, so read after the last `)`.
    parents.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  }
  const ours = (pid) => {
    for (let at = parents.get(pid), hops = 0; at !== undefined && hops < 16; at = parents.get(at), hops++) if (at === String(process.pid)) return true;
    return false;
  };
  const renderers = [];
  for (const pid of pids) {
    if (!ours(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('--type=renderer')) renderers.push(pid);
  }
  return renderers;
}

/**
 * Resident memory of this run's renderer processes, sampled while `work` runs. The page's renderer
 * (its workers are threads of it) exists before the work starts, so the processes are found once:
 * walking all of /proc every 20 ms would take CPU from the work measured on a two-core machine.
 */
async function sampleRenderers(work) {
  const pids = await rendererPids();
  const renderers = async () => {
    let total = 0;
    for (const pid of pids) {
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

/** Ends the run after the XLSX or NDJSON case when only it was asked for. */
class Done extends Error {}

/**
 * A case of the same rows as CSV and as another format (`xlsx`, `ndjson`) through the engine,
 * alternating, each in a fresh page; medians of the times, worst of the peaks and long tasks.
 * Prints its lines and answers its figures.
 */
async function sameRowsCase(fresh, other, rows, target) {
  const name = other.toUpperCase();
  const kinds = ['csv', other];
  const runs = { csv: [], [other]: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of kinds) {
      const { context, tab } = await fresh();
      const sampled = await sampleRenderers(() => tab.evaluate(([path, cfg]) => globalThis.runEngineOnPath(path, cfg), [`/${other}-case.${kind}`, config]));
      await context.close();
      runs[kind].push(sampled);
    }
    if (ROUNDS > 1) console.log(`${name} case round ${round + 1}: CSV ${runs.csv[round].result.ms.toFixed(0)} ms, ${name} ${runs[other][round].result.ms.toFixed(0)} ms`);
  }
  const figures = {};
  for (const kind of kinds) {
    figures[kind] = {
      ms: median(runs[kind].map((run) => run.result.ms)),
      openMs: median(runs[kind].map((run) => run.result.openMs)),
      peakBytes: Math.max(...runs[kind].map((run) => run.peak - run.baseline)),
      longestTaskMs: Math.max(0, ...runs[kind].flatMap((run) => run.result.longTasks)),
      fileBytes: runs[kind][0].result.fileBytes,
      rows: runs[kind][0].result.stats.rowCount,
      errors: runs[kind][0].result.stats.errorCount,
    };
  }
  const ratio = figures[other].ms / figures.csv.ms;
  console.log('');
  for (const kind of kinds) {
    const f = figures[kind];
    console.log(
      `${name} case, ${kind.toUpperCase().padEnd(6)} ${mb(f.fileBytes)}: ${f.rows.toLocaleString()} rows (${f.errors.toLocaleString()} errors) in ${f.ms.toFixed(0)} ms (open ${f.openMs.toFixed(0)} ms)${ROUNDS > 1 ? ` (median of ${runs[kind].map((run) => run.result.ms.toFixed(0)).join(', ')})` : ''}; renderer peak +${mb(f.peakBytes)} (${(f.peakBytes / f.fileBytes).toFixed(2)}× the file); longest main-thread task ${f.longestTaskMs.toFixed(0)} ms`,
    );
  }
  console.log(`${name} / CSV = ${figures[other].ms.toFixed(0)} / ${figures.csv.ms.toFixed(0)} = ${ratio.toFixed(2)}   target ≤ ${target}`);
  console.log('');
  return { rows, ratio, csv: figures.csv, [other]: figures[other] };
}

const RAW_PARSERS = ['papaparse', 'udsv'];
const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
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

  const xlsx = XLSX_ROWS > 0 && !ONLY_NDJSON ? await sameRowsCase(fresh, 'xlsx', XLSX_ROWS, 5) : undefined;
  const ndjson = NDJSON_ROWS > 0 && !ONLY_XLSX ? await sameRowsCase(fresh, 'ndjson', NDJSON_ROWS, 1.5) : undefined;
  if (ONLY_XLSX || ONLY_NDJSON) {
    if (process.argv.includes('--json')) console.log(JSON.stringify({ xlsx, ndjson }));
    throw new Done();
  }
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    // (a) The widget's engine.
    let { context, tab } = await fresh();
    const engine = await sampleRenderers(() => tab.evaluate((cfg) => globalThis.runEngine(cfg), config));
    await context.close();
    // (b) Raw parses, each in a fresh page.
    const raw = {};
    for (const parser of RAW_PARSERS) {
      ({ context, tab } = await fresh());
      raw[parser] = await sampleRenderers(() => tab.evaluate((name) => globalThis.runRaw(name), parser));
      await context.close();
    }
    rounds.push({ engine, raw });
    if (ROUNDS > 1) console.log(`round ${round + 1}: (a) ${engine.result.ms.toFixed(0)} ms; (b) ${RAW_PARSERS.map((parser) => `${parser} ${raw[parser].result.ms.toFixed(0)} ms`).join(', ')}`);
  }

  const engine = rounds[0].engine.result;
  const engineMs = median(rounds.map((r) => r.engine.result.ms));
  const rawMs = Object.fromEntries(RAW_PARSERS.map((parser) => [parser, median(rounds.map((r) => r.raw[parser].result.ms))]));
  const fastest = RAW_PARSERS.reduce((best, parser) => (rawMs[parser] < rawMs[best] ? parser : best));
  const ratio = engineMs / rawMs[fastest];
  const longest = Math.max(0, ...rounds.flatMap((r) => r.engine.result.longTasks));
  const longTasks = Math.max(...rounds.map((r) => r.engine.result.longTasks.length));
  const engineMemory = Math.max(...rounds.map((r) => r.engine.peak - r.engine.baseline));
  const per = (values) => (ROUNDS > 1 ? ` (median of ${values.map((v) => v.toFixed(0)).join(', ')})` : '');
  console.log('');
  console.log(`(a) widget engine, worker: open + parse + map + validate ${engine.stats.rowCount.toLocaleString()} rows in ${engineMs.toFixed(0)} ms${per(rounds.map((r) => r.engine.result.ms))}`);
  console.log(`    (round 1: start worker + open/sniff ${engine.openMs.toFixed(0)} ms, read + decode ${engine.timings.readMs.toFixed(0)} ms, parse + validate ${engine.timings.validateMs.toFixed(0)} ms;`);
  console.log(`    ${engine.stats.errorCount.toLocaleString()} errors in ${engine.stats.invalidRowCount.toLocaleString()} rows, ${engine.stats.duplicateRows} duplicate rows, numbers read as ${engine.numberFormat})`);
  for (const parser of RAW_PARSERS) {
    const peak = Math.max(...rounds.map((r) => r.raw[parser].peak - r.raw[parser].baseline));
    console.log(`(b) raw ${parser.padEnd(10)} in a worker: ${rawMs[parser].toFixed(0)} ms for ${rounds[0].raw[parser].result.rows.toLocaleString()} rows${per(rounds.map((r) => r.raw[parser].result.ms))}; renderer peak +${mb(peak)}`);
  }
  console.log('');
  console.log(`(a)/(b) = ${engineMs.toFixed(0)} / ${rawMs[fastest].toFixed(0)} (${fastest}) = ${ratio.toFixed(2)}   target ≤ 1.5`);
  console.log(`Longest main-thread task during (a): ${longest.toFixed(0)} ms (${longTasks} long tasks, ${engine.frames} frames)   target none > 50 ms`);
  console.log(`Peak memory during (a): renderer +${mb(engineMemory)} = ${(engineMemory / fileBytes).toFixed(2)}× the file (${mb(fileBytes)})   target ≤ 3×`);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ rows: ROWS, rounds: ROUNDS, fileBytes, engineMs, rawMs, fastest, ratio, longestTaskMs: longest, peakBytes: engineMemory, errors: engine.stats.errorCount, xlsx, ndjson }));
  }
} catch (error) {
  if (!(error instanceof Done)) throw error;
} finally {
  await browser.close();
  server.close();
  if (!process.argv.includes('--keep')) await rm(dir, { recursive: true, force: true });
}
