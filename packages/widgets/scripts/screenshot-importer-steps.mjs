/**
 * Screenshots of every step of `<inlay-importer>` at 1280 px and 375 px, from the script-tag
 * bundle against a real Inlay server under a strict Content-Security-Policy: upload, setup,
 * mapping (with a long header), review, the Back confirmation, saving (the page holding the
 * import with `event.waitUntil`), the page's refusal, success, and the error state; at 375 px
 * also the grid scrolled to its end with a problem's tooltip shown. Run `npm run build` (or the
 * `vite build --mode cdn:…` builds of the importer, its worker and the locales) first.
 *
 *   node scripts/screenshot-importer-steps.mjs [--out /tmp/importer-steps] [--lang de] [--dir rtl]
 *
 * `--lang` sets the page's language (the widget loads its translation), `--dir` its direction.
 *
 * Prints any console error or CSP violation the page reports.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { importers } from '../test/importers.mjs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { startInlayServer } from './inlay-server.mjs';

/** The value after `name` on the command line, else `fallback`. */
const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const out = option('--out', '/tmp/importer-steps');
const lang = option('--lang', 'en');
const dir = option('--dir', 'ltr');
const cdn = (file) => readFile(new URL(`../dist/cdn/${file}`, import.meta.url));

const csv = [
  'Customer no,E-mail address of the primary contact as entered on the sign-up form,Full name,Age,Signup date,Subscribed,Plan,Homepage,Notes',
  '00017,anna.berg@example.com,Anna Berg,34,2024-03-05,Yes,Pro,https://anna.example.com,"Prefers email.\nCall only after 5pm."',
  '00018,ben.okafor@example.com,Ben Okafor,41,15/03/2024,No,Free,https://okafor.example.org,',
  '00019,carla.mendes@example,Carla Mendes,29,2024-03-07,Yes,Team,https://mendes.example,Typo in the address',
  '00020,dev.patel@example.com,Dev Patel,N/A,2024-03-09,Yes,Enterprise,https://patel.example.com,',
  '00021,eve.martin@example.com,Eve Martin,52,2024-03-10,maybe,Pro,not a website,',
].join('\n');

const inlay = await startInlayServer();
let browser;
const site = createServer();
try {
  const importerId = await inlay.publishImporter(importers.contacts.name, importers.contacts.config);
  const unpublished = await inlay.createImporter('Never published');
  const page = (id) => `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>inlay-importer</title>
<link rel="stylesheet" href="/page.css"><script src="/cdn/inlay-importer.js"></script><script src="/page.js"></script></head>
<body><main><inlay-importer importer-id="${id}" publishable-key="${inlay.publishableKey}" base-url="${inlay.importerBaseUrl}"></inlay-importer></main></body></html>`;
  const css = `body{margin:0;background:#f4f5f7;font:13px system-ui,sans-serif;color:#374151}
main{padding:16px;max-width:1200px} inlay-importer{--inlay-importer-grid-height:260px}`;
  // The host page: holds each import until the script settles it (window.settleImport).
  const js = `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation', e.violatedDirective, e.blockedURI));
document.addEventListener('inlay-import-complete', (event) => {
  event.waitUntil(new Promise((resolve, reject) => { globalThis.settleImport = { resolve, reject }; }));
});`;
  const files = {
    '/': ['text/html', page(importerId)],
    '/unpublished': ['text/html', page(unpublished)],
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
      'content-security-policy': `default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; connect-src ${inlay.origin}`,
    });
    response.end(file[1]);
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (site.address());
  await mkdir(out, { recursive: true });

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const problems = [];
  for (const width of [1280, 375]) {
    const tab = await browser.newPage({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
    tab.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    tab.on('pageerror', (error) => problems.push(error.message));
    const shot = async (name) => {
      await tab.waitForTimeout(250);
      const path = join(out, `${width}-${name}.png`);
      await tab.screenshot({ path, fullPage: true });
      console.log(`Saved ${path}`);
    };
    await tab.goto(`http://127.0.0.1:${port}/`);
    const importer = tab.locator('inlay-importer');
    await importer.locator('[part~="dropzone"]').waitFor();
    await shot('1-upload');
    await importer.locator('input[type="file"]').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importer.locator('.step.setup').waitFor();
    await shot('2-setup');
    await importer.locator('.step.setup [part~="primary"]').click();
    await importer.locator('.step.mapping').waitFor();
    // The long header is not recognised: the user picks its field.
    await importer.locator('[part~="field-select"]').nth(1).selectOption('email');
    await shot('3-mapping');
    await importer.locator('.step.mapping [part~="primary"]').click();
    // The file's Plan column holds values that are not options: the value-mapping step comes first.
    await importer.locator('.step.values, .step.review').first().waitFor();
    if ((await importer.locator('.step.values').count()) > 0) {
      await shot('3b-values');
      await importer.locator('[part~="skip-values-button"]').click();
    }
    await importer.locator('[role="row"][aria-rowindex="4"]:not(.pending)').waitFor();
    const bad = importer.locator('[data-pos="2"][data-col="1"]');
    await bad.click();
    await shot('4-review');
    if (width === 375) {
      // A problem at the grid's far end: the row numbers stay, the tooltip stays inside the grid.
      const website = importer.locator('[data-pos="4"][data-col="7"]');
      await website.scrollIntoViewIfNeeded();
      await website.evaluate((cell) => cell.scrollIntoView({ block: 'nearest', inline: 'end' }));
      await website.hover();
      await shot('4b-review-end');
      await bad.click();
    }
    // A fix, then Back: the confirmation.
    await tab.keyboard.press('Enter');
    await tab.keyboard.type('.com');
    await tab.keyboard.press('Enter');
    await importer.locator('[data-pos="2"][data-col="1"]:not([aria-invalid])').waitFor();
    // Cancel, Back, Import: Back by its place, whatever the language.
    await importer.locator('.step.review .footer .buttons button:nth-child(2)').click();
    await importer.locator('dialog[part~="confirm"]').waitFor();
    await shot('5-confirm');
    await tab.keyboard.press('Escape');
    await importer.locator('[part~="import-button"]').click();
    await importer.locator('[part~="saving"]').waitFor();
    await shot('6-saving');
    await tab.evaluate(() => globalThis.settleImport.reject(new Error('Your CRM refused 2 contacts: their email addresses are already taken.')));
    await importer.locator('[part~="completion-error"]').waitFor();
    await shot('7-refused');
    // The retry's own event holds the import: wait for it, not for the refused one's.
    await tab.evaluate(() => (globalThis.settleImport = undefined));
    await importer.locator('[part~="retry-import-button"]').click();
    await importer.locator('[part~="saving"]').waitFor();
    await tab.waitForFunction(() => globalThis.settleImport !== undefined);
    await tab.evaluate(() => globalThis.settleImport.resolve());
    await importer.locator('[part~="done"]').waitFor();
    await shot('8-success');
    await tab.goto(`http://127.0.0.1:${port}/unpublished`);
    await tab.locator('inlay-importer [part~="error"]').waitFor();
    await shot('9-error');
    await tab.close();
  }
  if (problems.length > 0) {
    console.log('Page reported:');
    for (const problem of problems) console.log(`  ${problem}`);
  }
} finally {
  await browser?.close();
  site.close();
  await inlay.stop();
}
