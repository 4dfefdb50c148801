/**
 * Every request/response example in docs/*.md, run against a real server (a fresh SQLite file
 * per page) and compared with the response the page shows. A doc example that goes stale fails
 * here. The format is described in docs/README.md ("How the examples are tested"):
 *
 *   ```http example            or   ```sh example   (one curl command)
 *   POST /onboarding/api/v1/flows     curl -H "Authorization: Bearer $INLAY_SECRET_KEY" …
 *   Authorization: Bearer {{testSecret}}
 *   Content-Type: application/json
 *
 *   {"name": "Welcome"}
 *   ```
 *   ```http response           or   ```json response [status]   (the body only; status 200)
 *   HTTP/1.1 200 OK
 *
 *   {"data": {"id": "{{flowId}}", "createdAt": "<timestamp>", "...": "..."}}
 *   ```
 *
 * `{{name}}` in a request is a value from the page's setup or an earlier response; in a response
 * it captures the value when `name` is still unset, and must equal it otherwise. `<id>`,
 * `<timestamp>`, `<date>`, `<token>` and `<any>` are wildcards; `<number>` (a whole value)
 * matches any number; an object with a `"..."` member may have further members, an array
 * ending in `"..."` further items. Everything else must match exactly.
 *
 * Two more checks keep the docs whole: every route in the services' OpenAPI documents is called
 * by some example, and relative links point at files and headings that exist.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Storage } from '../src/db/connect.js';
import { ensureDemoWorkspace } from '../src/demo/demo-workspace.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { anchorsOf, examplesOf, prose, type Example } from './doc-examples/markdown.js';
import { parseCurl, parseHttpRequest, type Vars } from './doc-examples/requests.js';
import { matchString, matchValue, parseExpected, show } from './doc-examples/responses.js';
import { testDatabase } from './helpers.js';

const DOCS_DIR = fileURLToPath(new URL('../../../docs/', import.meta.url));

// ---------------------------------------------------------------------------------------------
// The server, one per page, and the run.

interface PageServer {
  app: FastifyInstance;
  storage: Storage;
  /** The demo workspace's `demo.json` sits here (beside a SQLite file). */
  dir: string;
  vars: Vars;
}

/** Routes reached by some example, as `METHOD /service/path/:param`, across every page. */
const reached = new Set<string>();

/**
 * A server on a fresh SQLite file with an empty workspace (`{{testSecret}}`, …) for the service
 * pages, and the demo workspace `npm start` creates (`$INLAY_SECRET_KEY`, `$INLAY_FLOW_ID`, …)
 * for the quick start.
 */
async function startPageServer(dbPath: string): Promise<PageServer> {
  const dir = mkdtempSync(join(tmpdir(), 'inlay-docs-'));
  const storage = await openDatabase(dbPath);
  const { workspace, keys } = await initWorkspace(storage, 'Docs');
  const { demo } = await ensureDemoWorkspace(storage);
  const app = await buildApp({ database: storage, db: dbPath, logger: false, usageFlushIntervalMs: 0, keyCacheTtlMs: 0 });
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url !== undefined) reached.add(`${request.method} ${request.routeOptions.url}`);
  });
  const vars: Vars = new Map(
    Object.entries({
      ...keys,
      workspaceId: workspace.id,
      INLAY_BASE_URL: 'http://127.0.0.1:4000',
      INLAY_PUBLISHABLE_KEY: demo.keys.testPublishable,
      INLAY_SECRET_KEY: demo.keys.testSecret,
      INLAY_FLOW_ID: demo.flowId,
      INLAY_BOARD_ID: demo.boardId,
      INLAY_IMPORTER_ID: demo.importerId,
    }),
  );
  return { app, storage, dir, vars };
}

