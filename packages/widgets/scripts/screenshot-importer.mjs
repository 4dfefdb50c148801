/**
 * Renders `<inlay-importer>` from the script-tag bundle against a real Inlay server, on a page
 * served with a strict Content-Security-Policy, with demo/contacts-messy.csv: the column mapping
 * step, and the review grid with its problems (a cell selected, its tooltip and fixes shown).
 * Saves docs/screenshots/importer.png (repository root). Run `npm run build` first.
 *
 *   node scripts/screenshot-importer.mjs [--out path.png] [--width 375]
 *
 * `--width` sets the viewport's width in CSS pixels (default 1100): 375 shows a phone.
 *
 * Prints any console error or CSP violation the page reports.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { importers } from '../test/importers.mjs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { startInlayServer } from './inlay-server.mjs';

const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : fileURLToPath(new URL('../../../docs/screenshots/importer.png', import.meta.url));
const widthArg = process.argv.indexOf('--width');
const width = widthArg > 0 ? Number(process.argv[widthArg + 1]) : 1100;
const cdn = (file) => readFile(new URL(`../dist/cdn/${file}`, import.meta.url));
const demo = fileURLToPath(new URL('../demo/contacts-messy.csv', import.meta.url));

const inlay = await startInlayServer();
let browser;
const site = createServer();
try {
  const importerId = await inlay.publishImporter(importers.contacts.name, importers.contacts.config);
  const attrs = `importer-id="${importerId}" publishable-key="${inlay.publishableKey}" base-url="${inlay.importerBaseUrl}"`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>inlay-importer</title>
<link rel="stylesheet" href="/page.css"><script src="/cdn/inlay-importer.js"></script><script src="/page.js"></script></head>
<body><main>
  <h1>Match columns (demo/contacts-messy.csv: semicolons, decimal commas, BOM)</h1>
  <inlay-importer id="mapping" ${attrs}></inlay-importer>
  <h1>Review and fix (problems inline; a selected cell with its fixes)</h1>
  <inlay-importer id="review" ${attrs}></inlay-importer>
</main></body></html>`;
  const css = `body{margin:0;background:#f4f5f7;font:13px system-ui,sans-serif;color:#374151}
main{display:grid;gap:10px;padding:24px 28px;max-width:1040px}
@media (max-width:480px){main{padding:12px 8px}}
h1{margin:14px 0 0;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#6b7280}
#review{--inlay-importer-grid-height:330px}`;
  const js = `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation', e.violatedDirective, e.blockedURI));`;
  const files = {
    '/': ['text/html', html],
    '/page.css': ['text/css', css],
    '/page.js': ['text/javascript', js],
  };
  // The bundle and every module it loads from beside itself (engine, readers, matcher, translations).
  for (const file of await readdir(new URL('../dist/cdn/', import.meta.url))) {
    if (file.startsWith('inlay-importer') && file.endsWith('.js')) files[`/cdn/${file}`] = ['text/javascript', await cdn(file)];
  }
  site.on('request', (request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': file[0],
      // Strict: scripts, workers and styles only from this origin, API calls only to the Inlay server.
      'content-security-policy': `default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; connect-src ${inlay.origin}`,
    });
    response.end(file[1]);
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (site.address());

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 2 });
  const problems = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`http://127.0.0.1:${port}/`);

  // Playwright's CSS locators pierce shadow roots.
  for (const id of ['mapping', 'review']) {
    const importer = page.locator(`#${id}`);
    await importer.locator('input[type="file"]').setInputFiles(demo);
    await importer.locator('.step.setup [part~="primary"]').click();
    await importer.locator('.step.mapping').waitFor();
  }
  const review = page.locator('#review');
  await review.locator('.step.mapping [part~="primary"]').click();
  // The demo's Plan column says `pro` and `Enterprise`: its value-mapping step comes first.
  await review.locator('.step.values, .step.review').first().waitFor();
  if ((await review.locator('.step.values').count()) > 0) await review.locator('[part~="skip-values-button"]').click();
  await review.locator('[role="row"][aria-rowindex="4"]:not(.pending)').waitFor();
  // Carla's address has no domain ending: select it, so the inspector offers its fixes.
  const bad = review.locator('[data-pos="2"][data-col="1"]');
  await bad.click();
  await bad.hover();
  await page.waitForTimeout(300);

  await mkdir(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`Saved ${out}`);
  // Each importer on its own too (readable at a phone's width), and what would scroll sideways.
  for (const id of ['mapping', 'review']) {
    const path = out.replace(/\.png$/, `-${id}.png`);
    await page.locator(`#${id}`).screenshot({ path });
    console.log(`Saved ${path}`);
  }
  // Runs in the page, where `document` is the page's.
  /* global document */
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('inlay-importer')].flatMap((element) =>
      [...(element.shadowRoot?.querySelectorAll('.steps, .table-wrap, .step') ?? [])]
        .filter((node) => node.scrollWidth > node.clientWidth + 1)
        .map((node) => `#${element.id} .${node.className.split(' ').join('.')}: ${node.scrollWidth} > ${node.clientWidth}`),
    ),
  );
  console.log(overflowing.length === 0 ? 'Nothing scrolls sideways.' : `Scrolls sideways:\n  ${overflowing.join('\n  ')}`);
  if (problems.length > 0) {
    console.log('Page reported:');
    for (const problem of problems) console.log(`  ${problem}`);
  }
} finally {
  await browser?.close();
  site.close();
  await inlay.stop();
}
