/**
 * Screenshots of `<inlay-feedback-board>`'s post page (with comments and a reply being written;
 * as a team member, with Delete on every comment), its filters and its roadmap, from the script-tag bundle and the modules beside it, against a
 * real Inlay server, on a page served with a strict Content-Security-Policy: light, dark, right to
 * left, and 375 px wide. Saved as docs/screenshots/feedback-board-<state>.png (repository root).
 * Run `npm run build` first.
 *
 *   node scripts/screenshot-board-pages.mjs [--out-dir dir]
 *
 * Prints any console error or CSP violation the page reports, and exits with 1 if there was one.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { boards, publishBoards } from '../test/boards.mjs';
import { chromiumArgs, chromiumPath, pageProblems } from './chromium.mjs';
import { startInlayServer } from './inlay-server.mjs';

const outArg = process.argv.indexOf('--out-dir');
const outDir = outArg > 0 ? process.argv[outArg + 1] : fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const cdn = new URL('../dist/cdn/', import.meta.url);
// The bundle and every module it loads from beside itself (docs/widgets.md, "Files of the script-tag bundles").
const files = Object.fromEntries(
  await Promise.all(
    (await readdir(cdn))
      .filter((name) => name.startsWith('inlay-feedback-board') && name.endsWith('.js'))
      .map(async (name) => [`/${name}`, ['text/javascript', await readFile(new URL(name, cdn))]]),
  ),
);

/** name → how the page is set up and what is done on it. */
const STATES = {
  post: { width: 720, open: 'Dark mode', reply: true },
  'post-dark': { width: 720, theme: 'dark', open: 'Dark mode', reply: true },
  'post-rtl': { width: 720, dir: 'rtl', open: 'Dark mode' },
  'post-375': { width: 375, open: 'Dark mode', reply: true },
  // Signed in with an author token minted with `role: "team"` (team.js sets `getAuthorToken`).
  'post-team': { width: 720, open: 'Dark mode', team: true },
  filters: { width: 720, filter: 'Planned' },
  'filters-375': { width: 375 },
  roadmap: { width: 1036, view: 'roadmap' },
  'roadmap-dark': { width: 1036, view: 'roadmap', theme: 'dark' },
  'roadmap-375': { width: 375, view: 'roadmap' },
};

const inlay = await startInlayServer();
let browser;
const site = createServer();
let failed = false;
try {
  const ids = await publishBoards(inlay, { discuss: boards.discuss });
  const key = await inlay.newPublishableKey();
  const teamToken = await inlay.mintFeedbackToken({ authorId: 'screenshot-staff', boardId: ids.discuss, name: 'Sam from Acme', role: 'team' });
  // A script file, not inline: the page's policy allows scripts from 'self' only.
  const teamScript = `document.querySelector('inlay-feedback-board').getAuthorToken = () => ${JSON.stringify(teamToken)};`;
  const css = `body{margin:0;background:#f4f5f7;font:13px system-ui,sans-serif}main{padding:16px}
body.dark{background:#0b0f17}@media (max-width:400px){main{padding:8px}}`;
  site.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const state = STATES[url.searchParams.get('state') ?? ''];
    const file =
      url.pathname === '/' && state
        ? ['text/html', page(state)]
        : url.pathname === '/page.css'
          ? ['text/css', css]
          : url.pathname === '/team.js'
            ? ['text/javascript', teamScript]
            : files[url.pathname];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': file[0],
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; connect-src ${inlay.origin}`,
    });
    response.end(file[1]);
  });
  /** @param {{theme?: string, dir?: string, view?: string, team?: boolean}} state */
  function page(state) {
    return `<!doctype html><html lang="en" dir="${state.dir ?? 'ltr'}"><head><meta charset="utf-8"><title>board</title>
<meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/page.css">
<script src="/inlay-feedback-board.js"></script></head><body class="${state.theme ?? ''}"><main>
<inlay-feedback-board board-id="${ids.discuss}" publishable-key="${key}" base-url="${inlay.feedbackBaseUrl}"
  ${state.team ? '' : 'author-id="screenshot-visitor" author-name="Sam"'} ${state.theme ? `theme="${state.theme}"` : ''} ${state.view ? `view="${state.view}"` : ''}></inlay-feedback-board>
${state.team ? '<script src="/team.js"></script>' : ''}</main></body></html>`;
  }
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (site.address());
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  await mkdir(outDir, { recursive: true });

  for (const [name, state] of Object.entries(STATES)) {
    const tab = await browser.newPage({ viewport: { width: state.width, height: 700 }, deviceScaleFactor: 2 });
    const problems = await pageProblems(tab);
    await tab.goto(`http://127.0.0.1:${port}/?state=${name}`);
    const board = tab.locator('inlay-feedback-board');
    if (state.view === 'roadmap') {
      await board.locator('[part~="roadmap-column"] [part~="post-link"]').first().waitFor();
      await board.locator('[part~="roadmap"]:not([aria-busy="true"]) [part~="roadmap-column"]:not([aria-busy="true"])').first().waitFor();
    } else {
      await board.locator('[part~="status-filter"]').waitFor();
    }
    if (state.filter) {
      await board.locator('[part~="status-toggle"]', { hasText: state.filter }).click();
      await board.locator('ul[part~="list"][aria-busy="false"]').waitFor();
    }
    if (state.open) {
      await board.locator('[part~="post-link"]', { hasText: state.open }).click();
      await board.locator('[part~="comment"]').nth(2).waitFor();
      if (state.reply) {
        await board.locator('[part~="comment-actions"] button', { hasText: 'Reply' }).first().click();
        await board.locator('.replies textarea').fill('Dimmed images would help me too.\nhttps://example.com stays plain text.');
      }
    }
    await tab.mouse.move(0, 0);
    await tab.waitForTimeout(300);
    const path = join(outDir, `feedback-board-${name}.png`);
    await tab.screenshot({ path, fullPage: true });
    console.log(`Saved ${path}`);
    for (const problem of problems) console.log(`  ${name}: ${problem}`);
    failed ||= problems.length > 0;
    await tab.close();
  }
} finally {
  await browser?.close();
  site.close();
  await inlay.stop();
}
if (failed) process.exit(1);
