import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../src/repositories/platform/api-keys.js';
import { call, createResource, dataOf, harness } from './helpers.js';

const h = await harness();
const origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

async function connect(service: string, key: string): Promise<Client> {
  const client = new Client({ name: 'inlay-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${origin}/${service}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

async function tool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

function ok<T = Record<string, unknown>>(result: ToolResult): T {
  if (result.isError) throw new Error(`tool failed: ${result.content[0]?.text}`);
  expect(JSON.parse(result.content[0]?.text ?? 'null')).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

const TOOLS = {
  onboarding: ['create_flow', 'get_flow', 'get_install_snippet', 'get_published_config', 'list_capabilities', 'list_flows', 'list_revisions', 'publish_flow', 'restore_revision', 'update_draft'],
  feedback: ['create_board', 'get_board', 'get_published_config', 'list_boards', 'list_capabilities', 'publish_board', 'update_draft'],
  importer: ['create_importer', 'get_importer', 'get_published_config', 'list_capabilities', 'list_importers', 'list_revisions', 'publish_importer', 'restore_revision', 'update_draft'],
};

describe('MCP tools', () => {
  it.each(Object.entries(TOOLS))('%s lists exactly its tools, each with a description and input schema', async (service, names) => {
    const client = await connect(service, h.ws.keys.testSecret);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(names);
    // Stateless: no notification of a changed list can ever reach the client.
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
    for (const t of tools) {
      expect(t.description?.length).toBeGreaterThan(10);
      expect(t.inputSchema.type).toBe('object');
    }
  });

  it('manages a flow end to end, and REST sees every change', async () => {
    const client = await connect('onboarding', h.ws.keys.testSecret);
    const created = ok<{ id: string; revisionCount: number }>(await tool(client, 'create_flow', { name: 'From MCP' }));
    expect(created.revisionCount).toBe(1);
    const config = { items: [{ id: 'a', title: 'First' }] };
    const saved = ok<{ revisionId: string }>(await tool(client, 'update_draft', { id: created.id, name: 'From MCP v2', config }));
    const rest = dataOf<{ draft: { revisionId: string; config: { items: unknown[] } }; published: unknown }>(
      await call(h.app, 'GET', `/onboarding/api/v1/flows/${created.id}`, { key: h.ws.keys.testSecret }),
    );
    expect(rest.draft.revisionId).toBe(saved.revisionId);
    expect(rest.published).toBeNull();

    const notYet = await tool(client, 'get_published_config', { id: created.id });
    expect(notYet.isError).toBe(true);
    expect(notYet.content[0]?.text).toContain('not_published');

    const published = ok<{ revisionId: string }>(await tool(client, 'publish_flow', { id: created.id }));
    expect(published.revisionId).toBe(saved.revisionId);
    const live = dataOf<{ name: string }>(await call(h.app, 'GET', `/onboarding/api/v1/config/${created.id}`, { key: h.ws.keys.testPublishable }));
    expect(live.name).toBe('From MCP v2');
    expect(ok<{ name: string }>(await tool(client, 'get_published_config', { id: created.id })).name).toBe('From MCP v2');

    const revisions = ok<{ items: { id: string; number: number; config: unknown }[] }>(await tool(client, 'list_revisions', { id: created.id }));
    expect(revisions.items.map((r) => r.number)).toEqual([2, 1]);
    const restored = ok<{ revisionId: string; restoredFrom: string }>(await tool(client, 'restore_revision', { id: created.id, revisionId: revisions.items[1]!.id }));
    expect(restored.restoredFrom).toBe(revisions.items[1]!.id);
    const after = ok<{ draft: { name: string; config: { items: unknown[] } }; published: { revisionId: string } }>(await tool(client, 'get_flow', { id: created.id }));
    expect(after.draft).toMatchObject({ name: 'From MCP', config: { items: [] } });
    // Restoring never publishes.
    expect(after.published.revisionId).toBe(saved.revisionId);
    // Paged one at a time, every revision (the restore made a third) comes once, newest first,
    // and the last page says there is no more.
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { number: number }[]; nextCursor: string | null } = ok(
        await tool(client, 'list_revisions', { id: created.id, limit: 1, ...(cursor === null ? {} : { cursor }) }),
      );
      pages.push(page.items.map((r) => r.number));
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 10);
    expect(pages).toEqual([[3], [2], [1]]);

    const list = ok<{ items: { id: string }[] }>(await tool(client, 'list_flows', { limit: 100 }));
    expect(list.items.map((i) => i.id)).toContain(created.id);
    const snippet = ok<{ scriptTag: string; npm: string }>(await tool(client, 'get_install_snippet', { id: created.id }));
    expect(snippet.scriptTag).toContain(`flow-id="${created.id}"`);
    expect(snippet.npm).toContain('@inlay/widgets');
    const capabilities = ok<{ tools: { name: string }[]; configSchema: { type: string } }>(await tool(client, 'list_capabilities'));
    expect(capabilities.tools.map((t) => t.name).sort()).toEqual(TOOLS.onboarding);
    expect(capabilities.configSchema.type).toBe('object');
  });

  it('takes tour fields in update_draft, and refuses a bad selector with its path', async () => {
    const client = await connect('onboarding', h.ws.keys.testSecret);
    const { tools } = await client.listTools();
    const update = tools.find((t) => t.name === 'update_draft');
    const config = (update?.inputSchema.properties as Record<string, { properties?: Record<string, unknown> }>).config;
    expect(Object.keys(config?.properties ?? {})).toEqual(expect.arrayContaining(['presentation', 'pages', 'start']));
    const created = ok<{ id: string }>(await tool(client, 'create_flow', { name: 'Tour from MCP' }));
    const tour = { presentation: 'tour', items: [{ id: 'a', title: 'A', anchor: { selector: '[data-tour=a]', placement: 'top' }, advance: 'click' }] };
    ok(await tool(client, 'update_draft', { id: created.id, name: 'Tour', config: tour }));
    const rest = dataOf<{ draft: { config: { presentation: string; items: { anchor: unknown }[] } } }>(
      await call(h.app, 'GET', `/onboarding/api/v1/flows/${created.id}`, { key: h.ws.keys.testSecret }),
    );
    expect(rest.draft.config.presentation).toBe('tour');
    expect(rest.draft.config.items[0]?.anchor).toEqual({ selector: '[data-tour=a]', placement: 'top' });
    const bad = await tool(client, 'update_draft', { id: created.id, name: 'Tour', config: { items: [{ id: 'a', title: 'A', anchor: { selector: 'a::before' } }] } });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]?.text).toContain('pseudo-element');
  });

  it('manages boards and importers with the same engine', async () => {
    const boards = await connect('feedback', h.ws.keys.testSecret);
    const board = ok<{ id: string }>(await tool(boards, 'create_board', { name: 'Ideas' }));
    const categories = [{ id: 'ui', name: 'Interface', color: '#0f766e' }];
    ok(await tool(boards, 'update_draft', { id: board.id, name: 'Ideas', config: { allowAnonymous: true, categories } }));
    ok(await tool(boards, 'publish_board', { id: board.id }));
    const published = ok<{ config: { allowAnonymous: boolean; categories: unknown } }>(await tool(boards, 'get_published_config', { id: board.id })).config;
    expect(published).toMatchObject({ allowAnonymous: true, categories });
    // The config schema the board tools describe carries the categories, and refuses a bad id as REST does.
    const capabilities = ok<{ configSchema: { properties: Record<string, unknown> } }>(await tool(boards, 'list_capabilities'));
    expect(Object.keys(capabilities.configSchema.properties)).toContain('categories');
    expect((await tool(boards, 'update_draft', { id: board.id, name: 'Ideas', config: { categories: [{ id: 'Bad Id', name: 'x', color: '#000000' }] } })).isError).toBe(true);

    const importers = await connect('importer', h.ws.keys.testSecret);
    const importer = ok<{ id: string }>(await tool(importers, 'create_importer', { name: 'Contacts' }));
    const bad = await tool(importers, 'update_draft', { id: importer.id, name: 'x', config: { fields: [], branding: {} } });
    expect(bad.isError).toBe(true);
    ok(await tool(importers, 'update_draft', { id: importer.id, name: 'Contacts', config: { fields: [{ key: 'email', label: 'Email', type: 'email' }] } }));
    ok(await tool(importers, 'publish_importer', { id: importer.id }));
    const rest = dataOf<{ config: { fields: unknown[] } }>(await call(h.app, 'GET', `/importer/api/v1/config/${importer.id}`, { key: h.ws.keys.testPublishable }));
    expect(rest.config.fields).toHaveLength(1);
  });

  it("does not see another workspace's resources", async () => {
    const theirs = await createResource(h.app, h.other.keys.testSecret, 'onboarding', 'flows', 'Theirs');
    const client = await connect('onboarding', h.ws.keys.testSecret);
    const result = await tool(client, 'get_flow', { id: theirs });
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('not_found');
  });
});

