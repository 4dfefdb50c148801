import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OperatorConfigSchema } from '../src/config/operator-config.js';
import { envName } from '../src/config/load-config.js';
import { optionLeaves } from '../src/config/option-leaves.js';
import type { InlayProcess } from '../src/testing/inlay-process.js';
import { tempDir } from './helpers.js';
import { inlayInProcess as inlay } from './cli-in-process.js';
import { cleanEnv, inlayProcesses } from './inlay-processes.js';
import { waitFor } from './webhook-receiver.js';

// `inlay start` configured the ways an operator does: a JSON file, INLAY_* variables and flags,
// through the built CLI in its own process (docs/self-hosting.md). What is only argument, help
// and config checking runs the same CLI code in this process (cli-in-process.ts).
const dir = tempDir();
/** The child's environment: this process's, without any INLAY_* variable of the caller. */
const baseEnv = cleanEnv();
const processes = inlayProcesses({ cwd: dir, env: baseEnv });

interface Started extends InlayProcess {
  url: string;
  key: string;
  boardId: string;
}

let dbCount = 0;
async function start(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const db = join(dir, `start-${(dbCount += 1)}.db`);
  // The demo's keys and board are printed after the URL, ending with a curl example.
  const server = await processes.start(['--port', '0', '--db', db, '--demo', ...args], { env: { ...baseEnv, ...env }, readyWhen: /curl/ });
  const text = server.output();
  return {
    ...server,
    url: server.origin,
    key: /test publishable\s+(\S+)/.exec(text)![1]!,
    boardId: /board (board_\w+)/.exec(text)![1]!,
  };
}

