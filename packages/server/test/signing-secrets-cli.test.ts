import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { verifyAuthorToken } from '../src/auth/author-tokens.js';
import { inlayInProcess } from './cli-in-process.js';
import { call, createResource, dataOf, tempDir, testDatabase } from './helpers.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const dir = tempDir();
const rotateDb = await testDatabase('rotate.db');
const rotateArgsDb = await testDatabase('rotate-args.db');
/** Each CLI run is a fresh Node process; on a busy machine a few take many seconds. */
const SLOW = { timeout: 120_000 };

function inlay(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, INLAY_DB: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('inlay signing-secrets rotate', () => {
  it('rotates beside a running server: old tokens still verify, new ones carry the new kid', SLOW, async () => {
    const db = rotateDb;
    const { workspaceId, keys } = JSON.parse(inlay('init', '--json', '--db', db).stdout) as { workspaceId: string; keys: Record<string, string> };
    // The server runs in this process; the CLI is another process on the same file.
    const app = await buildApp({ db, keyCacheTtlMs: 0 });
    try {
      const flowId = await createResource(app, keys.testSecret!, 'onboarding', 'flows');
      const expectation = { workspaceId, mode: 'test' as const, service: 'onboarding' as const, resourceId: flowId };
      const mint = async () =>
        dataOf<{ token: string }>(await call(app, 'POST', '/onboarding/api/v1/author-tokens', { key: keys.testSecret, body: { authorId: 'u_1', flowId, workspaceKey: 'a' } })).token;
      const verify = (token: string) => verifyAuthorToken(app.inlay.storage, token, expectation, app.inlay.signingSecrets);

      const before = await mint();
      expect(await verify(before)).toMatchObject({ sub: 'u_1' });
      const oldKid = decodeProtectedHeader(before).kid;

      const rotated = inlay('signing-secrets', 'rotate', '--workspace', workspaceId, '--mode', 'test', '--json', '--db', db);
      expect(rotated.code, rotated.stderr).toBe(0);
      const rotation = JSON.parse(rotated.stdout) as { workspaceId: string; mode: string; kid: string; retired: { kid: string; verifiesUntil: string }[] };
      expect(rotation).toMatchObject({ workspaceId, mode: 'test', retired: [{ kid: oldKid }] });
      expect(rotation.kid).toMatch(/^kid_/);
      expect(rotation.kid).not.toBe(oldKid);
      expect(Date.parse(rotation.retired[0]!.verifiesUntil) - Date.now()).toBeGreaterThan(23 * 3600_000);
      expect(rotated.stdout).not.toMatch(/"secret"/);

      const after = await mint();
      expect(decodeProtectedHeader(after).kid).toBe(rotation.kid);
      expect(await verify(after)).toMatchObject({ sub: 'u_1' });
      expect(await verify(before)).toMatchObject({ sub: 'u_1' });

      // Live mode is untouched; the human-readable form names both kids.
      const live = inlay('signing-secrets', 'rotate', '--workspace', workspaceId, '--mode', 'live', '--db', db);
      expect(live.code, live.stderr).toBe(0);
      expect(live.stdout).toContain('New live signing secret kid_');
    } finally {
      await app.close();
    }
  });

  it('refuses bad arguments with one line and exit code 2', SLOW, async () => {
    const db = rotateArgsDb;
    const { workspaceId } = JSON.parse(inlay('init', '--json', '--db', db).stdout) as { workspaceId: string };
    // Argument checking and a lookup that finds nothing: the CLI's code run in this process
    // (cli-in-process.ts).
    for (const args of [
      ['signing-secrets', 'rotate', '--workspace', workspaceId, '--mode', 'prod'],
      ['signing-secrets', 'rotate', '--mode', 'test'],
      ['signing-secrets', 'rotate', '--workspace', 'ws_nope', '--mode', 'test'],
      ['signing-secrets', 'list'],
    ]) {
      const result = await inlayInProcess([...args, '--db', db]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stdout, args.join(' ')).toBe('');
    }
  });
});
