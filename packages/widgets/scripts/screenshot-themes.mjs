/**
 * Renders the three widgets from their script-tag bundles (translations loaded from beside them)
 * on a page with a strict Content-Security-Policy, against a real Inlay server, in each theme and
 * language setting of docs/widgets.md (Theming, Languages): light, dark, right to left, 375 px
 * wide, German and Japanese. Saves one PNG per setting to the folder given (default /tmp/inlay-themes).
 * Run `npm run build` first.
 *
 *   node scripts/screenshot-themes.mjs [--out dir]
 *
 * Prints any console error or CSP violation the page reports.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { boards, publishBoards } from '../test/boards.mjs';
import { flows } from '../test/flows.mjs';
import { publishImporters } from '../test/importers.mjs';
import { chromiumArgs, chromiumPath, pageProblems } from './chromium.mjs';
import { startInlayServer } from './inlay-server.mjs';

const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : '/tmp/inlay-themes';
const cdn = new URL('../dist/cdn/', import.meta.url);

/** name → page settings: the html element's attributes, the widgets' theme, the viewport width. */
const SETTINGS = {
  light: { html: 'lang="en"', theme: 'light', width: 1100 },
  dark: { html: 'lang="en"', theme: 'dark', width: 1100 },
  rtl: { html: 'lang="en" dir="rtl"', theme: 'light', width: 1100 },
  narrow: { html: 'lang="en"', theme: 'light', width: 375 },
  narrowDark: { html: 'lang="fr"', theme: 'dark', width: 375 },
  de: { html: 'lang="de-DE"', theme: 'light', width: 1100 },
  ja: { html: 'lang="ja"', theme: 'dark', width: 1100 },
};

const inlay = await startInlayServer();
let browser;
const site = createServer();
try {
  const flowId = await inlay.publishFlow(flows.main.name, flows.main.config);
  const { main: boardId } = await publishBoards(inlay, { main: boards.main });
  const { contacts: importerId } = await publishImporters(inlay);
  const key = await inlay.newPublishableKey();
  const list = await (await fetch(`${inlay.feedbackBaseUrl}/api/v1/posts?boardId=${boardId}&limit=100`, { headers: { authorization: `Bearer ${key}` } })).json();
  const statuses = ['planned', 'in_progress', 'completed', 'under_review', 'closed'];
  for (const [index, post] of list.data.items.entries()) if (statuses[index]) await inlay.setPostStatus(post.id, statuses[index]);

  const page = (setting) => `<!doctype html>
<html ${setting.html}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<link rel="stylesheet" href="/page.css">
<script src="/cdn/inlay-checklist.js"></script><script src="/cdn/inlay-feedback-board.js"></script><script src="/cdn/inlay-importer.js"></script></head>
<body class="${setting.theme}"><main>
  <inlay-checklist theme="${setting.theme}" flow-id="${flowId}" publishable-key="${inlay.publishableKey}" base-url="${inlay.baseUrl}" user-id="shot-${Math.random()}"></inlay-checklist>
  <inlay-feedback-board theme="${setting.theme}" board-id="${boardId}" publishable-key="${key}" base-url="${inlay.feedbackBaseUrl}" anonymous page-size="6"></inlay-feedback-board>
  <inlay-importer theme="${setting.theme}" importer-id="${importerId}" publishable-key="${inlay.publishableKey}" base-url="${inlay.importerBaseUrl}"></inlay-importer>
</main></body></html>`;
  const css = `body{margin:0;font:13px system-ui,sans-serif}body.dark{background:#0b0f17}body.light{background:#f4f5f7}
main{display:grid;grid-template-columns:repeat(auto-fit,minmax(340px,1fr));gap:24px;padding:20px;align-items:start}
@media (max-width:500px){main{padding:12px;gap:16px;grid-template-columns:1fr}}`;
  let current = SETTINGS.light;
  site.on('request', async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    let body;
    let type = 'text/javascript';
    if (path === '/') [body, type] = [page(current), 'text/html'];
    else if (path === '/page.css') [body, type] = [css, 'text/css'];
    else if (/^\/cdn\/inlay-[\w.-]+\.js$/.test(path)) body = await readFile(new URL(path.slice('/cdn/'.length), cdn)).catch(() => undefined);
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': type,
      'content-security-policy': `default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; connect-src ${inlay.origin}`,
    });
    response.end(body);
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (site.address());

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  await mkdir(out, { recursive: true });
  for (const [name, setting] of Object.entries(SETTINGS)) {
    current = setting;
    const tab = await browser.newPage({ viewport: { width: setting.width, height: 900 }, deviceScaleFactor: 1 });
    const problems = await pageProblems(tab);
    await tab.goto(`http://127.0.0.1:${port}/`);
    await tab.locator('inlay-feedback-board [part~="post"]').first().waitFor();
    await tab.locator('inlay-checklist [part~="list"]').waitFor();
    await tab.locator('inlay-checklist [part~="item-checkbox"]').first().click();
    await tab.mouse.move(0, 0);
    await tab.waitForTimeout(600);
    const file = join(out, `${name}.png`);
    await tab.screenshot({ path: file, fullPage: true });
    console.log(`Saved ${file}${problems.length ? `; page reported: ${problems.join(' | ')}` : ''}`);
    await tab.close();
  }
} finally {
  await browser?.close();
  site.close();
  await inlay.stop();
}
