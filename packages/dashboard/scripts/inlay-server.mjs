/**
 * Runs a real Inlay server (the `inlay` CLI of @inlay/server, from its built dist) for the
 * dashboard's browser tests and screenshots: `inlay init --json` on a fresh SQLite file, a
 * dashboard account with `inlay admin create`, then `inlay start --port 0` on the same file. The
 * server serves this package's built `dist` at /dashboard. Keys stay in this (Node) process;
 * `publicApi` calls the public, key-authenticated API to check what the dashboard did.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInlay, startInlay } from '@inlay/server/testing';

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
  const inlay = (args) => runInlay([...args, '--db', db]);
  const { workspaceId, keys } = JSON.parse(await inlay(['init', '--json']));
  await runInlay(['admin', 'create', '--email', EMAIL, '--workspace', workspaceId, '--db', db], { env: { ...process.env, INLAY_ADMIN_PASSWORD: PASSWORD } });
  const server = await startInlay(['--port', '0', '--db', db], { timeoutMs: 120_000 });
  const { origin } = server;

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
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
