// The Vue example as a customer builds it: @inlay/widgets, @inlay/client and @inlay/core
// packed with `npm pack` and installed from the tarballs into a copy of this app
// outside the repository, a production `vite build`, then the built app served on its own origin
// and driven in Chromium against a real Inlay server.
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
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

  it('shows the checklist and the board, and a vote reaches the @inlay-vote listener', async () => {
    const page = await (browser as Browser).newPage();
    try {
      await checkExampleApp(page, `${site?.origin}/`);
    } finally {
      await page.close();
    }
  });
});