describe('MCP auth', () => {
  const post = (key: string | undefined, service = 'onboarding') =>
    fetch(`${origin}/${service}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });

  it('refuses no key (401), a live secret key and a publishable key (403), saying why', async () => {
    expect((await post(undefined)).status).toBe(401);
    const live = await post(h.ws.keys.liveSecret);
    expect(live.status).toBe(403);
    const liveBody = (await live.json()) as { error: { code: string; message: string } };
    expect(liveBody.error.code).toBe('live_key_not_allowed');
    expect(liveBody.error.message).toContain('test secret key');
    const publishable = await post(h.ws.keys.testPublishable);
    expect(publishable.status).toBe(403);
    expect(((await publishable.json()) as { error: { code: string } }).error.code).toBe('wrong_key_kind');
  });

  it('refuses a revoked test secret key', async () => {
    const { key, info } = await createApiKey(h.storage, h.ws.id, 'test', 'sec');
    expect((await post(key)).status).toBe(200);
    await revokeApiKey(h.storage, info.id);
    const revoked = await post(key);
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { error: { code: string } }).error.code).toBe('api_key_revoked');
  });

  it('judges anything that looks like an API key as one, with the REST codes; other credentials as OAuth tokens', async () => {
    const codeOf = async (key: string) => {
      const response = await post(key);
      const rest = await call(h.app, 'GET', '/onboarding/api/v1/flows', { key });
      return [response.status, ((await response.json()) as { error: { code: string } }).error.code, rest.json<{ error: { code: string } }>().error.code];
    };
    // Malformed and unknown keys: the REST routes' api_key_invalid, on MCP as on REST.
    expect(await codeOf('svc_test_sec_short')).toEqual([401, 'api_key_invalid', 'api_key_invalid']);
    expect(await codeOf('svc_nope')).toEqual([401, 'api_key_invalid', 'api_key_invalid']);
    expect(await codeOf(`svc_test_sec_${'x'.repeat(32)}`)).toEqual([401, 'api_key_invalid', 'api_key_invalid']);
    // OAuth tokens keep OAuth's code.
    const token = await post('inlay_at_not-a-real-token');
    expect(token.status).toBe(401);
    expect(((await token.json()) as { error: { code: string } }).error.code).toBe('access_token_invalid');
    expect(token.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses requests from a foreign Origin', async () => {
    const response = await fetch(`${origin}/onboarding/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${h.ws.keys.testSecret}`, origin: 'https://evil.example.com' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(403);
  });
});

describe('MCP malformed calls', () => {
  const rpc = async (message: unknown) => {
    const response = await fetch(`${origin}/onboarding/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${h.ws.keys.testSecret}` },
      body: JSON.stringify(message),
    });
    return (await response.json()) as { id?: unknown; error?: { code: number; message: string }; result?: unknown };
  };

  it('answers an empty batch 400 with one -32600 error, as JSON-RPC has it', async () => {
    const response = await fetch(`${origin}/onboarding/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${h.ws.keys.testSecret}` },
      body: '[]',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining('empty batch') }, id: null });
  });

  it('answers a body that is not JSON with -32700, and GET or DELETE (a session ended) with 405', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${h.ws.keys.testSecret}` };
    for (const body of ['{not json', '']) {
      const response = await fetch(`${origin}/onboarding/mcp`, { method: 'POST', headers, body });
      expect(response.status, body).toBe(400);
      expect(response.headers.get('request-id')).toMatch(/^req_/);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: expect.stringContaining('not valid JSON') }, id: null });
    }
    // An error of another kind keeps the server's shape.
    const unauthenticated = await fetch(`${origin}/onboarding/mcp`, { method: 'POST', headers: { ...headers, authorization: '' }, body: '{}' });
    expect(unauthenticated.status).toBe(401);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${origin}/onboarding/mcp`, { method, headers: { ...headers, 'mcp-session-id': 'any' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32000);
    }
  });

  it('answers params that are not the method’s with -32602, saying what is wrong', async () => {
    const missing = await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call' });
    expect(missing.id).toBe(7);
    expect(missing.error?.code).toBe(-32602);
    expect(missing.error?.message).toMatch(/^Invalid params for tools\/call: .* at params\.$/);
    const wrongType = await rpc({ jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 42 } });
    expect(wrongType.error?.code).toBe(-32602);
    expect(wrongType.error?.message).toContain('params.name');
    // A well-formed call, an unknown method and an unknown tool keep the SDK's answers.
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })).result).toBeDefined();
    expect((await rpc({ jsonrpc: '2.0', id: 2, method: 'nope/x' })).error?.code).toBe(-32601);
    expect((await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'nope', arguments: {} } })).result).toMatchObject({ isError: true });
  });
});

describe('MCP privacy guard', () => {
  it('never returns progress, traits, post titles or bodies, or session data from any tool', async () => {
    const MARK = 'zq-private-7731';
    const secret = h.ws.keys.testSecret;
    const pub = h.ws.keys.testPublishable;
    // Data end users created, each carrying the marker.
    const flowId = await createResource(h.app, secret, 'onboarding', 'flows');
    dataOf(await call(h.app, 'PATCH', `/onboarding/api/v1/flows/${flowId}`, { key: secret, body: { name: 'Flow', config: { items: [{ id: 'a', title: 'A' }] } } }));
    dataOf(await call(h.app, 'POST', `/onboarding/api/v1/flows/${flowId}`, { key: secret, body: { action: 'publish' } }));
    dataOf(await call(h.app, 'POST', `/onboarding/api/v1/progress/${flowId}/items/a/complete`, { key: pub, body: { userId: `${MARK}-user`, workspaceKey: `${MARK}-acct` } }));
    const boardId = await createResource(h.app, secret, 'feedback', 'boards');
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key: secret, body: { action: 'publish' } }));
    const post = dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: `${MARK} title`, body: `${MARK} body`, author: { id: `${MARK}-author` } } }));
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${post.id}/comments`, { key: pub, body: { body: `${MARK} comment`, author: { id: `${MARK}-commenter` } } }));
    const importerId = await createResource(h.app, secret, 'importer', 'importers');
    dataOf(await call(h.app, 'PATCH', `/importer/api/v1/importers/${importerId}`, { key: secret, body: { name: 'I', config: { fields: [{ key: 'email', label: 'Email', type: 'email' }] } } }));
    dataOf(await call(h.app, 'POST', `/importer/api/v1/importers/${importerId}`, { key: secret, body: { action: 'publish' } }));
    const session = dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, body: { importerId, metadata: { note: MARK } } }));
    dataOf(await call(h.app, 'POST', `/importer/api/v1/sessions/${session.id}/complete`, { key: pub, body: { mapping: { email: `${MARK}-column` }, rowCount: 1, errorCount: 0 } }));

    const ids: Record<string, string> = { onboarding: flowId, feedback: boardId, importer: importerId };
    for (const [service, names] of Object.entries(TOOLS)) {
      const client = await connect(service, secret);
      const id = ids[service]!;
      const revisions = service === 'feedback' ? undefined : ok<{ items: { id: string }[] }>(await tool(client, 'list_revisions', { id }));
      const argsFor: Record<string, Record<string, unknown>> = {
        [`list_${service === 'onboarding' ? 'flows' : service === 'feedback' ? 'boards' : 'importers'}`]: { limit: 100 },
        get_flow: { id },
        get_board: { id },
        get_importer: { id },
        create_flow: { name: 'Another' },
        create_board: { name: 'Another' },
        create_importer: { name: 'Another' },
        update_draft: { id, name: 'Renamed', config: service === 'importer' ? { fields: [{ key: 'email', label: 'Email', type: 'email' }] } : {} },
        publish_flow: { id },
        publish_board: { id },
        publish_importer: { id },
        get_published_config: { id },
        get_install_snippet: { id },
        list_revisions: { id },
        restore_revision: { id, revisionId: revisions?.items.at(-1)?.id ?? '' },
        list_capabilities: {},
      };
      for (const name of names) {
        const result = await tool(client, name, argsFor[name]);
        expect(result.isError, `${service} ${name}: ${result.content[0]?.text}`).toBeFalsy();
        expect(JSON.stringify(result), `${service} ${name}`).not.toContain(MARK);
      }
    }
  });
});
