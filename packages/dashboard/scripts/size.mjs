/**
 * Prints the JavaScript the dashboard's first page loads (run `npm run build` first): the entry
 * (the shell, Lit, the router) and the Overview page's chunk, with every chunk they import
 * statically, as minified bytes and gzip bytes (zlib level 9), against the budget. Other pages
 * and the widgets of the live previews load later (dynamic imports) and do not count.
 * `--json` prints `{"firstPage": {"files": [...], "minBytes": …, "gzipBytes": …, "budgetGzipBytes": …}}`;
 * `--check` exits with status 1 when over budget.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** min+gzip budget in bytes (KB = 1,024 bytes, as in packages/widgets/scripts/size.mjs). */
export const FIRST_PAGE_BUDGET = 60 * 1024;
const FIRST_PAGE_MODULE = 'src/pages/overview.ts';

const dist = new URL('../dist/', import.meta.url);

/** The first page's files and sizes, from Vite's manifest. */
export async function firstPageSize() {
  const manifest = JSON.parse(await readFile(new URL('.vite/manifest.json', dist), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry || !manifest[FIRST_PAGE_MODULE]) throw new Error('dist/.vite/manifest.json lacks the entry or the Overview page: run `npm run build`.');
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(FIRST_PAGE_MODULE);
  let minBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const code = await readFile(new URL(file, dist));
    minBytes += code.length;
    gzipBytes += gzipSync(code, { level: 9 }).length;
  }
  return { files: [...files].sort(), minBytes, gzipBytes, budgetGzipBytes: FIRST_PAGE_BUDGET };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const size = await firstPageSize();
  if (process.argv.includes('--json')) console.log(JSON.stringify({ firstPage: size }));
  else {
    const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
    for (const file of size.files) console.log(`  ${file}`);
    console.log(`first page: min ${size.minBytes} B (${kib(size.minBytes)})  min+gzip ${size.gzipBytes} B (${kib(size.gzipBytes)})  budget ${size.budgetGzipBytes} B${size.gzipBytes > size.budgetGzipBytes ? '  OVER' : ''}`);
  }
  if (process.argv.includes('--check') && size.gzipBytes > size.budgetGzipBytes) process.exit(1);
}
