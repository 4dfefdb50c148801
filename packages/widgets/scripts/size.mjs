/**
 * Prints the size of each script-tag bundle in dist/cdn/ (run `npm run build` first): minified
 * bytes and gzip bytes (zlib level 9, as CDNs serve it). `--json` prints one JSON object for
 * benchmarks: `{"inlay-checklist.js": {"minBytes": …, "gzipBytes": …}}`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const dir = new URL('../dist/cdn/', import.meta.url);
const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.js')).sort();
if (files.length === 0) {
  console.error('No bundles in dist/cdn/: run `npm run build` first.');
  process.exit(1);
}

const sizes = {};
for (const name of files) {
  const code = await readFile(new URL(name, dir));
  sizes[name] = { minBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(sizes));
} else {
  const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
  for (const [name, { minBytes, gzipBytes }] of Object.entries(sizes)) {
    console.log(`${name}  min ${minBytes} B (${kib(minBytes)})  min+gzip ${gzipBytes} B (${kib(gzipBytes)})`);
  }
}