/** Creates one anonymous post as a visitor at `address` (through a proxy's X-Forwarded-For). */
async function post(server: Started, address: string, author: string): Promise<number> {
  const response = await fetch(`${server.url}/feedback/api/v1/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ boardId: server.boardId, title: `Idea from ${address}`, author: { id: author, anonymous: true } }),
  });
  await response.arrayBuffer();
  return response.status;
}

// Each test starts real `inlay start` processes (one to two seconds each on an idle machine, many more
// when the suite runs beside the others on two cores): a longer budget than the unit tests'.
describe('inlay start configuration', { timeout: 90_000 }, () => {
  it('runs as `npx inlay` from the repository root after install and build', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const result = spawnSync('npx', ['--no-install', 'inlay', 'help'], { cwd: root, encoding: 'utf8', env: baseEnv });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('inlay start');
  });

  it('before a build, `inlay` says in one line what to run instead of a stack trace', () => {
    // The package's bin file as npm links it, in a copy of the package that has no dist/ yet.
    const unbuilt = join(dir, 'unbuilt-package');
    mkdirSync(join(unbuilt, 'bin'), { recursive: true });
    copyFileSync(fileURLToPath(new URL('../bin/inlay.js', import.meta.url)), join(unbuilt, 'bin', 'inlay.js'));
    writeFileSync(join(unbuilt, 'package.json'), '{"type": "module"}');
    const result = spawnSync(process.execPath, [join(unbuilt, 'bin', 'inlay.js'), 'help'], { encoding: 'utf8', env: baseEnv });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['inlay: the server is not built yet: run `npm start` (or `npm run build`) in the Inlay checkout first.']);
  });

  it('start --help lists every option with its variable and exits 0', async () => {
    const result = await inlay(['start', '--help']);
    expect(result.code).toBe(0);
    const leaves = optionLeaves(OperatorConfigSchema);
    expect(leaves.length).toBeGreaterThan(10);
    for (const leaf of leaves) {
      expect(result.stdout).toContain(leaf.path);
      expect(result.stdout).toContain(envName(leaf.path));
    }
    expect(result.stdout).toContain('INLAY_RATE_LIMITS_POSTS_PER_CLIENT');
    expect(result.stdout).toContain('--trust-proxy');
    expect(result.stdout).toContain('postgres://');
    expect(result.stdout).not.toContain('Every option can be set');
  });

  it('config check accepts a good file and names the unknown key or bad value of a bad one in one line', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ port: 8080, trustProxy: '10.0.0.0/8', rateLimits: { postsPerClient: 100 }, logLevel: 'warn' }));
    expect(await inlay(['config', 'check', good])).toMatchObject({ code: 0, stdout: `${good}: OK\n`, stderr: '' });

    const cases: [unknown, string][] = [
      [{ rateLimits: { postsPerClent: 3 } }, 'rateLimits.postsPerClent'],
      [{ port: 'http' }, 'port'],
      [{ logLevel: 'loud' }, 'logLevel'],
      [{ publicUrl: 'https://inlay.example.com/base' }, 'publicUrl'],
      ['{"__proto__": {"port": 1}}', '__proto__'],
      [{ publicUrl: 'notaurl' }, 'publicUrl'],
      [{ rateLimits: { store: 'bogus' } }, 'rateLimits.store'],
      [{ services: ['onboarding', 'onboarding'] }, 'services'],
      // Options that go together, as start would refuse them.
      [{ email: { smtpUrl: 'smtp://localhost:25' } }, 'publicUrl'],
      [{ rateLimits: { store: 'postgres' } }, 'rateLimits.store postgres'],
    ];
    for (const [content, key] of cases) {
      const file = join(dir, 'bad.json');
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      const result = await inlay(['config', 'check', file]);
      expect(result.code, JSON.stringify(content)).toBe(2);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
      expect(result.stderr).toContain(key);
    }
    // Lists from the environment, of numbers too (docs/webhooks.md's example).
    expect(await inlay(['config', 'check', good], { INLAY_WEBHOOKS_RETRY_SCHEDULE: '5,60,600', INLAY_SERVICES: 'onboarding, feedback' })).toMatchObject({ code: 0, stderr: '' });
    // The environment completes the file, as for start.
    writeFileSync(join(dir, 'email.json'), JSON.stringify({ email: { smtpUrl: 'smtp://localhost:25' } }));
    expect(await inlay(['config', 'check', join(dir, 'email.json')], { INLAY_PUBLIC_URL: 'https://inlay.example.com' })).toMatchObject({ code: 0 });
    writeFileSync(join(dir, 'broken.json'), '{"port": 80,');
    expect((await inlay(['config', 'check', join(dir, 'broken.json')])).stderr).toContain('not JSON');
    expect((await inlay(['config', 'check', join(dir, 'missing.json')])).stderr).toContain('ENOENT');
  });

  it('names what is wrong with a flag or variable of the right kind, and PORT as PORT', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--port', '70000'], {}, /--port: Too big/],
      [['--port', '3313.5'], {}, /--port: .*(int|whole)/i],
      [['--services', 'onboarding,bogus'], {}, /--services: .*expected one of .*\(got "bogus"\)/],
      [[], { PORT: 'lots' }, /bad value for PORT:/],
      [[], { INLAY_PORT: '99999' }, /bad value for INLAY_PORT: Too big/],
    ];
    for (const [args, env, message] of cases) {
      const started = await inlay(['start', ...args], env);
      expect(started.code, args.join(' ') || JSON.stringify(env)).toBe(2);
      expect(started.stderr).toMatch(message);
    }
  });

  it('refuses to start on an unknown INLAY_ variable or a bad value, naming it', async () => {
    const unknown = await inlay(['start', '--port', '0'], { INLAY_RATE_LIMIT_POSTS: '5' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('INLAY_RATE_LIMIT_POSTS');
    const bad = await inlay(['start', '--port', '0'], { INLAY_TRUST_PROXY: '-1' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('INLAY_TRUST_PROXY');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('behind a proxy, --trust-proxy limits each visitor by X-Forwarded-For; without it every visitor shares one bucket', async () => {
    // Post creation allows 10 a minute per (key, client address) by default.
    const trusting = await start(['--trust-proxy', '--log-level', 'silent']);
    const visitors: number[] = [];
    for (let i = 0; i < 11; i += 1) visitors.push(await post(trusting, `203.0.113.${i + 1}`, `visitor-${i}`));
    expect(visitors).toEqual(Array(11).fill(200));
    const one: number[] = [];
    for (let i = 0; i < 11; i += 1) one.push(await post(trusting, '198.51.100.7', `same-${i}`));
    expect(one.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(one[10]).toBe(429);

    const direct = await start(['--log-level', 'silent']);
    const shared: number[] = [];
    for (let i = 0; i < 11; i += 1) shared.push(await post(direct, `203.0.113.${i + 1}`, `visitor-${i}`));
    expect(shared[10]).toBe(429);
  });

  it('takes the file, then the environment, then flags', async () => {
    const file = join(dir, 'layers.json');
    writeFileSync(file, JSON.stringify({ trustProxy: true, host: '256.0.0.1', rateLimits: { postsPerClient: 2, postsPerAuthor: 100 } }));
    // The variable beats the file (3, not 2); the flag beats the file's unusable host.
    const server = await start(['--config', file, '--host', '127.0.0.1', '--log-level', 'silent'], { INLAY_RATE_LIMITS_POSTS_PER_CLIENT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await post(server, '192.0.2.1', `layer-${i}`));
    expect(statuses).toEqual([200, 200, 200, 429]);
    // trustProxy came from the file: another forwarded address is another visitor.
    expect(await post(server, '192.0.2.2', 'layer-x')).toBe(200);
  });

  it('serves readiness, the configured public URL as OAuth issuer, and JSON log lines; stops cleanly on SIGTERM', async () => {
    const server = await start(['--public-url', 'https://inlay.example.com', '--log-level', 'info'], { INLAY_CONFIG: '' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ data: { status: 'ready' } });
    const metadata = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json()) as { issuer: string; token_endpoint: string };
    expect(metadata.issuer).toBe('https://inlay.example.com');
    expect(metadata.token_endpoint).toBe('https://inlay.example.com/oauth/token');

    type Logged = { level: number; reqId?: string; req?: { url: string }; res?: { statusCode: number } };
    // Whole lines only: the last one may still be arriving.
    const logLines = () =>
      server
        .output()
        .split('\n')
        .slice(0, -1)
        .filter((line) => line.startsWith('{'));
    const logged = () => logLines().map((line) => JSON.parse(line) as Logged);
    // The request's log lines are written after its response: waited for, not assumed.
    const readyz = await waitFor(() => logged().find((line) => line.level === 30 && line.req?.url === '/readyz' && line.reqId !== undefined), 'the /readyz request logged');
    await waitFor(() => logged().some((line) => line.reqId === readyz.reqId && line.res?.statusCode === 200), 'the /readyz response logged');
    // A keyed request is logged without its key: both of its lines, the request's and the
    // response's (the last one a request writes), are in the output before it is searched.
    const configUrl = `/feedback/api/v1/config/${server.boardId}`;
    expect((await fetch(`${server.url}${configUrl}`, { headers: { authorization: `Bearer ${server.key}` } })).status).toBe(200);
    const keyed = await waitFor(() => logged().find((line) => line.req?.url === configUrl && line.reqId !== undefined), 'the keyed request logged');
    await waitFor(() => logged().some((line) => line.reqId === keyed.reqId && line.res?.statusCode === 200), 'the keyed response logged');
    expect(logLines().join('\n')).not.toContain('svc_');

    await server.stop('SIGTERM');
    expect(server.child.exitCode).toBe(0);
  });
});
