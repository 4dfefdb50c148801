import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SERVICE_NAMES } from '@inlay/core';
import { afterAll, describe, expect, it } from 'vitest';
import { errorOf } from './helpers.js';
import { dashboardHarness } from './dashboard-harness.js';

/**
 * Dashboard routes take the session cookie only, and what they offer (keys, webhooks, invites,
 * the plan, deletes) is offered by no key-authenticated route and no MCP tool.
 */
const h = await dashboardHarness();
const origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

/** Every route of the app with its full path, from Fastify's printed route tree. */
function routes(): { path: string; methods: string[] }[] {
  const found: { path: string; methods: string[] }[] = [];
  const parents: { indent: number; path: string }[] = [];
  for (const line of h.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*)(\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match?.[2]?.startsWith('/')) continue;
    const indent = match[1]?.length ?? 0;
    while (parents.length > 0 && (parents[parents.length - 1] as { indent: number }).indent >= indent) parents.pop();
    const path = `${parents[parents.length - 1]?.path ?? ''}${match[2]}`;
    parents.push({ indent, path });
    if (match[3]) found.push({ path, methods: match[3].split(',').map((m) => m.trim()) });
  }
  return found;
}

const dashboardRoutes = routes()
  .filter((route) => route.path.startsWith('/dashboard/api/'))
  .flatMap((route) => route.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, url: route.path.replace(/:[A-Za-z]+/g, 'x_1') })))
  // Signing out last: were it to go through, every later request would fail for want of a session, whatever the key check did.
  .sort((a, b) => Number(a.method === 'DELETE' && a.url === '/dashboard/api/session') - Number(b.method === 'DELETE' && b.url === '/dashboard/api/session'));

describe('dashboard routes take the session cookie only', () => {
  it('finds the routes', () => {
    expect(dashboardRoutes.length).toBeGreaterThan(40);
  });

  it.each(dashboardRoutes)('$method $url refuses a Bearer API key, even beside a valid session', async ({ method, url }) => {
    for (const key of [h.ws.keys.testSecret, h.ws.keys.liveSecret, h.ws.keys.testPublishable]) {
      const response = await h.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${key}`, cookie: h.alice.cookie, 'x-csrf-token': h.alice.csrf },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('session_required');
    }
  });

  it.each(dashboardRoutes.filter((route) => !route.url.includes('/invites/token/') && !(route.method === 'POST' && route.url === '/dashboard/api/session')))(
    '$method $url refuses a request without a session',
    async ({ method, url }) => {
      const response = await h.app.inject({ method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(errorOf(response).code).toBe('session_required');
    },
  );
});

/** Names that would manage keys, webhooks, members, invites, the plan, or delete. */
const DASHBOARD_ONLY = /key(s)?\b|api[_-]?key|webhook|invite|member|plan|delete|remove|session\/workspace|dashboard/i;

describe.each(SERVICE_NAMES)('%s: the API and MCP offer no dashboard action', (service) => {
  it('documents no operation that manages keys, webhooks, members, invites or the plan, or deletes', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: `/${service}/api/v1/openapi.json` })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.length).toBeGreaterThan(5);
    const offending = operations.filter((operation) => /^DELETE /.test(operation) || /\/(keys|webhooks|invites|members|plan|dashboard)\b/.test(operation));
    expect(offending).toEqual([]);
  });

  it('lists no MCP tool that manages keys, webhooks, members, invites or the plan, or deletes', async () => {
    const client = new Client({ name: 'inlay-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${origin}/${service}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${h.ws.keys.testSecret}` } } }),
    );
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(3);
    expect(tools.map((tool) => tool.name).filter((name) => DASHBOARD_ONLY.test(name))).toEqual([]);
  });

  it('has no key-authenticated route under /dashboard', () => {
    expect(routes().filter((route) => route.path.startsWith(`/${service}/`) && route.path.includes('dashboard'))).toEqual([]);
  });
});
