/**
 * A real Inlay server for integration tests: the `inlay` CLI of @inlay/server, run as a child
 * process (`init --json` on a fresh SQLite file, then `start --port 0` on the same file). The
 * SDK talks to it over HTTP; no server code is imported.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

export interface WorkspaceKeys {
  testPublishable: string;
  testSecret: string;
  livePublishable: string;
  liveSecret: string;
}

export interface InlayServer {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  keys: WorkspaceKeys;
  stop(): Promise<void>;
}

/**
 * The built CLI, found through the package's `exports` (its main entry is `dist/index.js`), not
 * a path into a sibling's folder. Turbo builds it first: `test` depends on `^build`, and
 * @inlay/server is a devDependency of this package.
 */
function cliPath(): string {
  const main = createRequire(import.meta.url).resolve('@inlay/server');
  return join(dirname(main), 'cli', 'main.js');
}

export async function startInlayServer(options: { env?: Record<string, string> } = {}): Promise<InlayServer & { cli: string; db: string; workspaceId: string }> {
  const cli = cliPath();
  const dir = await mkdtemp(join(tmpdir(), 'inlay-node-'));
  const db = join(dir, 'inlay.db');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'init', '--json', '--db', db]);
  const { keys, workspaceId } = JSON.parse(stdout) as { workspaceId: string; keys: WorkspaceKeys };

  const child = spawn(process.execPath, [cli, 'start', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const kill = (): void => void child.kill('SIGTERM');
  // If the test process dies without afterAll, do not leave a server behind.
  process.once('exit', kill);

  const stop = async (): Promise<void> => {
    process.off('exit', kill);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      kill();
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`inlay start printed no URL within 90 s\n${output}`)), 90_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Inlay is running at (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`inlay start exited with ${code}\n${output}`));
      });
    });
    return { origin, keys, stop, cli, db, workspaceId };
  } catch (error) {
    await stop();
    throw error;
  }
}
