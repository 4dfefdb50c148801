/**
 * Prints the size of each script-tag bundle in dist/cdn/ (run `npm run build` first): minified
 * bytes and gzip bytes (zlib level 9, as CDNs serve it), against the bundle's budget when it has
 * one. `--json` prints one JSON object for benchmarks:
 * `{"inlay-checklist.js": {"minBytes": …, "gzipBytes": …, "budgetGzipBytes": …}}`.
 * `--check` exits with status 1 when a bundle is over its budget or missing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

/**
 * min+gzip budgets in bytes, KB = 1,024 bytes as in packages/server/bench/bundles.mjs: a widget's
 * whole cost on a customer's page (Lit and @inlay/client included).
 */
const BUDGETS = {
  'inlay-checklist.js': 14 * 1024,
  // All a page needs before the first step shows: the element, Floating UI and the request core
  // (docs/decisions.md, "Tours and hotspots"). What loads beside it is not needed for a step to
  // show: the write path (inlay-checklist.writes.js, for a click's write), hotspots
  // (inlay-tour.hotspots.js, only for a flow shown as hotspots) and a translation.
  'inlay-tour.js': 14 * 1024,
  'inlay-feedback-board.js': 16 * 1024,
  // The importer's base bundle: the element, Lit and @inlay/client. Its engine
  // (inlay-importer.worker.js: Papa Parse and core's validator) loads as the worker, its column
  // matcher (inlay-importer.matcher.js) while a file is read, and the XLSX reader
  // (inlay-importer.xlsx.js) only when a workbook is opened; none counts here.
  'inlay-importer.js': 40 * 1024,
};

const dir = new URL('../dist/cdn/', import.meta.url);
const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.js')).sort();
if (files.length === 0) {
  console.error('No bundles in dist/cdn/: run `npm run build` first.');
  process.exit(1);
}

const sizes = {};
for (const name of files) {
  const code = await readFile(new URL(name, dir));
  sizes[name] = { minBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, budgetGzipBytes: BUDGETS[name] ?? null };
}
const missing = Object.keys(BUDGETS).filter((name) => !(name in sizes));
const over = Object.entries(sizes).filter(([, size]) => size.budgetGzipBytes !== null && size.gzipBytes > size.budgetGzipBytes);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(sizes));
} else {
  const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
  for (const [name, { minBytes, gzipBytes, budgetGzipBytes }] of Object.entries(sizes)) {
    const budget = budgetGzipBytes === null ? '' : `  budget ${budgetGzipBytes} B${gzipBytes > budgetGzipBytes ? '  OVER' : ''}`;
    console.log(`${name.padEnd(24)} min ${minBytes} B (${kib(minBytes)})  min+gzip ${gzipBytes} B (${kib(gzipBytes)})${budget}`);
  }
  for (const name of missing) console.log(`${name.padEnd(24)} missing`);
}
if (process.argv.includes('--check') && (over.length > 0 || missing.length > 0)) process.exit(1);
