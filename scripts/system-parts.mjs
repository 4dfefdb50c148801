// The machine's own programs that `npm test` needs beyond npm packages (docs/testing.md):
// Chromium for the browser tests, PostgreSQL's binaries for the server suite's second run and
// redis-server for the shared rate counts. Run first by `npm test`: what is missing is installed
// from Debian's packages when this is root on Debian; otherwise one line says what is missing and
// how to get it, and the run stops before any test.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Whether an executable of that name is on the PATH. */
function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));
}

function postgresInstalled() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, 'bin', 'initdb')));
}

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Each part: how to tell it is here, the Debian package that brings it, and how to do without. */
const PARTS = [
  { name: 'chromium', present: () => existsSync(chrome), debian: 'chromium', instead: 'CHROME_PATH=/path/to/chromium' },
  { name: 'postgresql', present: () => Boolean(process.env.INLAY_TEST_PG) || postgresInstalled(), debian: 'postgresql', instead: 'INLAY_TEST_PG=postgres://…' },
  {
    name: 'redis-server',
    present: () => Boolean(process.env.INLAY_TEST_REDIS_SERVER) || onPath('redis-server'),
    debian: 'redis-server',
    instead: 'INLAY_TEST_REDIS_SERVER=/path/to/redis-server',
  },
];

function canInstall() {
  return process.getuid?.() === 0 && onPath('apt-get');
}

function install(packages) {
  process.stdout.write(`npm test: installing ${packages.join(', ')} from Debian's packages (missing on this machine)…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr.trim().split('\n').at(-1) ?? `apt-get exited with ${result.status}`);
}

const missing = PARTS.filter((part) => !part.present());
if (missing.length > 0) {
  const names = missing.map((part) => part.name);
  const packages = missing.map((part) => part.debian);
  let reason = 'not root on Debian, so not installed';
  if (canInstall()) {
    try {
      install(packages);
    } catch (error) {
      reason = `apt-get failed: ${error.message}`;
    }
  }
  const still = PARTS.filter((part) => !part.present());
  if (still.length > 0) {
    process.stderr.write(
      `npm test needs ${names.join(', ')}, missing on this machine (${reason}): run \`sudo apt-get install -y ${packages.join(' ')}\`, or set ${still.map((part) => part.instead).join(', ')}.\n`,
    );
    process.exit(1);
  }
}
