// Helpers for tests that use Inlay's packages as a customer gets them (docs/widgets.md,
// "Installing from npm"): the built workspace packages are packed with `npm pack` and unpacked
// into a throwaway app outside the repository, whose other dependencies are links to the
// repository's (offline), and the built app is served over HTTP and driven in Chromium against a
// real Inlay server. Used by test/npm-consumer.test.ts and by the examples' tests (examples/*).
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, realpath, symlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';

export const run = promisify(execFile);
export const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** What scripts/inlay-server.mjs answers (plain JavaScript without declarations); the parts tests use. */
export interface InlayServer {
  origin: string;
  baseUrl: string;
  feedbackBaseUrl: string;
  importerBaseUrl: string;
  publishableKey: string;
  publishFlow(name: string, config: object): Promise<string>;
  publishBoard(name: string, config: object): Promise<string>;
  createPost(boardId: string, post: { title: string; body?: string; author?: object }): Promise<{ id: string }>;
  publishImporter(name: string, config: object): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a real Inlay server (the `inlay` CLI on a fresh SQLite file). */
export async function startInlayServer(): Promise<InlayServer> {
  const module = String(new URL('../scripts/inlay-server.mjs', import.meta.url));
  const { startInlayServer: start } = (await import(module)) as { startInlayServer(): Promise<InlayServer> };
  return start();
}

/** Debian's Chromium, headless, with the options these machines need (scripts/chromium.mjs). */
export async function launchChromium(): Promise<Browser> {
  const module = String(new URL('../scripts/chromium.mjs', import.meta.url));
  const { chromiumArgs, chromiumPath } = (await import(module)) as { chromiumArgs: string[]; chromiumPath: string };
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

/** A new empty folder under the system's temporary folder. */
export function tempApp(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Copies an app's sources (not its node_modules, dist or tests) from `from` into `to`. */
export async function copyApp(from: string, to: string): Promise<void> {
  const skipped = new Set(['node_modules', 'dist', 'test', '.turbo']);
  await cp(from, to, { recursive: true, filter: (source) => !skipped.has(source.slice(from.length).split('/')[1] ?? '') });
}

/**
 * Packs the built workspace packages `packages` (folder names under packages/) and unpacks them
 * into `app`/node_modules/@inlay/*; links their third-party dependencies, and `links` (the app's
 * own: a framework, Vite and its plugins), to the repository's node_modules.
 */
export async function installPacked(app: string, packages: readonly string[], links: readonly string[] = []): Promise<void> {
  const packs = join(app, 'packs');
  await mkdir(packs, { recursive: true });
  const thirdParty = new Set<string>(links);
  for (const name of packages) {
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

/** Runs the repository's Vite in `app` (`vite build`), with `env` added to the environment. */
export async function viteBuild(app: string, env: Record<string, string> = {}): Promise<void> {
  // As from a customer's shell: vitest's NODE_ENV=test would make Vite pick Lit's development build.
  const environment = { ...process.env, ...env };
  delete environment['NODE_ENV'];
  await run(process.execPath, [join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: app, env: environment });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * Serves `root` as a static site on 127.0.0.1 (a port of its own, so another origin than the
 * Inlay server's). `headers` are added to every answer (a Content-Security-Policy, for instance).
 */
export async function serve(root: string, headers: Record<string, string> = {}): Promise<{ server: Server; origin: string }> {
  const base = await realpath(root);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://app.invalid').pathname;
    const file = normalize(join(base, path === '/' ? 'index.html' : path));
    if (!file.startsWith(base)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
