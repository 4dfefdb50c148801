// `<inlay-importer>` as an npm customer gets it (docs/widgets.md, "Installing from npm"): the
// built @inlay/widgets, @inlay/client and @inlay/core are packed with `npm pack`, unpacked into
// a throwaway app outside the repository, bundled by a production `vite build` and by webpack 5,
// served over HTTP and driven in Chromium against a real Inlay server, up to the review step,
// with the engine in its Web Worker. Offline: the app's third-party dependencies are links to the
// repository's.
import { readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpack from 'webpack';
import { type InlayServer, installPacked, launchChromium, serve, startInlayServer, tempApp, viteBuild } from './packed-app.js';

const PACKAGES = ['widgets', 'client', 'core'] as const;

/** The customer's app: one page that registers the importer and configures it from its query. */
async function writeApp(app: string): Promise<void> {
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'inlay-npm-consumer', private: true, type: 'module' }));
  await writeFile(join(app, 'index.html'), '<!doctype html>\n<html lang="en"><meta charset="utf-8"><title>App</title><link rel="icon" href="data:,"><body><script type="module" src="/main.js"></script></body></html>\n');
  await writeFile(
    join(app, 'main.js'),
    `import '@inlay/widgets/importer';
const query = new URLSearchParams(location.search);
const importer = document.createElement('inlay-importer');
for (const name of ['importer-id', 'publishable-key', 'base-url']) importer.setAttribute(name, query.get(name));
document.body.append(importer);
`,
  );
}

/** Bundles the app with webpack 5, as a customer's production build (unminified, to be quick). */
async function webpackBuild(app: string, outDir: string): Promise<string[]> {
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: app,
        entry: './main.js',
        output: { path: outDir, clean: true },
        devtool: false,
        optimization: { minimize: false },
        performance: { hints: false },
      },
      (error, result) => (error || !result ? reject(error ?? new Error('webpack gave no stats')) : resolve(result)),
    );
  });
  const { errors = [], warnings = [] } = stats.toJson({ all: false, errors: true, warnings: true });
  if (errors.length > 0) throw new Error(errors.map((error) => error.message).join('\n'));
  await writeFile(join(outDir, 'index.html'), '<!doctype html>\n<html lang="en"><meta charset="utf-8"><title>App</title><link rel="icon" href="data:,"><script defer src="/main.js"></script><body></body></html>\n');
  return warnings.map((warning) => warning.message);
}

// Generous timeouts: on the shared 2-core machine at load average ~25 the set-up took ~45 s and
// each build-and-import ~20 s (docs/decisions.md, "The importer's worker from npm").
describe('@inlay/widgets/importer from packed tarballs', () => {
  let app = '';
  let inlay: InlayServer | undefined;
  const sites: Server[] = [];
  let browser: Browser | undefined;
  let importerId = '';

  beforeAll(async () => {
    app = await tempApp('inlay-npm-consumer-');
    const importersModule = String(new URL('./importers.mjs', import.meta.url));
    const { publishImporters } = (await import(importersModule)) as { publishImporters(server: InlayServer): Promise<Record<string, string>> };
    await installPacked(app, PACKAGES);
    await writeApp(app);
    // After the packing, not beside it: the server's start-up has a deadline of its own.
    const started = await startInlayServer();
    inlay = started;
    importerId = (await publishImporters(started)).contacts ?? '';
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    for (const site of sites) site.close();
    await inlay?.stop();
    if (app) await rm(app, { recursive: true, force: true });
  });

  /**
   * Serves `dist`, pastes 250 rows into the importer and goes to the review step. Answers how the
   * engine ran, the files started as workers (paths under `dist`), and what the console said.
   */
  async function importIn(dist: string): Promise<{ engineMode: unknown; fallbackNotices: number; workers: string[]; warnings: string[]; errors: string[] }> {
    const root = await realpath(dist);
    const site = await serve(root);
    sites.push(site.server);
    const page = await (browser as Browser).newPage();
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    try {
      const server = inlay as InlayServer;
      const query = new URLSearchParams({ 'importer-id': importerId, 'publishable-key': server.publishableKey, 'base-url': server.importerBaseUrl });
      await page.goto(`${site.origin}/?${query}`);
      const rows = Array.from({ length: 250 }, (_, i) => `${String(i).padStart(5, '0')},user${i}@example.com,User ${i}`);
      await page.locator('inlay-importer textarea').fill(`Customer ID,Email,Name\n${rows.join('\n')}\n`);
      await page.locator('inlay-importer [part~="paste-button"]').click();
      await page.locator('inlay-importer .step.setup [part~="primary"]').click();
      await page.locator('inlay-importer .step.mapping [part~="primary"]').click();
      await expect.poll(() => page.locator('inlay-importer [part~="toolbar"]').textContent(), { timeout: 30_000 }).toContain('250 rows, no problems');
      return {
        // A string: this file is type-checked for Node, without the DOM's types.
        engineMode: await page.evaluate('document.querySelector("inlay-importer").engineMode'),
        fallbackNotices: await page.locator('inlay-importer [part~="engine-fallback"]').count(),
        workers,
        warnings: warnings.filter((text) => text.includes('inlay-importer')),
        errors,
      };
    } catch (error) {
      throw new Error(`${String(error)}\nThe page said: ${JSON.stringify([...errors, ...warnings])}`);
    } finally {
      await page.close();
    }
  }

  /** The worker started from one non-empty emitted file, and no fallback. */
  async function expectWorker(dist: string, outcome: Awaited<ReturnType<typeof importIn>>): Promise<void> {
    expect(outcome).toMatchObject({ engineMode: 'worker', fallbackNotices: 0, warnings: [], errors: [] });
    expect(outcome.workers).toHaveLength(1);
    const file = join(dist, outcome.workers[0] ?? '');
    expect((await stat(file)).size).toBeGreaterThan(0);
  }

  it('works from a production Vite build: a non-empty worker file, and a CSV imported in that worker', async () => {
    await viteBuild(app);
    const dist = join(app, 'dist');
    const assets = await readdir(join(dist, 'assets'));
    expect(assets.filter((name) => name.startsWith('worker-') && name.endsWith('.js')).length).toBeGreaterThan(0);
    for (const name of assets) expect({ name, size: (await stat(join(dist, 'assets', name))).size }).not.toMatchObject({ size: 0 });

    const outcome = await importIn(dist);
    await expectWorker(dist, outcome);
    expect(outcome.workers[0]).toMatch(/^\/assets\/worker-.*\.js$/);
  }, 240_000);

  it('works from a webpack 5 build (new Worker(new URL(…, import.meta.url))), with no warnings from webpack', async () => {
    const dist = join(app, 'dist-webpack');
    expect(await webpackBuild(app, dist)).toEqual([]);
    await expectWorker(dist, await importIn(dist));
  }, 240_000);
});
