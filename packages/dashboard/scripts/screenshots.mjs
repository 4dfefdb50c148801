/**
 * Screenshots of every dashboard page against a real server with sample data (scripts/seed.mjs):
 * light and dark at 1280×800, and light at 375 px wide. Run `npm run build` in this package and
 * the server's first. Writes to docs/screenshots/dashboard-<page>[-dark|-375].png, or to the
 * folder given as the first argument.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { EMAIL, PASSWORD, startInlayServer } from './inlay-server.mjs';
import { seed } from './seed.mjs';

const out = process.argv[2] ?? fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
await mkdir(out, { recursive: true });

const server = await startInlayServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const { flowId, boardId, importerId } = await seed(server);
  const pages = [
    ['sign-in', 'sign-in'],
    ['overview', ''],
    ['flows', 'flows'],
    ['flow-editor', `flows/${flowId}`],
    ['board-editor', `boards/${boardId}`],
    ['importer-editor', `importers/${importerId}`],
    ['keys', 'keys'],
    ['webhooks', 'webhooks'],
    ['inbox', 'inbox'],
    ['onboarding', 'onboarding'],
    ['import-sessions', 'import-sessions'],
    ['members', 'members'],
    ['plan', 'plan'],
  ];
  const variants = [
    ['', { width: 1280, height: 800 }, 'light'],
    ['-dark', { width: 1280, height: 800 }, 'dark'],
    ['-375', { width: 375, height: 800 }, 'light'],
  ];
  for (const [suffix, viewport, colorScheme] of variants) {
    const context = await browser.newContext({ viewport, colorScheme });
    const page = await context.newPage();
    for (const [name, path] of pages) {
      if (name !== 'sign-in' && page.url().includes('/sign-in')) {
        await page.getByLabel('Email').fill(EMAIL);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'Overview' }).waitFor();
      }
      await page.goto(`${server.origin}/dashboard/${path}`);
      await page.locator('h1').first().waitFor();
      await page.getByText('Loading…').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
      await page.waitForTimeout(name.endsWith('editor') ? 1200 : 300);
      await page.screenshot({ path: `${out}/dashboard-${name}${suffix}.png` });
    }
    await context.close();
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
