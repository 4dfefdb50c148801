import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SERVICE_NAMES } from '@inlay/core';
import { afterAll, describe, expect, it } from 'vitest';
import { harness } from './helpers.js';

/**
 * Deleting a flow, board, importer or post, merging posts and setting a post's status are
 * operator actions (the CLI, the future dashboard): no key-authenticated route and no MCP tool
 * may offer them (docs/self-hosting.md, docs/feedback.md). These checks read what the server
 * actually serves — its router, its OpenAPI documents, its MCP tool lists — so a route or tool
 * added later that offers one fails here.
 */

const h = await harness();
const origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

/** Words an action, tool or field name that deletes, merges or sets a status would carry. */
const OPERATOR_ONLY = /delete|remove|destroy|purge|merge|status|archive|close/i;
/**
 * The one key-authenticated delete: a comment's author (or the team's author token) edits or
 * deletes that comment (docs/feedback.md, Comments), an end user's action on their own words.
 */
const AUTHOR_ACTIONS: Record<string, string[]> = { 'POST /api/v1/comments/{commentId}': ['delete', 'edit'] };
/** Body fields that would name a post's status or a merge target. */
const OPERATOR_FIELDS = ['status', 'into', 'mergeInto', 'mergedInto', 'targetPostId'];

/** Every key of every `properties` object in a JSON Schema, however deep. */
function propertyNames(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) propertyNames(item, found);
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value !== null && typeof value === 'object') for (const name of Object.keys(value)) found.add(name);
      propertyNames(value, found);
    }
  }
  return found;
}

/** The values an `action` field of a JSON Schema may take (enum, const, or unions of them). */
function actionValues(schema: unknown, found = new Set<string>()): Set<string> {
  const literals = (s: unknown): void => {
    if (s === null || typeof s !== 'object') return;
    const o = s as { enum?: unknown[]; const?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
    for (const value of o.enum ?? []) found.add(String(value));
    if (o.const !== undefined) found.add(String(o.const));
    for (const branch of [...(o.anyOf ?? []), ...(o.oneOf ?? [])]) literals(branch);
  };
  if (Array.isArray(schema)) for (const item of schema) actionValues(item, found);
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties') literals((value as { action?: unknown }).action);
      actionValues(value, found);
    }
  }
  return found;
}

/** Every route of the app with its full path, from Fastify's printed route tree (children indented under parents). */
function routes(): { path: string; methods: string[] }[] {
  const found: { path: string; methods: string[] }[] = [];
  const parents: { indent: number; path: string }[] = [];
  for (const line of h.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*)(\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match?.[2]?.startsWith('/')) continue;
    const indent = match[1]?.length ?? 0;
    while (parents.length > 0 && parents[parents.length - 1]!.indent >= indent) parents.pop();
    const path = `${parents[parents.length - 1]?.path ?? ''}${match[2]}`;
    parents.push({ indent, path });
    if (match[3]) found.push({ path, methods: match[3].split(',').map((m) => m.trim()) });
  }
  return found;
}

interface Operation {
  security?: Record<string, unknown>[];
  requestBody?: unknown;
  parameters?: unknown;
}

describe.each(SERVICE_NAMES)('%s offers no operator action to keys or MCP', (service) => {
  it('has no DELETE route but the MCP session end', () => {
    const deletes = routes()
      .filter((route) => route.path.startsWith(`/${service}/`) && route.methods.includes('DELETE'))
      .map((route) => route.path);
    expect(deletes).toEqual([`/${service}/mcp`]);
  });

  it('documents no key-authenticated operation that deletes, merges or sets a status', async () => {
    const response = await h.app.inject({ method: 'GET', url: `/${service}/api/v1/openapi.json` });
    const doc = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    const keyed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op.security ?? []).some((s) => 'secretKey' in s || 'publishableKey' in s))
        .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(keyed.length).toBeGreaterThan(5);
    for (const { route, op } of keyed) {
      expect(route, route).not.toMatch(/^DELETE /);
      expect(route, route).not.toMatch(OPERATOR_ONLY);
      const fields = [...propertyNames(op.requestBody)];
      expect(fields.filter((name) => OPERATOR_FIELDS.includes(name)), route).toEqual([]);
      const actions = [...actionValues(op.requestBody)];
      if (route in AUTHOR_ACTIONS) expect(actions.sort(), route).toEqual(AUTHOR_ACTIONS[route]);
      else expect(actions.filter((action) => OPERATOR_ONLY.test(action)), route).toEqual([]);
    }
    if (service === 'feedback') {
      // The one post action route: votes only.
      expect([...actionValues(doc.paths['/api/v1/posts/{id}']?.post?.requestBody)].sort()).toEqual(['unvote', 'vote']);
    }
  });

  it('lists no MCP tool that deletes, merges or sets a status', async () => {
    const client = new Client({ name: 'inlay-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${origin}/${service}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${h.ws.keys.testSecret}` } } }),
    );
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(3);
    for (const tool of tools) {
      expect(tool.name).not.toMatch(OPERATOR_ONLY);
      expect([...propertyNames(tool.inputSchema)].filter((name) => OPERATOR_FIELDS.includes(name)), tool.name).toEqual([]);
      expect([...actionValues(tool.inputSchema)].filter((action) => OPERATOR_ONLY.test(action)), tool.name).toEqual([]);
    }
  });
});
