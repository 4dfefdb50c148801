import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The PostgreSQL the server suite runs against a second time (`npm test` runs it on both
 * backends): `INLAY_TEST_PG` when set (CI starts Debian's PostgreSQL and sets it), otherwise a
 * throwaway cluster started here from the PostgreSQL binaries on the machine, stopped after the
 * run. Without either the run fails, saying what is missing: it never skips.
 */
function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

export interface Cluster {
  url: string;
  stop(): void;
}

export function startCluster(): Cluster {
  const given = process.env.INLAY_TEST_PG;
  if (given !== undefined && given !== '') return { url: given, stop: () => undefined };
  const bin = binDir();
  if (bin === undefined) {
    throw new Error('The PostgreSQL run of the server suite needs INLAY_TEST_PG=postgres://… or PostgreSQL installed (apt-get install postgresql): see docs/self-hosting.md.');
  }
  const dir = mkdtempSync(join(tmpdir(), 'inlay-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  // initdb refuses to run as root: run the cluster as the `postgres` user when we are root.
  const asUser = (command: string, args: string[]) =>
    process.getuid?.() === 0 ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' }) : execFileSync(command, args, { stdio: 'pipe' });
  asUser(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  asUser(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c max_connections=400 -k ${dir}`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
      if (process.getuid?.() === 0) spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]);
      else spawnSync(join(bin, 'pg_ctl'), args);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
