/**
 * Runs a real Inlay server (the `inlay` CLI of @inlay/server, from its built dist) for the
 * dashboard's browser tests and screenshots: `inlay init --json` on a fresh SQLite file, a
 * dashboard account with `inlay admin create`, then `inlay start --port 0` on the same file. The
 * server serves this package's built `dist` at /dashboard. Keys stay in this (Node) process;
 * `publicApi` calls the public, key-authenticated API to check what the dashboard did.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cli = fileURLToPath(new URL('./cli/main.js', import.meta.resolve('@inlay/server')));
const run = promisify(execFile);

export const EMAIL = 'operator@example.com';
export const PASSWORD = 'correct horse battery staple';

/**
 * @typedef {object} InlayServer
 * @property {string} origin e.g. http://127.0.0.1:41234
 * @property {string} workspaceId
 * @property {{testPublishable: string, testSecret: string, livePublishable?: string, liveSecret?: string}} keys
 * @property {(key: string, method: string, path: string, body?: unknown) => Promise<{status: number, body: any}>} publicApi
 *   a request to `${origin}${path}` with `Authorization: Bearer key`
 * @property {(args: string[]) => Promise<string>} cli runs another `inlay` command on the same database
 * @property {() => Promise<void>} stop
 */

/** @returns {Promise<InlayServer>} */
export async function startInlayServer() {
  const dir = await mkdtemp(join(tmpdir(), 'inlay-dashboard-'));
  const db = join(dir, 't.db');
  const inlay = async (args) => (await run(process.execPath, [cli, ...args, '--db', db])).stdout;
  const { workspaceId, keys } = JSON.parse(await inlay(['init', '--json']));
  await inlay(['admin', 'create', '--email', EMAIL, '--workspace', workspaceId, '--password', PASSWORD]);

  const child = spawn(process.execPath, [cli, 'start', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const origin = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`inlay start printed no URL within 120 s\n${out}${stderr}`)), 120_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /Inlay is running at (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`inlay start exited with ${code}\n${out}${stderr}`));
    });
  });

  return {
    origin,
    workspaceId,
    keys,
    cli: inlay,
    async publicApi(key, method, path, body) {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON (a CSV): the text as it is.
      }
      return { status: response.status, body: parsed };
    },
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        kill();
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
