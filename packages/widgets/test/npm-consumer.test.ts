// `<inlay-importer>` as an npm customer gets it (docs/widgets.md, "Installing from npm"): the
// built @inlay/widgets, @inlay/client and @inlay/core are packed with `npm pack`, unpacked into
// a throwaway app outside the repository, bundled by a production `vite build`, served over HTTP
// and driven in Chromium against a real Inlay server, up to the review step, with the engine in
// its Web Worker. Offline: the app's third-party dependencies are links to the repository's.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = ['widgets', 'client', 'core'] as const;

/** What scripts/inlay-server.mjs answers (plain JavaScript without declarations). */
interface InlayServer {
  importerBaseUrl: string;
  publishableKey: string;
  stop(): Promise<void>;
}

/** Packs the built packages and unpacks them into `app`/node_modules/@inlay/*; links the rest. */
async function installPacked(app: string): Promise<void> {
  const packs = join(app, 'packs');
  await mkdir(packs, { recursive: true });
  const thirdParty = new Set<string>();
  for (const name of PACKAGES) {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', packs], { cwd: join(repo, 'packages', name) });
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    const target = join(app, 'node_modules', '@inlay', name);
    await mkdir(target, { recursive: true });
    await run('tar', ['-xzf', join(packs, filename), '-C', target, '--strip-components=1']);
    const manifest = JSON.parse(await readFile(join(target, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) if (!dependency.startsWith('@inlay/')) thirdParty.add(dependency);
  }
  // Linked to their real folders: the bundler follows the links, and their own dependencies
  // resolve from the repository's node_modules as they would from the app's after an install.
  for (const dependency of thirdParty) {
    const link = join(app, 'node_modules', dependency);
    await mkdir(dirname(link), { recursive: true });
    await symlink(await realpath(join(repo, 'node_modules', dependency)), link, 'dir');
  }
}

/** The customer's app: one page that registers the importer and configures it from its query. */
async function writeApp(app: string): Promise<void> {
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'inlay-npm-consumer', private: true, type: 'module' }));
  await writeFile(join(app, 'index.html'), '<!doctype html>\n<html lang="en"><title>App</title><link rel="icon" href="data:,"><body><script type="module" src="/main.js"></script></body></html>\n');
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

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** Serves `root` as a static site on 127.0.0.1. */
async function serve(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://app.invalid').pathname;
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('@inlay/widgets/importer from packed tarballs', () => {
  let app = '';
  let inlay: InlayServer | undefined;
  let site: { server: Server; origin: string } | undefined;
  let browser: Browser | undefined;
  let importerId = '';

  beforeAll(async () => {
    app = await mkdtemp(join(tmpdir(), 'inlay-npm-consumer-'));
    const serverModule = String(new URL('../scripts/inlay-server.mjs', import.meta.url));
    const importersModule = String(new URL('./importers.mjs', import.meta.url));
    const { startInlayServer } = (await import(serverModule)) as { startInlayServer(): Promise<InlayServer> };
    const { publishImporters } = (await import(importersModule)) as { publishImporters(server: InlayServer): Promise<Record<string, string>> };
    const [started] = await Promise.all([startInlayServer(), installPacked(app).then(() => writeApp(app))]);
    inlay = started;
    importerId = (await publishImporters(started)).contacts ?? '';
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await inlay?.stop();
    if (app) await rm(app, { recursive: true, force: true });
  });

  it('builds with Vite, bundles a non-empty worker, and imports a CSV in that worker', async () => {
    // As from a customer's shell: vitest's NODE_ENV=test would make Vite pick Lit's development build.
    const env = { ...process.env };
    delete env['NODE_ENV'];
    await run(process.execPath, [join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: app, env });
    const dist = join(app, 'dist');
    const assets = await readdir(join(dist, 'assets'));
    const workers = assets.filter((name) => name.startsWith('worker-') && name.endsWith('.js'));
    expect(workers.length).toBeGreaterThan(0);
    for (const name of assets) expect({ name, size: (await stat(join(dist, 'assets', name))).size }).not.toMatchObject({ size: 0 });

    site = await serve(await realpath(dist));
    const { chromiumArgs, chromiumPath } = (await import(String(new URL('../scripts/chromium.mjs', import.meta.url)))) as { chromiumArgs: string[]; chromiumPath: string };
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    const page = await browser.newPage();
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    const started: string[] = [];
    page.on('worker', (worker) => started.push(worker.url()));

    const server = inlay as InlayServer;
    const query = new URLSearchParams({ 'importer-id': importerId, 'publishable-key': server.publishableKey, 'base-url': server.importerBaseUrl });
    await page.goto(`${site.origin}/?${query}`);
    const rows = Array.from({ length: 250 }, (_, i) => `${String(i).padStart(5, '0')},user${i}@example.com,User ${i}`);
    await page.locator('inlay-importer textarea').fill(`Customer ID,Email,Name\n${rows.join('\n')}\n`);
    await page.locator('inlay-importer [part~="paste-button"]').click();
    await page.locator('inlay-importer .step.setup [part~="primary"]').click();
    await page.locator('inlay-importer .step.mapping [part~="primary"]').click();
    await expect.poll(() => page.locator('inlay-importer [part~="toolbar"]').textContent(), { timeout: 30_000 }).toContain('250 rows, no problems');

    // A string: this file is type-checked for Node, without the DOM's types.
    expect(await page.evaluate('document.querySelector("inlay-importer").engineMode')).toBe('worker');
    expect(await page.locator('inlay-importer [part~="engine-fallback"]').count()).toBe(0);
    expect(warnings.filter((text) => text.includes('inlay-importer'))).toEqual([]);
    expect(errors).toEqual([]);
    // The worker the page started is one of the emitted files.
    expect(started.map((url) => new URL(url).pathname.replace('/assets/', ''))).toEqual([expect.stringMatching(/^worker-.*\.js$/)]);
  }, 120_000);
});
