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
import { openDatabase, type Db } from '../src/db/connect.js';
import { ensureDemoWorkspace } from '../src/demo/demo-workspace.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { testDatabase } from './helpers.js';

const DOCS_DIR = fileURLToPath(new URL('../../../docs/', import.meta.url));

interface Block {
  info: string;
  text: string;
  line: number;
}

interface Example {
  page: string;
  line: number;
  kind: 'http' | 'sh';
  request: string;
  response: { kind: 'http' | 'json'; text: string; status?: number };
}

interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

type Vars = Map<string, string>;

// ---------------------------------------------------------------------------------------------
// Markdown: fenced blocks, paired as example → response.

function fencedBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '', info = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j += 1) {
      const line = lines[j] ?? '';
      const trimmed = line.trim();
      if (trimmed.startsWith(fence) && trimmed.replaceAll(fence[0] ?? '`', '') === '') break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    blocks.push({ info: info.trim(), text: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

const REQUEST_INFO = /^(http|sh) example$/;
const RESPONSE_INFO = /^(http|json) response(?: (\d{3}))?$/;

/** The examples of one page, in order; a malformed pairing is reported, not skipped. */
function examplesOf(page: string, markdown: string): { examples: Example[]; problems: string[] } {
  const examples: Example[] = [];
  const problems: string[] = [];
  const blocks = fencedBlocks(markdown);
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i] as Block;
    const request = REQUEST_INFO.exec(block.info);
    const response = RESPONSE_INFO.exec(block.info);
    if (response) {
      problems.push(`${page}:${block.line}: a response block without an example block before it`);
      continue;
    }
    if (!request) continue;
    const next = blocks[i + 1];
    const paired = next && RESPONSE_INFO.exec(next.info);
    if (!next || !paired) {
      problems.push(`${page}:${block.line}: an example block must be followed by a \`http response\` or \`json response\` block`);
      continue;
    }
    i += 1;
    examples.push({
      page,
      line: block.line,
      kind: request[1] as 'http' | 'sh',
      request: block.text,
      response: { kind: paired[1] as 'http' | 'json', text: next.text, ...(paired[2] ? { status: Number(paired[2]) } : {}) },
    });
  }
  return { examples, problems };
}

// ---------------------------------------------------------------------------------------------
// Requests: an HTTP message, or one curl command.

function substitute(text: string, vars: Vars): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = vars.get(name);
    if (value === undefined) throw new Error(`{{${name}}} is not set by the page's setup or an earlier example`);
    return value;
  });
}

function parseHttpRequest(text: string, vars: Vars): HttpRequest {
  const [head = '', ...rest] = substitute(text, vars).trim().split(/\n\s*\n/);
  const [requestLine = '', ...headerLines] = head.split('\n');
  const start = /^([A-Z]+) (\S+)(?: HTTP\/[\d.]+)?$/.exec(requestLine.trim());
  if (!start) throw new Error(`the first line must be "METHOD /path", got ${JSON.stringify(requestLine)}`);
  const body = rest.join('\n\n').trim();
  return { method: start[1] as string, url: start[2] as string, headers: parseHeaders(headerLines), ...(body ? { body } : {}) };
}

function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const match = /^([\w-]+):\s*(.*)$/.exec(line.trim());
    if (!match) throw new Error(`not a header line: ${JSON.stringify(line)}`);
    headers[(match[1] as string).toLowerCase()] = (match[2] as string).trim();
  }
  return headers;
}

/** Splits a shell command into words as sh does: quotes, backslashes, `$VAR` and `${VAR}`. */
function shellWords(command: string, vars: Vars): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  const expand = (rest: string): [string, number] => {
    const match = /^\$(?:\{(\w+)\}|(\w+))/.exec(rest);
    if (!match) return ['$', 1];
    const name = (match[1] ?? match[2]) as string;
    const value = vars.get(name);
    if (value === undefined) throw new Error(`$${name} is not set by the page's setup or an earlier example`);
    return [value, match[0].length];
  };
  for (let i = 0; i < command.length; i += 1) {
    const c = command[i] as string;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (c === '\\') {
      const next = command[i + 1];
      i += 1;
      if (next === '\n') continue;
      if (quote === '"' && next !== '"' && next !== '\\' && next !== '$') word = (word ?? '') + c;
      word = (word ?? '') + (next ?? '');
    } else if (c === '$') {
      const [value, length] = expand(command.slice(i));
      word = (word ?? '') + value;
      i += length - 1;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`unclosed ${quote} in the command`);
  if (word !== undefined) words.push(word);
  return words;
}