async function run(server: PageServer, example: Example): Promise<void> {
  const request = example.kind === 'http' ? parseHttpRequest(example.request, server.vars) : parseCurl(example.request, server.vars);
  const response = await server.app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: request.headers,
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
  const expected = parseExpected(example);
  const problems: string[] = [];
  if (response.statusCode !== expected.status) problems.push(`status: expected ${expected.status}, got ${response.statusCode}`);
  const requestId = response.headers['request-id'];
  if (typeof requestId !== 'string') problems.push('the Request-Id header is missing');
  for (const [name, value] of Object.entries(expected.headers)) {
    matchString(value, response.headers[name]?.toString(), `header ${name}`, server.vars, problems);
  }
  let actual: unknown;
  if (response.body !== '') {
    try {
      actual = response.json();
    } catch {
      actual = response.body;
    }
  }
  if (expected.body === undefined) {
    if (actual !== undefined) problems.push(`body: expected none, got ${show(actual)}`);
  } else {
    matchValue(expected.body, actual, 'body', server.vars, problems);
  }
  const error = (actual as { error?: { requestId?: unknown } } | undefined)?.error;
  if (error && error.requestId !== requestId) problems.push('body.error.requestId differs from the Request-Id header');
  if (problems.length > 0) {
    const body = typeof actual === 'string' ? actual : JSON.stringify(actual, null, 2);
    throw new Error(
      `docs/${example.page}:${example.line} is stale (${request.method} ${request.url}):\n  ${problems.join('\n  ')}\n` +
        `the server answered ${response.statusCode}:\n${body ?? ''}`,
    );
  }
}

const pages = readdirSync(DOCS_DIR)
  .filter((name) => name.endsWith('.md'))
  .sort();
const parsed = pages.map((page) => ({ page, ...examplesOf(page, readFileSync(join(DOCS_DIR, page), 'utf8')) }));
/** A fresh database per page (a SQLite file, or a PostgreSQL database in that run). */
const pageDatabases = new Map(await Promise.all(parsed.map(async ({ page }) => [page, await testDatabase(`${page}.db`)] as const)));

it('finds examples in the docs, each followed by its response', () => {
  expect(parsed.flatMap((page) => page.problems)).toEqual([]);
  expect(parsed.reduce((count, page) => count + page.examples.length, 0)).toBeGreaterThan(50);
});

for (const { page, examples } of parsed) {
  if (examples.length === 0) continue;
  describe(`docs/${page}`, () => {
    let server: PageServer;
    beforeAll(async () => {
      server = await startPageServer(pageDatabases.get(page) ?? '');
    });
    afterAll(async () => {
      if (!server) return;
      await server.app.close();
      await server.storage.close();
      rmSync(server.dir, { recursive: true, force: true });
    });
    for (const example of examples) {
      const firstLine = example.request.trim().split('\n')[0] ?? '';
      it(`line ${example.line}: ${firstLine}`, () => run(server, example));
    }
  });
}

describe('links', () => {
  it('point only at files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const markdown = readFileSync(join(DOCS_DIR, page), 'utf8');
      for (const match of prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1] as string;
        if (/^[a-z]+:/i.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? join(DOCS_DIR, page) : resolve(DOCS_DIR, path);
        if (!existsSync(file)) {
          broken.push(`${page}: ${target} (no such file)`);
        } else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) {
          broken.push(`${page}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('coverage', () => {
  it('has an example for every route of the three services', async () => {
    const app = await buildApp({ logger: false });
    try {
      const missing: string[] = [];
      for (const service of ['onboarding', 'feedback', 'importer']) {
        const doc = (await app.inject({ method: 'GET', url: `/${service}/api/v1/openapi.json` })).json<{ paths: Record<string, object> }>();
        for (const [path, operations] of Object.entries(doc.paths)) {
          for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
            // GET and DELETE /mcp only say "use POST" (stateless MCP).
            if (path === '/mcp' && method !== 'POST') continue;
            const route = `${method} /${service}${path.replace(/\{(\w+)\}/g, ':$1')}`;
            if (!reached.has(route)) missing.push(route);
          }
        }
      }
      expect(missing).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
