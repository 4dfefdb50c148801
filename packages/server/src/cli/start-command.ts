import { redactUrl } from '../config/redact.js';
import { fromFlags, loadConfig } from '../config/load-config.js';
import { describeOptions, FLAG_OPTIONS, START_FLAGS } from '../config/describe-options.js';
import { defaultLogLevel, serverOptionsOf } from '../config/operator-config.js';
import { dashboardFinder } from '../dashboard/dashboard-dir.js';
import { databaseModeWarning, DEFAULT_DB_PATH } from '../db/connect.js';
import { cdnRoutes } from '../demo/cdn-routes.js';
import { demoRoutes } from '../demo/demo-routes.js';
import { ensureDemoWorkspace, type DemoWorkspace } from '../demo/demo-workspace.js';
import { widgetsCdnDir } from '../demo/widgets-dir.js';
import { buildApp } from '../app.js';
import { listenWithShutdown } from '../server.js';
import { parse, UsageError } from './args.js';

type Out = (line: string) => void;

/**
 * `inlay start [--config FILE] [flags]`: every `startServer` option from a JSON file, `INLAY_*`
 * variables and flags, in that precedence (docs/self-hosting.md).
 */
export async function startCommand(args: string[], out: Out): Promise<void> {
  const { values } = parse({ args, options: { ...START_FLAGS, config: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return out(describeOptions());
  const { config: file, ...flags } = values;
  delete flags.help;
  const config = loadConfig({ file, env: process.env, flags: fromFlags(flags, FLAG_OPTIONS) });
  const interactive = process.stdout.isTTY === true;
  const options = serverOptionsOf(config, interactive);
  const modeWarning = databaseModeWarning(config.db);
  if (modeWarning !== undefined) process.stderr.write(`inlay start: ${modeWarning}\n`);
  const app = await buildApp(options);
  let demo: Awaited<ReturnType<typeof ensureDemoWorkspace>> | undefined;
  const cdnDir = widgetsCdnDir();
  try {
    demo = config.demo ? await ensureDemoWorkspace(app.inlay.storage) : undefined;
    if (cdnDir !== undefined) await app.register(cdnRoutes, { dir: cdnDir });
    if (demo) await app.register(demoRoutes, { demo: demo.demo, widgetsBuilt: cdnDir !== undefined });
  } catch (error) {
    // The open database and workers would keep a failed start running (listen does the same).
    await app.close().catch(() => undefined);
    throw error;
  }
  const { url } = await listenWithShutdown(app, { port: config.port, host: config.host });
  out(`Inlay is running at ${url} (database ${redactUrl(config.db)})`);
  for (const service of config.services) out(`  ${service.padEnd(11)} ${url}/${service}`);
  if (config.dashboard) out(`  dashboard   ${url}/dashboard${dashboardFinder(config.dashboardDir)() === undefined ? '   (not built yet: npx turbo run build --filter=@inlay/dashboard)' : ''}`);
  out(`  health      ${url}/healthz   ready ${url}/readyz`);
  if (demo) printDemo(out, url, demo.demo, demo.created);
  if (demo && config.dashboard) printFirstAccount(out, demo.demo, config.db);
  if (config.logLevel === undefined && defaultLogLevel(config, interactive) !== 'info') {
    out('');
    out('Request logs are off on this terminal (demo); --log-level info prints them, as JSON.');
  }
}

/**
 * `inlay config check FILE`: the file with the environment's `INLAY_*` variables, checked as
 * `inlay start --config FILE` would (flags aside), options that go together included.
 */
export async function configCommand(args: string[], out: Out): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'check') throw new UsageError('usage: inlay config check FILE');
  const { positionals } = parse({ args: rest, options: {}, allowPositionals: true }, 1);
  const file = positionals[0];
  if (file === undefined) throw new UsageError('usage: inlay config check FILE');
  loadConfig({ file, env: process.env });
  out(`${file}: OK`);
  await Promise.resolve();
}

function printDemo(out: Out, url: string, demo: DemoWorkspace, created: boolean): void {
  out('');
  out(`Demo workspace ${demo.workspaceId}${created ? ' (created now)' : ''}: test keys only work with local data.`);
  out(`  test publishable  ${demo.keys.testPublishable}`);
  out(`  test secret       ${demo.keys.testSecret}`);
  out(`  live publishable  ${demo.keys.livePublishable}`);
  out(`  live secret       ${demo.keys.liveSecret}`);
  out(`  flow ${demo.flowId}   board ${demo.boardId}   importer ${demo.importerId}`);
  out('');
  out(`Open ${url}/demo to see the widgets embedded with a <script> tag.`);
  out('');
  out('Try it:');
  out(`  curl -H "Authorization: Bearer ${demo.keys.testPublishable}" ${url}/onboarding/api/v1/config/${demo.flowId}`);
  out(`  curl -H "Authorization: Bearer ${demo.keys.testSecret}" ${url}/feedback/api/v1/boards`);
}

/** The one command that makes a dashboard account for the demo workspace (docs/dashboard.md). */
function printFirstAccount(out: Out, demo: DemoWorkspace, db: string): void {
  const dbFlag = db === DEFAULT_DB_PATH ? '' : ` --db ${shellQuote(redactUrl(db))}`;
  out('');
  out('Dashboard account: put your password (12 characters or more) and email in, then run');
  out(`  INLAY_ADMIN_PASSWORD='…' npx inlay admin create --email you@example.com --workspace ${demo.workspaceId}${dbFlag}`);
}

/** A word as the shell reads it back: bare when it is safe, else in single quotes. */
function shellQuote(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