/** The request one curl command sends (the options the docs use; anything else is refused). */
function parseCurl(text: string, vars: Vars): HttpRequest {
  const command = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');
  const [program, ...args] = shellWords(command, vars);
  if (program !== 'curl') throw new Error(`a sh example holds one curl command, got ${JSON.stringify(program)}`);
  const headers: Record<string, string> = {};
  let method: string | undefined;
  let body: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const value = (): string => {
      const next = args[(i += 1)];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '-X' || arg === '--request') method = value();
    else if (arg === '-H' || arg === '--header') Object.assign(headers, parseHeaders([value()]));
    else if (arg === '-d' || arg === '--data' || arg === '--data-raw') {
      body = value();
      // What curl sends with -d unless told otherwise: the server must refuse it.
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (arg === '--json') {
      body = value();
      headers['content-type'] = 'application/json';
      headers.accept = 'application/json';
    } else if (['-s', '--silent', '-S', '--show-error', '-sS', '-i', '--include'].includes(arg)) continue;
    else if (arg.startsWith('-')) throw new Error(`curl option ${arg} is not understood by this test`);
    else url = arg;
  }
  if (url === undefined) throw new Error('the curl command has no URL');
  const parsed = new URL(url);
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url: `${parsed.pathname}${parsed.search}`, headers, ...(body !== undefined ? { body } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Expected responses and the structural comparison.

function parseExpected(example: Example): HttpResponse {
  const { kind, text, status } = example.response;
  if (kind === 'json') return { status: status ?? 200, headers: {}, ...bodyOf(text) };
  const [head = '', ...rest] = text.trim().split(/\n\s*\n/);
  const [statusLine = '', ...headerLines] = head.split('\n');
  const match = /^HTTP\/[\d.]+ (\d{3})\b/.exec(statusLine.trim());
  if (!match) throw new Error(`a http response starts with "HTTP/1.1 200 OK", got ${JSON.stringify(statusLine)}`);
  return { status: Number(match[1]), headers: parseHeaders(headerLines), ...bodyOf(rest.join('\n\n')) };
}

function bodyOf(text: string): { body?: unknown } {
  if (text.trim() === '') return {};
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(`the expected body is not JSON: ${(error as Error).message}`);
  }
}

const WILDCARDS: Record<string, string> = {
  '<id>': '[A-Za-z0-9_]+',
  '<timestamp>': '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z',
  '<date>': '\\d{4}-\\d{2}-\\d{2}',
  '<token>': '[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+',
  '<any>': '[\\s\\S]*',
};
const SPECIAL = /(\{\{\w+\}\}|<(?:id|timestamp|date|token|any)>)/;
const MORE = new Set(['...', '…']);

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compares a string with wildcards and `{{captures}}`; binds the captures when it matches. */
function matchString(expected: string, actual: unknown, path: string, vars: Vars, problems: string[]): void {
  if (!SPECIAL.test(expected)) {
    if (actual !== expected) problems.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
    return;
  }
  if (expected === '<any>') return;
  if (typeof actual !== 'string') {
    problems.push(`${path}: expected a string like ${show(expected)}, got ${show(actual)}`);
    return;
  }
  const groups: string[] = [];
  const pattern = expected
    .split(SPECIAL)
    .map((part) => {
      const wildcard = WILDCARDS[part];
      if (wildcard !== undefined) return wildcard;
      const capture = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (capture === undefined) return escapeRegExp(part);
      const bound = vars.get(capture);
      if (bound !== undefined) return escapeRegExp(bound);
      if (groups.includes(capture)) return `\\k<${capture}>`;
      groups.push(capture);
      return `(?<${capture}>[\\s\\S]+?)`;
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(actual);
  if (!match) {
    problems.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
    return;
  }
  for (const name of groups) vars.set(name, match.groups?.[name] ?? '');
}

function matchValue(expected: unknown, actual: unknown, path: string, vars: Vars, problems: string[]): void {
  if (typeof expected === 'string') {
    if (expected === '<number>') {
      if (typeof actual !== 'number') problems.push(`${path}: expected a number, got ${show(actual)}`);
      return;
    }
    matchString(expected, actual, path, vars, problems);
  } else if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      problems.push(`${path}: expected an array, got ${show(actual)}`);
      return;
    }
    const open = expected.length > 0 && MORE.has(expected[expected.length - 1] as string);
    const items = open ? expected.slice(0, -1) : expected;
    if (open ? actual.length < items.length : actual.length !== items.length) {
      problems.push(`${path}: expected ${open ? 'at least ' : ''}${items.length} items, got ${actual.length}: ${show(actual)}`);
      return;
    }
    items.forEach((item, index) => matchValue(item, actual[index], `${path}[${index}]`, vars, problems));
  } else if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      problems.push(`${path}: expected an object, got ${show(actual)}`);
      return;
    }
    const entries = Object.entries(expected).filter(([key]) => !MORE.has(key));
    const open = entries.length !== Object.keys(expected).length;
    const record = actual as Record<string, unknown>;
    for (const [key, value] of entries) {
      if (!(key in record)) problems.push(`${path}.${key}: expected ${show(value)}, but the member is missing`);
      else matchValue(value, record[key], `${path}.${key}`, vars, problems);
    }
    if (!open) {
      const extra = Object.keys(record).filter((key) => !(key in expected));
      if (extra.length > 0) problems.push(`${path}: unexpected members ${extra.join(', ')} (${show(Object.fromEntries(extra.map((key) => [key, record[key]])))})`);
    }
  } else if (actual !== expected) {
    problems.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The server, one per page, and the run.

interface PageServer {
  app: FastifyInstance;
  db: Db;
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
  const db = await openDatabase(dbPath);
  const { workspace, keys } = await initWorkspace(db, 'Docs');
  const { demo } = await ensureDemoWorkspace(db, dbPath);
  const app = await buildApp({ database: db, db: dbPath, logger: false, usageFlushIntervalMs: 0, keyCacheTtlMs: 0 });
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
  return { app, db, dir, vars };
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
      await server.db.destroy();
      rmSync(server.dir, { recursive: true, force: true });
    });
    for (const example of examples) {
      const firstLine = example.request.trim().split('\n')[0] ?? '';
      it(`line ${example.line}: ${firstLine}`, () => run(server, example));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Links between the pages.

/** Markdown without fenced blocks and inline code, where links are not links. */
function prose(markdown: string): string {
  let fence: string | undefined;
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      lines.push('');
    } else {
      lines.push(fence === undefined ? line.replace(/`[^`]*`/g, '') : '');
    }
  }
  return lines.join('\n');
}

/** The anchors GitHub gives a page's headings. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of prose(markdown.replace(/`/g, '')).split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
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
