/**
 * Renders `<inlay-feedback-board>` from the script-tag bundle against a real Inlay server, on a
 * page served with a strict Content-Security-Policy, and saves a screenshot of its main states to
 * docs/screenshots/feedback-board.png (repository root). Run `npm run build` first.
 *
 *   node scripts/screenshot-feedback-board.mjs [--out path.png]
 *
 * Prints any console error or CSP violation the page reports.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { boards, publishBoards } from '../test/boards.mjs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { startInlayServer } from './inlay-server.mjs';

const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : fileURLToPath(new URL('../../../docs/screenshots/feedback-board.png', import.meta.url));
const bundle = await readFile(new URL('../dist/cdn/inlay-feedback-board.js', import.meta.url));
// Its write path, which the bundle loads from beside itself (docs/widgets.md, "Files of the script-tag bundles").
const writes = await readFile(new URL('../dist/cdn/inlay-feedback-board.writes.js', import.meta.url));

const inlay = await startInlayServer();
let browser;
const site = createServer();
try {
  const ids = await publishBoards(inlay, { main: boards.main, locked: boards.locked, empty: boards.empty });
  // Roadmap states, as the dashboard's inbox would set them.
  const key = await inlay.newPublishableKey();
  const list = async (boardId) => {
    const response = await fetch(`${inlay.feedbackBaseUrl}/api/v1/posts?boardId=${boardId}&limit=100`, { headers: { authorization: `Bearer ${key}` } });
    return (await response.json()).data.items;
  };
  const statuses = {
    'Dark mode': 'planned',
    'Keyboard shortcuts for everything': 'in_progress',
    'Slack integration': 'completed',
    'Offline mode': 'under_review',
    'Shipped: CSV import': 'completed',
    'Team spaces': 'in_progress',
  };
  for (const post of [...(await list(ids.main)), ...(await list(ids.locked))]) {
    if (statuses[post.title]) await inlay.setPostStatus(post.id, statuses[post.title]);
  }

  const attrs = (boardId, extra = '') =>
    `board-id="${boardId}" publishable-key="${key}" base-url="${inlay.feedbackBaseUrl}" ${extra}`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>inlay-feedback-board</title>
<link rel="stylesheet" href="/page.css"><script src="/inlay-feedback-board.js"></script></head>
<body><main>
  <section>
    <h1>Anonymous visitor: a vote cast, a new idea typed</h1>
    <inlay-feedback-board id="main" ${attrs(ids.main, 'anonymous author-name="Sam" page-size="5"')}></inlay-feedback-board>
  </section>
  <section>
    <h1>Roadmap: voting and submissions off</h1><inlay-feedback-board ${attrs(ids.locked, 'anonymous')}></inlay-feedback-board>
    <h1>Empty board, branded (title, accent)</h1><inlay-feedback-board ${attrs(ids.empty, 'anonymous')}></inlay-feedback-board>
    <h1>Error</h1><inlay-feedback-board ${attrs('board_missing')}></inlay-feedback-board>
  </section>
</main></body></html>`;
  const css = `body{margin:0;background:#f4f5f7;font:13px system-ui,sans-serif;color:#374151}
main{display:grid;grid-template-columns:540px 400px;gap:32px;padding:28px 32px;align-items:start}
h1{margin:0 0 8px;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#6b7280}
inlay-feedback-board+h1{margin-top:20px}`;
  const files = {
    '/': ['text/html', html],
    '/page.css': ['text/css', css],
    '/inlay-feedback-board.js': ['text/javascript', bundle],
    '/inlay-feedback-board.writes.js': ['text/javascript', writes],
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
  const page = await browser.newPage({ viewport: { width: 1036, height: 700 }, deviceScaleFactor: 2 });
  const problems = [];
  page.on('console', (message) => {
    // The error example's config request answers 404 on purpose.
    if (message.type() === 'error' && !message.location().url.includes('board_missing')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Runs in the page (injected by Playwright, so the page's CSP does not apply to it).
  await page.addInitScript({
    content: "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation', e.violatedDirective, e.blockedURI));",
  });
  await page.goto(`http://127.0.0.1:${port}/`);

  // Playwright's CSS locators pierce shadow roots.
  const board = page.locator('#main');
  await board.locator('[part~="post"]').first().waitFor();
  await board.locator('[part~="vote-button"]').nth(3).click();
  await board.locator('[part~="title-input"]').fill('Dark theme for the editor');
  await board.locator('[part~="similar"]').waitFor();
  // No hover effect on whatever moved under the pointer.
  await page.mouse.move(0, 0);
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
