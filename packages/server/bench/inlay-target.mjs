// The Inlay server as a benchmark target, in its own process.
//   node inlay-target.mjs --db /tmp/…/bench.db [--dist <a built @inlay/server dist folder>]
// Creates a workspace (CLI `init`), a flow with a realistic published config, listens on
// 127.0.0.1 at a free port and prints one JSON line: {url, path, publishableKey, flowId}.
// Ends gracefully on SIGTERM/SIGINT (usage flushed, database closed). `--dist` serves another
// build of the server (a copy of `dist/` from another commit, kept inside this package so its
// imports resolve), for ab-config-route.mjs.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { benchFlowConfig } from './fixtures.mjs';

/** High enough never to refuse during a run, while the limiter stays in the measured path. */
const NO_REFUSAL = 100_000_000;

const { values } = parseArgs({ options: { db: { type: 'string' }, dist: { type: 'string' } } });
if (!values.db) throw new Error('--db <file> is required');
const dist = resolve(values.dist ?? fileURLToPath(new URL('../dist', import.meta.url)));
const CLI = join(dist, 'cli/main.js');
const { buildApp } = await import(pathToFileURL(join(dist, 'index.js')).href);

// 1. Workspace and keys through the CLI, as an operator would.
const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'init', '--json', '--name', 'Bench', '--db', values.db], {
  timeout: 30_000,
});
const { keys } = JSON.parse(stdout.trim().split('\n').pop());

// 2. The app as `inlay start` builds it, with the limits raised.
const app = await buildApp({
  db: values.db,
  logger: false,
  rateLimits: {
    publishablePerClient: NO_REFUSAL,
    publishablePerKey: NO_REFUSAL,
    secretPerKey: NO_REFUSAL,
    authorTokensPerKey: NO_REFUSAL,
  },
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(1), 5_000);
  force.unref();
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

// 3. A flow with ten items, saved and published over the API with the secret key.
const secret = { authorization: `Bearer ${keys.testSecret}` };
const call = async (method, url, payload) => {
  const response = await app.inject({ method, url, headers: secret, payload });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
  return response.json().data;
};
const flow = await call('POST', '/onboarding/api/v1/flows', { name: 'Bench flow' });
await call('PATCH', `/onboarding/api/v1/flows/${flow.id}`, { name: 'Bench flow', config: benchFlowConfig() });
await call('POST', `/onboarding/api/v1/flows/${flow.id}`, { action: 'publish' });

const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ url, path: `/onboarding/api/v1/config/${flow.id}`, publishableKey: keys.testPublishable, flowId: flow.id })}\n`,
);
