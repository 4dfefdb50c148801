import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ERROR_CODES, SERVICE_NAMES } from '@inlay/core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { harness } from './helpers.js';

const app = await buildApp({ logger: false });
await app.ready();
afterAll(() => app.close());

interface Response {
  description: string;
  headers?: Record<string, { $ref?: string }>;
  content?: Record<string, { schema: unknown }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  requestBody?: unknown;
  responses?: Record<string, Response>;
  parameters?: { $ref?: string; name?: string; in?: string }[];
}
interface OpenApi {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: { ErrorCode: { enum: string[] }; Error: unknown };
    securitySchemes: Record<string, { type: string; scheme: string }>;
    parameters: Record<string, { name: string; in: string }>;
    headers: Record<string, unknown>;
  };
}

async function documentOf(service: string): Promise<OpenApi> {
  const response = await app.inject({ method: 'GET', url: `/${service}/api/v1/openapi.json` });
  expect(response.statusCode).toBe(200);
  return response.json<OpenApi>();
}

function operationsOf(doc: OpenApi): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]));
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** Method and OpenAPI path of every documented-to-be route of a service, from Fastify's router. */
function registeredRoutes(service: string): string[] {
  const found = new Set<string>();
  const tree = app.printRoutes({ commonPrefix: false });
  for (const line of tree.split('\n')) {
    const match = /(\/\S+) \(([A-Z, ]+)\)/.exec(line.replace(/^[\s│├└─]+/, ''));
    if (!match?.[1] || !match[2]) continue;
    const path = match[1];
    if (!path.startsWith(`/${service}/`) || path.includes('*') || path.endsWith('/openapi.json')) continue;
    for (const method of match[2].split(',').map((m) => m.trim())) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      found.add(`${method} ${path.slice(service.length + 1).replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...found].sort();
}

describe.each(SERVICE_NAMES)('%s OpenAPI document', (service) => {
  it('is OpenAPI 3.1 for the service base URL', async () => {
    const doc = await documentOf(service);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toBe(`/${service}`);
  });

  it('documents every registered route of the service (on /mcp, POST only)', async () => {
    const doc = await documentOf(service);
    const documented = operationsOf(doc).map(([route]) => route);
    const registered = registeredRoutes(service);
    expect(registered.length).toBeGreaterThan(5);
    for (const route of registered) {
      if (route === 'GET /mcp' || route === 'DELETE /mcp') expect(documented, route).not.toContain(route);
      else expect(documented, route).toContain(route);
    }
  });

  it('names, summarises, tags and secures every operation', async () => {
    const doc = await documentOf(service);
    const ids = new Set<string>();
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const [route, op] of operationsOf(doc)) {
      expect(op.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId!), `${route}: duplicate operationId`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, route).toBeTruthy();
      expect(op.tags?.length, route).toBe(1);
      expect(tags.has(op.tags![0]!), route).toBe(true);
      expect(op.security, route).toBeDefined();
      for (const requirement of op.security!) for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes[scheme], route).toBeDefined();
    }
    const plural = { onboarding: 'flows', feedback: 'boards', importer: 'importers' }[service];
    expect(doc.paths[`/api/v1/${plural}`]?.post?.security).toEqual([{ secretKey: [] }]);
    expect(doc.paths['/api/v1/config/{id}']?.get?.security).toEqual([{ publishableKey: [] }]);
    expect(doc.components.securitySchemes.publishableKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.secretKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('answers every declared 4xx/5xx with the one Error component and Request-Id on every response', async () => {
    const doc = await documentOf(service);
    for (const [route, op] of operationsOf(doc)) {
      const statuses = Object.keys(op.responses ?? {});
      expect(statuses.some((status) => status.startsWith('4')), route).toBe(true);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        expect(response.headers?.['Request-Id'], `${route} ${status}`).toEqual({ $ref: '#/components/headers/RequestId' });
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema;
        // The MCP transport answers protocol errors in JSON-RPC; those are the only others.
        if (route === 'POST /mcp' && status === '406') expect(schema).toEqual({ $ref: '#/components/schemas/JsonRpcError' });
        else if (route === 'POST /mcp' && status === '400') expect(schema).toEqual({ oneOf: [ERROR_REF, { $ref: '#/components/schemas/JsonRpcError' }] });
        else expect(schema, `${route} ${status}`).toEqual(ERROR_REF);
        if (status === '429' || status === '503') expect(response.headers?.['Retry-After'], `${route} ${status}`).toEqual({ $ref: '#/components/headers/RetryAfter' });
      }
    }
  });

  it('declares the headers the routes read and set', async () => {
    const doc = await documentOf(service);
    const refs = (op: Operation | undefined) => (op?.parameters ?? []).map((p) => p.$ref).filter(Boolean);
    for (const [route, op] of operationsOf(doc)) {
      const secretWrite = JSON.stringify(op.security) === JSON.stringify([{ secretKey: [] }]) && /^(POST|PATCH) /.test(route);
      expect(refs(op).includes('#/components/parameters/IdempotencyKey'), route).toBe(secretWrite);
      if (secretWrite) expect(op.responses?.['200']?.headers?.['Idempotent-Replayed'], route).toEqual({ $ref: '#/components/headers/IdempotentReplayed' });
      const publishable = JSON.stringify(op.security) === JSON.stringify([{ publishableKey: [] }]);
      const readsToken = publishable && /^(GET|POST) \/api\/v1\/(progress|outcomes|posts|comments)/.test(route);
      expect(refs(op).includes('#/components/parameters/AuthorToken'), route).toBe(readsToken);
      if (readsToken) expect(op.description, route).toContain('Inlay-Author-Token');
    }
    const config = doc.paths['/api/v1/config/{id}']?.get;
    expect(refs(config)).toContain('#/components/parameters/IfNoneMatch');
    for (const status of ['200', '304']) expect(config?.responses?.[status]?.headers?.ETag).toEqual({ $ref: '#/components/headers/ETag' });
    expect(config?.responses?.['304']?.content).toBeUndefined();
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    expect(doc.components.parameters.IfNoneMatch).toMatchObject({ name: 'If-None-Match', in: 'header' });
    if (service !== 'importer') expect(doc.components.parameters.AuthorToken).toMatchObject({ name: 'Inlay-Author-Token', in: 'header' });
  });

  it('documents /mcp as it behaves: POST with 401, 403 and 406', async () => {
    const doc = await documentOf(service);
    const mcp = doc.paths['/mcp'];
    expect(Object.keys(mcp ?? {})).toEqual(['post']);
    expect(Object.keys(mcp?.post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '406', '429']));
    expect(mcp?.post?.description).toContain('405');
  });

  it('describes bodies and responses from the zod schemas, with security per key kind', async () => {
    const doc = await documentOf(service);
    const plural = { onboarding: 'flows', feedback: 'boards', importer: 'importers' }[service];
    const patch = doc.paths[`/api/v1/${plural}/{id}`]?.patch;
    expect(patch?.requestBody).toBeDefined();
    expect(JSON.stringify(patch?.requestBody)).toContain('"config"');
    expect(patch?.responses?.['200']).toBeDefined();
    expect(patch?.responses?.['404']).toBeDefined();
    expect(JSON.stringify(patch?.security)).toContain('secretKey');
    expect(JSON.stringify(doc.paths['/api/v1/config/{id}']?.get?.security)).toContain('publishableKey');
  });

  it('lists exactly the error codes the server has', async () => {
    const doc = await documentOf(service);
    expect(doc.components.schemas.ErrorCode.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});

const h = await harness();

describe('what the documents say, the server does', () => {
  const secret = { authorization: `Bearer ${h.ws.keys.testSecret}` };

  it('/mcp: GET and DELETE 405 with Allow: POST; POST without both Accept types 406; no key 401', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await h.app.inject({ method, url: '/onboarding/mcp', headers: secret });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
    }
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const notAcceptable = await h.app.inject({ method: 'POST', url: '/onboarding/mcp', headers: { ...secret, accept: 'application/json' }, payload: body });
    expect(notAcceptable.statusCode).toBe(406);
    expect(notAcceptable.json()).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
    const anonymous = await h.app.inject({ method: 'POST', url: '/onboarding/mcp', headers: { accept: 'application/json, text/event-stream' }, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'api_key_missing' } });
  });

  it('refuses a name of only zero-width characters, like one of spaces', async () => {
    for (const name of ['   ', '\u200b\u200c\u200d', '\u2060\ufeff']) {
      const response = await h.app.inject({ method: 'POST', url: '/onboarding/api/v1/flows', headers: secret, payload: { name } });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'parameter_invalid', param: 'name' } });
    }
  });

  it('refuses enumValues on a non-enum field, as the union in the document says', async () => {
    const doc = await documentOf('importer');
    const patch = JSON.stringify(doc.paths['/api/v1/importers/{id}']?.patch?.requestBody);
    expect(patch).toMatch(/"type":\{"type":"string","(const":"enum"|enum":\["enum"\])/);
    const created = await h.app.inject({ method: 'POST', url: '/importer/api/v1/importers', headers: secret, payload: { name: 'Contacts' } });
    const id = created.json<{ data: { importerId: string } }>().data.importerId;
    const response = await h.app.inject({
      method: 'PATCH',
      url: `/importer/api/v1/importers/${id}`,
      headers: secret,
      payload: { name: 'Contacts', config: { fields: [{ key: 'a', label: 'A', type: 'string', enumValues: ['x'] }] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'parameter_invalid', param: 'config.fields.0.enumValues' } });
  });
});

/** `redocly lint` with the repository's redocly.yaml (the recommended ruleset) on each document. */
describe('redocly lint', () => {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const redocly = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'inlay-openapi-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(SERVICE_NAMES)('passes on the %s document with no errors and no warnings', async (service) => {
    const file = join(dir, `${service}.json`);
    writeFileSync(file, JSON.stringify(await documentOf(service)));
    // Exit status 1 on errors; the JSON report counts warnings too.
    const { stdout } = await promisify(execFile)(process.execPath, [redocly, 'lint', '--config', join(repoRoot, 'redocly.yaml'), '--format', 'json', file], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout || JSON.stringify({ failed: error.stderr }) }));
    const report = JSON.parse(stdout) as { totals?: { errors: number; warnings: number }; problems?: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});
