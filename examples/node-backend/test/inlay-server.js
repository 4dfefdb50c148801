/**
 * A real Inlay server for the test: the `inlay` CLI of @inlay/server (a devDependency, built
 * first by Turborepo) run as a child process — `init --json` on a fresh SQLite file for a
 * workspace and its keys, then `start --port 0` on the same file.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * @typedef {object} InlayServer
 * @property {string} origin e.g. http://127.0.0.1:41234
 * @property {{ testPublishable: string, testSecret: string, livePublishable: string, liveSecret: string }} keys
 * @property {() => Promise<void>} stop
 */

/** The built CLI, found through the package's main entry (`dist/index.js`). */
function cliPath() {
  return join(dirname(createRequire(import.meta.url).resolve('@inlay/server')), 'cli', 'main.js');
}

/** @returns {Promise<InlayServer>} */
export async function startInlay() {
  const cli = cliPath();
  const dir = await mkdtemp(join(tmpdir(), 'inlay-example-'));
  const db = join(dir, 'inlay.db');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'init', '--json', '--db', db]);
  const { keys } = JSON.parse(stdout);

  const child = spawn(process.execPath, [cli, 'start', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const kill = () => void child.kill('SIGTERM');
  process.once('exit', kill);

  const stop = async () => {
    process.off('exit', kill);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      kill();
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    /** @type {string} */
    const origin = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`inlay start printed no URL within 90 s\n${output}`)), 90_000);
      child.stdout.on('data', (chunk) => {
        output += chunk;
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
    return { origin, keys, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
