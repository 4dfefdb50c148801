import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { connectionCap } from '../src/connection-limits.js';
import { cdnRoutes } from '../src/demo/cdn-routes.js';
import { demoRoutes } from '../src/demo/demo-routes.js';
import { ensureDemoWorkspace } from '../src/demo/demo-workspace.js';
import { resolveOptions } from '../src/options.js';
import { OperatorConfigSchema } from '../src/config/operator-config.js';
import { REFUSED_BODY_LINGER_MS } from '../src/plugins/refused-body.js';
import { call, harness, tempDir, testDatabase } from './helpers.js';

// Generous bounds for outcomes that should come within a second: waiting is not what is tested.
const WAIT_MS = 10_000;
const SLOW_TEST = 30_000;

/** Rejects when `promise` has not settled within `ms`: the outcome never came. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface RawConnection {
  socket: Socket;
  connected: Promise<void>;
  closed: Promise<void>;
  received(): string;
}

/** A plain TCP connection to the server, recording what it answers. */
function rawConnection(url: string): RawConnection {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, connected, closed, received: () => received };
}

/** Writes one byte of `text` every `everyMs` until the connection closes. */
function trickle(connection: RawConnection, text: string, everyMs = 100): void {
  let index = 0;
  const timer = setInterval(() => {
    if (connection.socket.destroyed || !connection.socket.writable) return;
    connection.socket.write(text[index % text.length] ?? 'a');
    index++;
  }, everyMs);
  void connection.closed.then(() => clearInterval(timer));
}

/** Writes `x` as fast as the connection takes it until it closes. */
function flood(connection: RawConnection): void {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const write = (): void => {
    while (!connection.socket.destroyed && connection.socket.writable) {
      if (!connection.socket.write(chunk)) return void connection.socket.once('drain', write);
    }
  };
  write();
}

/** Opens a request to create a board whose body says it is 10 GiB, and floods it. */
async function endlessBoard(url: string, key: string): Promise<RawConnection> {
  const connection = rawConnection(url);
  await connection.connected;
  connection.socket.write(
    `POST /feedback/api/v1/boards HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n{"name":"`,
  );
  flood(connection);
  return connection;
}

