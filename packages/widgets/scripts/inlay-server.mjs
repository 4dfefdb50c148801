/**
 * Runs a real Inlay server (the `inlay` CLI of @inlay/server) as a child process for browser
 * tests and screenshots: `inlay init --json` on a fresh SQLite file, then `inlay start --port 0`
 * on the same file. Flows are created, saved and published over HTTP with the secret key, which
 * stays in this (Node) process: pages only ever get the publishable key.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// Through the package's `exports` (its main entry), not a path into a sibling's folder.
const cli = fileURLToPath(new URL('./cli/main.js', import.meta.resolve('@inlay/server')));

/**
 * @typedef {object} InlayServer
 * @property {string} origin        e.g. http://127.0.0.1:41234
 * @property {string} baseUrl       the onboarding base URL, `${origin}/onboarding`
 * @property {string} publishableKey the test publishable key
 * @property {(name: string, config: object) => Promise<string>} publishFlow creates, saves and publishes a flow; answers its id
 * @property {(name: string) => Promise<string>} createFlow creates a flow without publishing it
 * @property {(request: {authorId: string, flowId: string, workspaceKey: string, expiresInSec?: number}) => Promise<string>} mintAuthorToken
 * @property {(flowId: string, userId: string) => Promise<{status: number, body: any}>} getProgress the hosted progress, read with the publishable key
 * @property {() => Promise<void>} stop
 */

/** @returns {Promise<InlayServer>} */
export async function startInlayServer() {
  const dir = await mkdtemp(join(tmpdir(), 'inlay-widgets-'));
  const db = join(dir, 't.db');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'init', '--json', '--db', db]);
  const { keys } = JSON.parse(stdout);

  const child = spawn(process.execPath, [cli, 'start', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);

  const origin = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`inlay start printed no URL within 20 s\n${out}${stderr}`)), 20_000);
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
  const baseUrl = `${origin}/onboarding`;

  /** A request with the secret key; throws on an error status. */
  async function manage(method, path, body) {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${keys.testSecret}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  async function createFlow(name) {
    return (await manage('POST', '/flows', { name })).id;
  }

  return {
    origin,
    baseUrl,
    publishableKey: keys.testPublishable,
    createFlow,
    async publishFlow(name, config) {
      const id = await createFlow(name);
      await manage('PATCH', `/flows/${id}`, { name, config });
      await manage('POST', `/flows/${id}`, { action: 'publish' });
      return id;
    },
    async mintAuthorToken(request) {
      return (await manage('POST', '/author-tokens', { expiresInSec: 900, ...request })).token;
    },
    async getProgress(flowId, userId) {
      const response = await fetch(`${baseUrl}/api/v1/progress/${flowId}?userId=${encodeURIComponent(userId)}`, {
        headers: { authorization: `Bearer ${keys.testPublishable}` },
      });
      return { status: response.status, body: await response.json() };
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
