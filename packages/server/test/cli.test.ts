import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startInlay } from '../src/testing/inlay-process.js';
import { inlayInProcess } from './cli-in-process.js';
import { CLI, cleanEnv } from './inlay-processes.js';
import { tempDir, testDatabase } from './helpers.js';

const dir = tempDir();
const cliDb = await testDatabase('cli.db');
const startDb = await testDatabase('start.db');

function inlay(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  return inlayWith({}, ...args);
}

function inlayWith(env: Record<string, string>, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, INLAY_DB: '', INLAY_ADMIN_PASSWORD: '', ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Each test runs the CLI as processes (a second or more each when the suite runs beside the
// others on two cores): a longer budget than the unit tests'.
describe('inlay CLI', { timeout: 90_000 }, () => {
  const db = cliDb;

  it('init --json prints the workspace and four keys of the right kinds', () => {
    const result = inlay('init', '--json', '--db', db, '--name', 'CLI test');
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as { workspaceId: string; keys: Record<string, string> };
    expect(parsed.workspaceId).toMatch(/^ws_/);
    expect(Object.keys(parsed.keys).sort()).toEqual(['livePublishable', 'liveSecret', 'testPublishable', 'testSecret']);
    expect(parsed.keys.testPublishable).toMatch(/^svc_test_pub_[0-9A-Za-z]{32}$/);
    expect(parsed.keys.liveSecret).toMatch(/^svc_live_sec_[0-9A-Za-z]{32}$/);
  });

  it('lists, creates and revokes keys, never printing a stored key in full', () => {
    const { workspaceId, keys } = JSON.parse(inlay('init', '--json', '--db', db).stdout) as { workspaceId: string; keys: Record<string, string> };
    const listed = inlay('keys', 'list', '--workspace', workspaceId, '--db', db, '--json');
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as { id: string; mode: string; kind: string; last4: string; revokedAt: string | null }[];
    expect(rows).toHaveLength(4);
    for (const key of Object.values(keys)) expect(listed.stdout).not.toContain(key);

    const created = inlay('keys', 'create', '--workspace', workspaceId, '--mode', 'live', '--kind', 'pub', '--db', db);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/svc_live_pub_[0-9A-Za-z]{32}/);

    const target = rows[0]!.id;
    expect(inlay('keys', 'revoke', target, '--db', db).code).toBe(0);
    const after = JSON.parse(inlay('keys', 'list', '--workspace', workspaceId, '--db', db, '--json').stdout) as typeof rows;
    expect(after).toHaveLength(5);
    expect(after.find((row) => row.id === target)?.revokedAt).not.toBeNull();
    const again = inlay('keys', 'revoke', target, '--db', db);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('no active key');
  });

  it('sets a workspace plan and refuses unknown plans and workspaces', () => {
    const { workspaceId } = JSON.parse(inlay('init', '--json', '--db', db).stdout) as { workspaceId: string };
    expect(inlay('workspace', 'plan', workspaceId, 'hosted', '--db', db).stdout).toContain('hosted');
    const badPlan = inlay('workspace', 'plan', workspaceId, 'platinum', '--db', db);
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr.trim().split('\n')).toHaveLength(1);
    expect(inlay('workspace', 'plan', 'ws_nope', 'free', '--db', db).code).toBe(2);
  });

  it('creates an admin account, refuses weak passwords, and adds another workspace to an existing email', () => {
    const { workspaceId } = JSON.parse(inlay('init', '--json', '--db', db).stdout) as { workspaceId: string };
    const created = inlayWith({ INLAY_ADMIN_PASSWORD: 'a long enough password' }, 'admin', 'create', '--email', 'ops@acme.test', '--workspace', workspaceId, '--db', db);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('ops@acme.test');
    const again = inlay('admin', 'create', '--email', 'ops@acme.test', '--workspace', workspaceId, '--db', db);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('already belongs');
    const second = (JSON.parse(inlay('init', '--json', '--db', db).stdout) as { workspaceId: string }).workspaceId;
    const joined = inlay('admin', 'create', '--email', 'OPS@acme.test', '--workspace', second, '--db', db);
    expect(joined.code, joined.stderr).toBe(0);
    expect(joined.stdout).toContain(`now also belongs to workspace ${second}`);
    const short = inlayWith({ INLAY_ADMIN_PASSWORD: 'short' }, 'admin', 'create', '--email', 'new@acme.test', '--workspace', workspaceId, '--db', db);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('INLAY_ADMIN_PASSWORD');
    // A password on the command line is refused: every user of the machine could read it in ps.
    const flagged = inlay('admin', 'create', '--email', 'new@acme.test', '--workspace', workspaceId, '--password', 'a long enough password', '--db', db);
    expect(flagged.code).toBe(2);
    expect(flagged.stderr).toContain('set INLAY_ADMIN_PASSWORD');
  });

  // Argument checking only: the CLI's code run in this process (cli-in-process.ts).
  it('exits non-zero with a one-line reason on bad arguments', async () => {
    const cases: [string[], string][] = [
      [['init', '--bogus'], '--bogus'],
      [['keys', 'create', '--workspace', 'x', '--mode', 'prod', '--kind', 'pub'], '--mode'],
      [['frobnicate'], 'frobnicate'],
      [['start', '--port', 'http'], 'port'],
      [['start', '--services', 'billing'], 'billing'],
    ];
    for (const [args, named] of cases) {
      const result = await inlayInProcess([...args, '--db', db]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr, args.join(' ')).toContain(named);
      expect(result.stdout, args.join(' ')).toBe('');
    }
  });

  it('start ends, with exit code 1 and one line, when it cannot listen or its demo file is broken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      // The database and workers were open by then; a hang is a failure here (spawnSync's timeout).
      const busy = spawnSync(process.execPath, [CLI, 'start', '--port', port, '--db', join(dir, 'busy.db'), '--log-level', 'silent'], { cwd: dir, encoding: 'utf8', env: cleanEnv(), timeout: 30_000 });
      expect(busy.signal, busy.stderr).toBeNull();
      expect(busy.status).toBe(1);
      expect(busy.stderr.trim().split('\n')).toEqual([expect.stringContaining('EADDRINUSE')]);
    } finally {
      taken.close();
    }
    const demoDir = join(dir, 'broken-demo');
    mkdirSync(demoDir);
    writeFileSync(join(demoDir, 'demo.json'), '{ not json');
    const broken = spawnSync(process.execPath, [CLI, 'start', '--port', '0', '--demo', '--db', join(demoDir, 'inlay.db'), '--log-level', 'silent'], { cwd: dir, encoding: 'utf8', env: cleanEnv(), timeout: 30_000 });
    expect(broken.signal, broken.stderr).toBeNull();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain(join(demoDir, 'demo.json'));
  });

  it('stops quietly when its reader closes the pipe early (`| head`), its work done', async () => {
    const { workspaceId } = JSON.parse(inlay('init', '--json', '--db', db).stdout) as { workspaceId: string };
    const child = spawn(process.execPath, [CLI, 'keys', 'create', '--workspace', workspaceId, '--mode', 'test', '--kind', 'pub', '--db', db], { cwd: dir, env: cleanEnv() });
    // Closed before the command writes a byte: its first line meets EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const keys = JSON.parse(inlay('keys', 'list', '--workspace', workspaceId, '--db', db, '--json').stdout) as unknown[];
    expect(keys).toHaveLength(5);
  });

  it('names a workspace that does not exist when listing its webhook endpoints, as for keys', async () => {
    expect(inlay('init', '--db', db).code).toBe(0);
    const result = await inlayInProcess(['webhooks', 'list', '--workspace', 'ws_nope', '--db', db]);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain('no workspace ws_nope');
  });

  it('takes an empty INLAY_DB as unset, as start does: the default file', () => {
    const result = inlayWith({ INLAY_DB: '' }, 'init', '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(dir, '.inlay', 'inlay.db'))).toBe(true);
  });

  it('never makes a database out of a mistyped path, nor adds its tables to another application\'s file', async () => {
    const typo = join(dir, 'typo', 'dir', 'x.db');
    const missing = await inlayInProcess(['keys', 'list', '--workspace', 'ws_x', '--db', typo]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`no Inlay database at ${typo}`);
    expect(existsSync(join(dir, 'typo'))).toBe(false);

    const other = join(dir, 'other-app.db');
    const file = new BetterSqlite3(other);
    file.exec("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices (total) VALUES (9.5)");
    file.close();
    const before = readFileSync(other);
    for (const args of [['keys', 'list', '--workspace', 'ws_x'], ['init']]) {
      const refused = await inlayInProcess([...args, '--db', other]);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr, args.join(' ')).toContain(`${other} is not an Inlay database: it holds other tables (invoices)`);
    }
    expect(readFileSync(other).equals(before)).toBe(true);
    expect(existsSync(`${other}-wal`)).toBe(false);
    const folder = await inlayInProcess(['keys', 'list', '--workspace', 'ws_x', '--db', dir]);
    expect(folder.stderr).toContain(`cannot open the SQLite database ${dir}: it is a directory`);
  });

  it('start serves the chosen services on the given port', async () => {
    const server = await startInlay(['--port', '0', '--db', startDb, '--services', 'feedback', '--demo'], { cli: CLI, cwd: dir, readyWhen: /curl/ });
    try {
      const output = server.output();
      const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
      const health = (await (await fetch(`${url}/healthz`)).json()) as { data: { services: string[] } };
      expect(health.data.services).toEqual(['feedback']);
      expect((await fetch(`${url}/onboarding/api/v1/flows`)).status).toBe(404);
      const key = /test publishable\s+(\S+)/.exec(output)?.[1];
      const board = /board (board_\w+)/.exec(output)?.[1];
      const config = await fetch(`${url}/feedback/api/v1/config/${board}`, { headers: { authorization: `Bearer ${key}` } });
      expect(config.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