describe('client timeouts (real sockets)', async () => {
  const h = await harness({ timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 400, idleMs: 800 } });
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });

  it('cuts off a body trickled a byte at a time with 408, while another connection is answered', { timeout: SLOW_TEST }, async () => {
    const slow = rawConnection(url);
    await slow.connected;
    slow.socket.write('POST /oauth/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    trickle(slow, ' ');

    const normal = await fetch(`${url}/healthz`);
    expect(normal.status).toBe(200);
    expect(slow.socket.destroyed).toBe(false);

    await within(slow.closed, WAIT_MS, 'the trickling connection is closed');
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.received()).toContain('"code":"request_timeout"');
    expect(slow.received().toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('cuts off headers trickled a byte at a time (slowloris) with 408', { timeout: SLOW_TEST }, async () => {
    const slow = rawConnection(url);
    await slow.connected;
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    trickle(slow, 'X-Slow: yes\r\n');
    await within(slow.closed, WAIT_MS, 'the trickling connection is closed');
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(slow.received().slice(slow.received().indexOf('\r\n\r\n') + 4))).toEqual({
      error: { type: 'timeout', code: 'request_timeout', message: expect.any(String), requestId: expect.stringMatching(/^req_/) },
    });
  });

  it('closes a connection that never sends a byte (its headers are late)', { timeout: SLOW_TEST }, async () => {
    const silent = rawConnection(url);
    await silent.connected;
    await within(silent.closed, WAIT_MS, 'the silent connection is closed');
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection still sending a refused body at its request deadline, with no second answer', { timeout: SLOW_TEST }, async () => {
    const endless = await endlessBoard(url, h.ws.keys.testSecret);
    await within(endless.closed, WAIT_MS, 'the connection is closed');
    expect(endless.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(endless.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('closes an idle keep-alive connection after its answer', { timeout: SLOW_TEST }, async () => {
    const kept = rawConnection(url);
    await kept.connected;
    kept.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await within(kept.closed, WAIT_MS, 'the idle keep-alive connection is closed');
    expect(kept.received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('requests Node would refuse without a body (real sockets)', async () => {
  const h = await harness();
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => h.app.close());

  /** Sends `request` on a fresh connection; what the server answers before it closes. */
  async function exchange(request: string): Promise<string> {
    const connection = rawConnection(url);
    await connection.connected;
    connection.socket.end(request);
    await within(connection.closed, WAIT_MS, 'the answer and the close');
    return connection.received();
  }

  it('refuses an HTTP/1.1 request without Host in the documented shape', async () => {
    const answer = await exchange('GET /healthz HTTP/1.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"malformed_request"');
    expect(answer).toContain('no Host header');
    expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff');
    // HTTP/1.0 has no such rule.
    expect(await exchange('GET /healthz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers a request whose Expect it does not know as usual', async () => {
    const answer = await exchange('GET /healthz HTTP/1.1\r\nHost: localhost\r\nExpect: a-feature\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"status":"ok"');
    expect(answer).toMatch(/request-id: req_/i);
  });
});

describe('bodies over the limit (real sockets)', async () => {
  const h = await harness({ bodyLimit: 64 * 1024 });
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => h.app.close());
  const key = h.ws.keys.testSecret;

  /** Creates a board with `body` through Node's fetch; answers the status and the error. */
  async function create(body: string | ReadableStream<Uint8Array>, init: RequestInit = {}): Promise<{ status: number; error: { code: string; message: string } }> {
    const response = await fetch(`${url}/feedback/api/v1/boards`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
      ...init,
    });
    return { status: response.status, error: ((await response.json()) as { error: { code: string; message: string } }).error };
  }

  it('answers a body over the limit with 413 naming the limit, also when it comes in chunks', async () => {
    const refused = await create(JSON.stringify({ name: 'x'.repeat(2 * 1024 ** 2) }));
    expect(refused).toEqual({ status: 413, error: expect.objectContaining({ code: 'body_too_large', message: expect.stringContaining('(65536 bytes)') }) });
    // No Content-Length: refused once the limit is passed.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 32; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(0x78));
        controller.close();
      },
    });
    expect((await create(chunks, { duplex: 'half' } as RequestInit)).status).toBe(413);
  });

  it('reads the rest of a refused body, so a client that reads once it has sent everything gets the 413', { timeout: SLOW_TEST }, async () => {
    // As many HTTP clients do (urllib3, for one): the whole request, then the answer. Had the
    // server closed the connection on answering, the rest of the body would meet a reset.
    const client = rawConnection(url);
    await client.connected;
    client.socket.pause();
    const size = 8 * 1024 ** 2;
    client.socket.write(`POST /feedback/api/v1/boards HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
    const sent = await within(
      new Promise<string>((resolve) => client.socket.write(Buffer.alloc(size, 'x'), (error) => resolve(error ? `failed: ${error.message}` : 'sent'))),
      WAIT_MS,
      'the body is sent',
    );
    expect(sent).toBe('sent');
    client.socket.resume();
    await expect.poll(() => client.received(), { timeout: WAIT_MS }).toContain('"code":"body_too_large"');
    expect(client.received()).toMatch(/^HTTP\/1\.1 413 /);
    client.socket.destroy();
  });

  it('closes a connection that goes on sending a refused body after a while', { timeout: SLOW_TEST }, async () => {
    const endless = await endlessBoard(url, key);
    await within(endless.closed, WAIT_MS, 'the connection is closed');
    expect(endless.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(endless.received()).toContain('"code":"body_too_large"');
  });
});

describe('bodies over the limit (app.inject)', async () => {
  const h = await harness({ bodyLimit: 1024 });

  it('answers 413 and leaves nothing behind to close a socket inject does not have', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const refused = await call(h.app, 'POST', '/feedback/api/v1/boards', { key: h.ws.keys.testSecret, body: { name: 'x'.repeat(4096) } });
      expect(refused.statusCode).toBe(413);
      // The linger's end, had it been armed on inject's stand-in socket, throws here.
      expect(() => vi.advanceTimersByTime(REFUSED_BODY_LINGER_MS + 1)).not.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('idle timeout (real sockets)', async () => {
  // Generous header and request budgets, so only the idle timeout can close the connection.
  const h = await harness({ timeouts: { headersMs: 20_000, requestMs: 20_000, idleMs: 300 } });
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });

  it('closes a connection on which nothing moves', { timeout: SLOW_TEST }, async () => {
    const silent = rawConnection(url);
    await silent.connected;
    await within(silent.closed, WAIT_MS, 'the idle connection is closed');
    expect(silent.received()).toBe('');
  });
});

describe('connection cap (real sockets)', async () => {
  const h = await harness({ maxConnections: 2 });
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const openConnections = () => new Promise<number>((resolve, reject) => h.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

  it('closes connections above the cap while an existing one is still served', { timeout: SLOW_TEST }, async () => {
    const first = rawConnection(url);
    const second = rawConnection(url);
    await Promise.all([first.connected, second.connected]);
    await within(
      (async () => {
        while ((await openConnections()) < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      })(),
      WAIT_MS,
      'the server counts both connections',
    );

    const third = rawConnection(url);
    await within(third.closed, WAIT_MS, 'the connection above the cap is closed');
    expect(third.received()).toBe('');

    first.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await within(first.closed, WAIT_MS, 'the existing connection is answered');
    expect(first.received()).toMatch(/^HTTP\/1\.1 200 /);
    second.socket.destroy();
  });

  it('is lowered to leave file descriptors for the server when ulimit -n is small', () => {
    expect(connectionCap(10_000, 1_024)).toEqual({ cap: 768, lowered: true });
    expect(connectionCap(10_000, 20_000)).toEqual({ cap: 10_000, lowered: false });
    expect(connectionCap(10_000, undefined)).toEqual({ cap: 10_000, lowered: false });
  });

  it('refuses timeouts Node would refuse', () => {
    expect(() => resolveOptions({ db: ':memory:', timeouts: { headersMs: 40_000 } })).toThrow(/headersMs/);
    expect(() => resolveOptions({ db: ':memory:', timeouts: { idleMs: 0 } })).toThrow(/idleMs/);
  });

  it('refuses a pool of no connections and a shared-count flush of every millisecond', () => {
    expect(() => resolveOptions({ db: ':memory:', dbPoolSize: 0 })).toThrow(/dbPoolSize/);
    expect(() => resolveOptions({ db: ':memory:', rateLimits: { sharedFlushMs: 0 } })).toThrow(/sharedFlushMs/);
    expect(() => resolveOptions({ db: ':memory:', rateLimits: { sharedFlushMs: Number.NaN } })).toThrow(/sharedFlushMs/);
    expect(resolveOptions({ db: ':memory:', rateLimits: { sharedFlushMs: 10 } }).rateLimits.sharedFlushMs).toBe(10);
    expect(OperatorConfigSchema.safeParse({ rateLimits: { sharedFlushMs: 5 } }).success).toBe(false);
  });
});

describe('CORS: only publishable routes and the OAuth client endpoints', async () => {
  const h = await harness();
  const origin = 'https://shop.example.org';
  const preflight = (url: string, method = 'POST', headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type', ...headers } });

  it.each([
    '/onboarding/api/v1/flows',
    '/onboarding/api/v1/flows/flow_x',
    '/onboarding/api/v1/author-tokens',
    '/onboarding/mcp',
    '/feedback/api/v1/boards',
    '/feedback/mcp',
    '/importer/api/v1/importers',
    '/importer/mcp',
    '/healthz',
    '/oauth/authorize',
    '/oauth/login',
  ])('a preflight to the secret or same-origin route %s gets no Access-Control-Allow-Origin', async (url) => {
    const response = await preflight(url);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toBeUndefined();
  });

  it.each([
    ['/onboarding/api/v1/config/flow_x', 'GET'],
    ['/onboarding/api/v1/progress/flow_x', 'GET'],
    ['/onboarding/api/v1/outcomes', 'POST'],
    ['/feedback/api/v1/posts', 'POST'],
    ['/feedback/api/v1/posts/post_x', 'POST'],
    ['/importer/api/v1/sessions', 'POST'],
  ])('a preflight to the publishable route %s is answered for the page', async (url, method) => {
    const response = await preflight(url, method);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('answers the OAuth discovery, registration, token and revocation endpoints cross-origin, without credentials', async () => {
    for (const [url, method] of [
      ['/.well-known/oauth-protected-resource/onboarding/mcp', 'GET'],
      ['/.well-known/oauth-authorization-server', 'GET'],
      ['/oauth/register', 'POST'],
      ['/oauth/token', 'POST'],
      ['/oauth/revoke', 'POST'],
    ] as const) {
      const response = await preflight(url, method, { 'access-control-request-headers': 'content-type, mcp-protocol-version' });
      expect(response.statusCode, url).toBe(204);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(String(response.headers['access-control-allow-headers']).toLowerCase(), url).toContain('mcp-protocol-version');
    }
    const metadata = await h.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server', headers: { origin } });
    expect(metadata.headers['access-control-allow-origin']).toBe('*');
  });

  it('sends no CORS headers on secret-key answers either', async () => {
    const response = await call(h.app, 'GET', '/onboarding/api/v1/flows', { key: h.ws.keys.testSecret, headers: { origin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers', async () => {
  const h = await harness();
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });

  const expectBase = (headers: Record<string, unknown>, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('no-referrer');
    expect(headers['x-frame-options'], what).toBe('DENY');
  };

  it('are on every answer: API, errors, 404s, preflights, OAuth, malformed URLs', async () => {
    const answers = {
      health: await call(h.app, 'GET', '/healthz'),
      secret: await call(h.app, 'GET', '/onboarding/api/v1/flows', { key: h.ws.keys.testSecret }),
      unauthenticated: await call(h.app, 'GET', '/onboarding/api/v1/flows'),
      publishable: await call(h.app, 'GET', '/onboarding/api/v1/config/flow_x', { key: h.ws.keys.testPublishable }),
      badJson: await h.app.inject({ method: 'POST', url: '/onboarding/api/v1/flows', headers: { authorization: `Bearer ${h.ws.keys.testSecret}`, 'content-type': 'application/json' }, payload: '{' }),
      noRoute: await call(h.app, 'GET', '/nowhere'),
      malformedUrl: await call(h.app, 'GET', '/onboarding/api/v1/flows/%E0%A4%A'),
      preflight: await h.app.inject({ method: 'OPTIONS', url: '/onboarding/api/v1/config/flow_x', headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' } }),
      oauthMetadata: await call(h.app, 'GET', '/.well-known/oauth-authorization-server'),
      oauthPage: await call(h.app, 'GET', '/oauth/authorize'),
    };
    for (const [what, response] of Object.entries(answers)) {
      expectBase(response.headers, what);
      expect(response.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
    }
    expect(answers.malformedUrl.statusCode).toBe(400);
  });

  it('are on MCP answers, which the transport writes itself', async () => {
    const response = await fetch(`${url}/onboarding/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${h.ws.keys.testSecret}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(200);
    expectBase(Object.fromEntries(response.headers), 'mcp');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
  });

  it('give the OAuth pages a CSP for their stylesheet and forms that forbids framing', async () => {
    const registered = await h.app.inject({ method: 'POST', url: '/oauth/register', payload: { redirect_uris: ['http://localhost:6274/callback'] } });
    const clientId = (registered.json() as { client_id: string }).client_id;
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: 'http://localhost:6274/callback',
      response_type: 'code',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
      resource: 'http://localhost:80/onboarding/mcp',
    });
    const login = await call(h.app, 'GET', `/oauth/authorize?${query}`);
    expect(login.headers['content-type']).toContain('text/html');
    const error = await call(h.app, 'GET', '/oauth/authorize');
    expect(error.headers['content-type']).toContain('text/html');
    for (const page of [login, error]) {
      expect(page.headers['x-frame-options']).toBe('DENY');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("form-action 'self'");
      expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('let pages on other origins load publishable answers and OAuth metadata, and nothing else', async () => {
    const publishable = await call(h.app, 'GET', '/onboarding/api/v1/config/flow_x', { key: h.ws.keys.testPublishable });
    expect(publishable.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const metadata = await call(h.app, 'GET', '/.well-known/oauth-protected-resource/onboarding/mcp');
    expect(metadata.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const secret = await call(h.app, 'GET', '/onboarding/api/v1/flows', { key: h.ws.keys.testSecret });
    expect(secret.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Nothing that would stop a customer's page embedding the widgets or an MCP client's popup.
    for (const response of [publishable, metadata, secret]) {
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });
});

describe('security headers of the demo page and the widget bundles', async () => {
  const dir = tempDir();
  const dbPath = await testDatabase('demo.db');
  const assetsDir = join(dir, 'cdn');
  mkdirSync(assetsDir);
  writeFileSync(join(assetsDir, 'inlay-checklist.js'), 'console.log("bundle")');
  const app = await buildApp({ db: dbPath, logger: false });
  const { demo } = await ensureDemoWorkspace(app.inlay.storage);
  await app.register(cdnRoutes, { dir: assetsDir });
  await app.register(demoRoutes, { demo, widgetsBuilt: true });
  afterAll(() => app.close());

  it('serve the bundles to any origin, without a CSP that would bind their workers', async () => {
    const bundle = await call(app, 'GET', '/cdn/inlay-checklist.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(bundle.headers['access-control-allow-origin']).toBe('*');
    expect(bundle.headers['content-security-policy']).toBeUndefined();
    expect(bundle.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keep the demo page's own strict CSP, which forbids framing", async () => {
    const page = await call(app, 'GET', '/demo');
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});
