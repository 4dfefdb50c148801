/**
 * Renders `<inlay-checklist>` from the script-tag bundle against a real Inlay server, on a page
 * served with a strict Content-Security-Policy, and saves a screenshot of its main states to
 * docs/screenshots/checklist.png (repository root). Run `npm run build` first.
 *
 *   node scripts/screenshot.mjs [--out path.png]
 *
 * Prints any console error or CSP violation the page reports.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { flows } from '../test/flows.mjs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { startInlayServer } from './inlay-server.mjs';

const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : fileURLToPath(new URL('../../../docs/screenshots/checklist.png', import.meta.url));
const bundle = await readFile(new URL('../dist/cdn/inlay-checklist.js', import.meta.url));
// Its write path, which the bundle loads from beside itself (docs/widgets.md, "Files of the script-tag bundles").
const writes = await readFile(new URL('../dist/cdn/inlay-checklist.writes.js', import.meta.url));

const inlay = await startInlayServer();
let browser;
let page;
const site = createServer();
try {
  const main = await inlay.publishFlow(flows.main.name, flows.main.config);
  const empty = await inlay.publishFlow(flows.empty.name, flows.empty.config);
  const write = (path, body) =>
    fetch(`${inlay.baseUrl}/api/v1/progress/${main}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inlay.publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // A user who snoozed the checklist (compact state), and one who finished it.
  await write('/snooze', { userId: 'snoozed-user', days: 3 });
  for (const item of ['profile', 'project', 'invite']) await write(`/items/${item}/complete`, { userId: 'done-user' });

  const attrs = (flowId, userId) =>
    `flow-id="${flowId}" publishable-key="${inlay.publishableKey}" base-url="${inlay.baseUrl}" user-id="${userId}"`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>inlay-checklist</title>
<link rel="stylesheet" href="/page.css"><script src="/inlay-checklist.js"></script><script src="/page.js"></script></head>
<body><main>
  <section>
    <h1>In progress (keyboard focus on an item)</h1><inlay-checklist id="main" ${attrs(main, 'screenshot-user')}></inlay-checklist>
    <h1>Snoozed</h1><inlay-checklist ${attrs(main, 'snoozed-user')}></inlay-checklist>
    <h1>Empty flow</h1><inlay-checklist ${attrs(empty, 'empty-user')}></inlay-checklist>
  </section>
  <section>
    <h1>Completed</h1><inlay-checklist ${attrs(main, 'done-user')}></inlay-checklist>
    <h1>Error</h1><inlay-checklist ${attrs('flow_missing', 'error-user')}></inlay-checklist>
    <h1>Loading</h1><inlay-checklist id="loading" ${attrs(main, 'loading-user')}></inlay-checklist>
  </section>
</main></body></html>`;
  const css = `body{margin:0;background:#f4f5f7;font:13px system-ui,sans-serif;color:#374151}
main{display:grid;grid-template-columns:400px 400px;gap:32px;padding:28px 32px;align-items:start}
h1{margin:0 0 8px;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#6b7280}
inlay-checklist+h1{margin-top:20px}`;
  // The loading state needs a store that never answers (a host-supplied store, BYO).
  const js = `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation', e.violatedDirective, e.blockedURI));
document.addEventListener('DOMContentLoaded', () => {
  document.getElementById('loading').store = { load: () => new Promise(() => {}), apply: () => new Promise(() => {}) };
});`;
  const files = {
    '/': ['text/html', html],
    '/page.css': ['text/css', css],
    '/page.js': ['text/javascript', js],
    '/inlay-checklist.js': ['text/javascript', bundle],
    '/inlay-checklist.writes.js': ['text/javascript', writes],
  };
  site.on('request', (request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': file[0],
      // Strict: scripts and styles only from this origin, API calls only to the Inlay server.
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; connect-src ${inlay.origin}`,
    });
    response.end(file[1]);
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (site.address());

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  page = await browser.newPage({ viewport: { width: 896, height: 600 }, deviceScaleFactor: 2 });
  const problems = [];
  page.on('console', (message) => {
    // The error example's config request answers 404 on purpose.
    if (message.type() === 'error' && !message.location().url.includes('/config/flow_missing')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`http://127.0.0.1:${port}/`);

  // Playwright's CSS locators pierce shadow roots.
  const checklist = page.locator('#main');
  await checklist.locator('li').first().waitFor();
  await checklist.locator('#item-profile').click();
  await checklist.locator('[part~="reset-button"]').waitFor();
  // Keyboard focus on the next item's checkbox, to show the focus ring.
  await checklist.locator('#item-profile').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.waitForTimeout(400);

  await mkdir(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`Saved ${out}`);
  if (problems.length > 0) {
    console.log('Page reported:');
    for (const problem of problems) console.log(`  ${problem}`);
  }
} finally {
  await browser?.close();
  site.close();
  await inlay.stop();
}
