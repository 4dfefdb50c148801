import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startInlay } from '../src/testing/inlay-process.js';
import { inlayInProcess } from './cli-in-process.js';
import { CLI } from './inlay-processes.js';
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
