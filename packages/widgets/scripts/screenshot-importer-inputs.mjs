/**
 * Screenshots of `<inlay-importer>` reading a JSON file (docs/importer.md, "JSON and NDJSON
 * files"), from the script-tag bundle against a real Inlay server: the mapping step with a field
 * the page's `suggestMapping` hook suggested, and the review grid with the columns nobody mapped
 * kept (`unmappedColumns: "keep"`), read-only after the fields. Run `npm run build` first.
 *
 *   node scripts/screenshot-importer-inputs.mjs [--out /tmp/importer-inputs]
 *
 * Prints any console error the page reports.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { importers } from '../test/importers.mjs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { startInlayServer } from './inlay-server.mjs';

const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : '/tmp/importer-inputs';
const issues = new URL('../test/fixtures/json/github-issues.json', import.meta.url);

// The test importer of GitHub's issues (test/importers.mjs), its labels left to the kept columns,
// and a field only the page's hook matches.
const config = {
  fields: [...importers.issues.config.fields.filter((field) => field.key !== 'labels'), { key: 'votes', label: 'Votes', type: 'number' }],
  unmappedColumns: 'keep',
};

const inlay = await startInlayServer();
let browser;
const site = createServer();
try {
  const importerId = await inlay.publishImporter('Import issues', config);
  // The host page's hook stands in for the host's own model: it maps GitHub's reactions.total_count.
  const js = `document.addEventListener('DOMContentLoaded', () => {
  document.querySelector('inlay-importer').suggestMapping = async ({ headers }) =>
    Object.fromEntries(headers.filter((header) => header === 'reactions.total_count').map((header) => [header, 'votes']));
});`;
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>inlay-importer</title>
<style>body{margin:0;background:#f4f5f7;font:13px system-ui,sans-serif}main{padding:16px;max-width:1200px}</style>
<script src="/cdn/inlay-importer.js"></script><script src="/page.js"></script></head>
<body><main><inlay-importer importer-id="${importerId}" publishable-key="${inlay.publishableKey}" base-url="${inlay.importerBaseUrl}"></inlay-importer></main></body></html>`;
  site.on('request', async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/') return void response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (path === '/page.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    if (/^\/cdn\/inlay-importer(\.[\w-]+)?\.js$/.test(path)) {
      const code = await readFile(new URL(`../dist${path}`, import.meta.url)).catch(() => null);
      if (code) return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${site.address().port}`;
  await mkdir(out, { recursive: true });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  tab.on('console', (message) => message.type() === 'error' && console.error('page:', message.text()));
  tab.on('pageerror', (error) => console.error('page error:', error.message));
  tab.on('response', (response) => response.status() >= 400 && console.error('HTTP', response.status(), response.url()));
  await tab.goto(`${origin}/`);
  const importer = tab.locator('inlay-importer');
  await importer.locator('input[type="file"]').setInputFiles({ name: 'issues.json', mimeType: 'application/json', buffer: await readFile(issues) });
  await importer.locator('.step.setup').waitFor();
  await importer.locator('.step.setup [part~="primary"]').click();
  await importer.locator('.step.mapping').waitFor();
  await importer.locator('[part~="suggestion"]').waitFor();
  await importer.locator('[part~="suggestion"]').scrollIntoViewIfNeeded();
  const mapping = join(out, 'mapping-suggestion.png');
  await tab.screenshot({ path: mapping, fullPage: true });
  await importer.locator('[part~="confirm-suggestion"]').click();
  await importer.locator('.step.mapping [part~="primary"]').click();
  await importer.locator('.step.review [role="row"][aria-rowindex="2"]:not(.pending)').waitFor();
  // Scroll the grid to the kept columns after the fields.
  await importer.locator('[part~="grid"]').evaluate((grid) => (grid.scrollLeft = 420));
  const review = join(out, 'review-extra-columns.png');
  await tab.screenshot({ path: review, fullPage: true });
  console.log([mapping, review].join('\n'));
} finally {
  await browser?.close();
  site.close();
  await inlay.stop();
}
