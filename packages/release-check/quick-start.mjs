// The README's quick start, as a new user runs it (docs/releasing.md): a fresh `git clone` of this
// repository's committed HEAD, then `npm ci && npm start` in it, exactly those commands. Checks that
// `npm ci` warns of no unsupported engine, that the server comes up printing the dashboard and the
// command for the first account, and that /healthz, /demo and /dashboard answer 200. Prints how
// long each step took. Only the port differs from the README: PORT picks a free one, since the
// test suite runs beside other servers.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'inlay-quick-start-'));
const clone = join(work, 'inlay');
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a command in the clone, its output kept; rejects with that output if it fails. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: clone, stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv() });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

/** The environment of a new shell: none of the test run's INLAY_ or turbo variables. */
function cleanEnv() {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('INLAY_') && !name.startsWith('TURBO_') && !name.startsWith('npm_')) env[name] = value;
  }
  return env;
}

/** `npm start` until it prints its URL; then the URL and a way to stop it. */
function start(port) {
  const child = spawn('npm', ['start'], { cwd: clone, stdio: ['ignore', 'pipe', 'pipe'], env: { ...cleanEnv(), PORT: String(port) }, detached: true });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL within 10 minutes:\n${output}`)), 600_000);
    const read = (chunk) => {
      output += chunk;
      const url = /Inlay is running at (http:\/\/\S+)/.exec(output)?.[1];
      // The banner is written at once; wait for its last line before reading it.
      if (url !== undefined && output.includes('npx inlay admin create')) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
  return { ready, stop, output: () => output };
}

const failures = [];
let server;
try {
  execFileSync('git', ['clone', '--quiet', root, clone]);
  let since = performance.now();
  const install = await run('npm', ['ci']);
  const installTime = seconds(since);
  if (/EBADENGINE/.test(install)) failures.push(`npm ci warned of an unsupported engine:\n${install}`);

  since = performance.now();
  server = start(await freePort());
  const url = await server.ready;
  const statuses = [];
  for (const path of ['/healthz', '/demo', '/dashboard']) {
    const response = await fetch(`${url}${path}`);
    statuses.push(`${path} ${response.status}`);
    if (response.status !== 200) failures.push(`GET ${path} answered ${response.status}`);
  }
  const startTime = seconds(since);
  const banner = server.output();
  if (!banner.includes(`${url}/dashboard`)) failures.push(`the banner does not name the dashboard:\n${banner}`);
  if (!/INLAY_ADMIN_PASSWORD='…' npx inlay admin create --email you@example\.com --workspace ws_\w+\n/.test(banner)) {
    failures.push(`the banner does not print the command for the first account, with the workspace filled in:\n${banner}`);
  }
  console.log(`quick start in a fresh clone: npm ci ${installTime} s, npm start to the first request served ${startTime} s; ${statuses.join(', ')}`);
} catch (error) {
  failures.push(error.message);
} finally {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\nThe README's quick start failed in a fresh clone:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
