// The Vue example as a customer builds it: @inlay/widgets, @inlay/client and @inlay/core
// packed with `npm pack` and installed from the tarballs into a copy of this app
// outside the repository, a production `vite build`, then the built app served on its own origin
// and driven in Chromium against a real Inlay server.
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExampleApp, publishExampleContent } from '../../../packages/widgets/test/example-app.js';
import { copyApp, type InlayServer, installPacked, launchChromium, serve, startInlayServer, tempApp, viteBuild } from '../../../packages/widgets/test/packed-app.js';

const example = fileURLToPath(new URL('../', import.meta.url));

describe('examples/vue-app, built from the packed packages', () => {
  let app = '';
  let inlay: InlayServer | undefined;
  let site: { server: Server; origin: string } | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    app = await tempApp('inlay-vue-app-');
    await copyApp(example, app);
    await installPacked(app, ['widgets', 'client', 'core'], ['vue', 'vite', '@vitejs/plugin-vue']);
    inlay = await startInlayServer();
    await viteBuild(app, await publishExampleContent(inlay));
    site = await serve(join(app, 'dist'));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await inlay?.stop();
    if (app) await rm(app, { recursive: true, force: true });
  });

  it('shows the checklist and the board, a vote reaches the @inlay-vote listener, and a tour continues on the second page', async () => {
    const page = await (browser as Browser).newPage();
    try {
      await checkExampleApp(page, `${site?.origin}/`);
      // The tour: started on the home page, continued on /reports.html after a pushState.
      await page.getByRole('button', { name: 'Take the tour' }).click();
      await expect.poll(() => page.locator('inlay-tour [part~="title"]').textContent()).toBe('Your checklist');
      await page.locator('inlay-tour [part~="next-button"]').click();
      await expect.poll(() => page.locator('inlay-tour [part~="popover"]').count()).toBe(0);
      await page.getByRole('link', { name: 'Reports' }).click();
      await expect.poll(() => page.locator('inlay-tour [part~="title"]').textContent()).toBe('Reports live here');
    } finally {
      await page.close();
    }
  });
});
