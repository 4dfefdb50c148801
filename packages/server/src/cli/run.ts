import { UsageError } from './args.js';
import { ConfigError } from '../config/load-config.js';
import { adminCommand, initCommand, keysCommand, signingSecretsCommand, workspaceCommand } from './commands.js';
import { boardsCommand, flowsCommand, importersCommand, postsCommand, progressCommand } from './operator-commands.js';
import { configCommand, startCommand } from './start-command.js';
import { webhooksCommand } from './webhooks-command.js';

const HELP = `inlay — the Inlay reference server

Usage:
  inlay init [--name NAME] [--json]              create a workspace and its four keys
  inlay start [--config FILE] [--port 4000] [--host 127.0.0.1] [--services onboarding,feedback,importer]
              [--demo] [--trust-proxy] [--log-level info] [--public-url URL]
                                                 every option: inlay start --help
  inlay config check FILE                        check a JSON config file for inlay start
  inlay keys list --workspace WS [--json]
  inlay keys create --workspace WS --mode test|live --kind pub|sec
  inlay keys revoke KEY_ID
  inlay signing-secrets rotate --workspace WS --mode test|live [--json]   a new author-token signing secret; the old one verifies for 24 h
  inlay workspace plan WS free|byo|hosted
  INLAY_ADMIN_PASSWORD='…' inlay admin create --email EMAIL --workspace WS
                                                 an account that signs in to the dashboard and approves MCP
                                                 clients (OAuth); the password (12+ characters) only from
                                                 INLAY_ADMIN_PASSWORD; an existing email joins WS
  inlay webhooks create|list|enable|disable|delete|rotate-secret|deliveries|replay|send-test
                                                 webhook endpoints and their delivery log (docs/webhooks.md)

Operator actions (no API route or MCP tool offers them):
  inlay posts status POST_ID open|under_review|planned|in_progress|completed|closed [--json]
  inlay posts merge POST_ID --into POST_ID [--json]   voters move to the target; the duplicate is deleted
  inlay posts delete POST_ID --yes [--json]
  inlay flows|boards|importers delete ID --yes [--json]   with everything under it; without --yes, shows what would go
  inlay progress export FLOW_ID [--mode live|test] > progress.csv

Every command takes --db PATH or --db postgres://user:password@host/db (default $INLAY_DB,
else ./.inlay/inlay.db).`;

const COMMANDS: Record<string, (args: string[], out: (line: string) => void) => Promise<void>> = {
  init: initCommand,
  start: startCommand,
  keys: keysCommand,
  'signing-secrets': signingSecretsCommand,
  workspace: workspaceCommand,
  admin: adminCommand,
  config: configCommand,
  posts: postsCommand,
  flows: flowsCommand,
  boards: boardsCommand,
  importers: importersCommand,
  progress: progressCommand,
  webhooks: webhooksCommand,
};

/** Where the CLI writes: standard output a line at a time, standard error as it comes. */
export interface CliOutput {
  out(line: string): void;
  err(text: string): void;
}

const processOutput: CliOutput = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (text) => void process.stderr.write(text),
};

/**
 * Runs `inlay <argv>` and answers its exit code: 0, 2 for a usage or configuration mistake, 1
 * for any other failure, each failure in one line on standard error. main.ts runs it on the
 * process's arguments; the tests of argument parsing call it in their own process.
 */
export async function runCli(argv: readonly string[], output: CliOutput = processOutput): Promise<number> {
  const [name, ...args] = argv;
  const { out } = output;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    out(HELP);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    output.err(`inlay: unknown command "${name}" (try inlay help)\n`);
    return 2;
  }
  try {
    await command(args, out);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      output.err(`inlay ${name}: ${error.message}\n`);
      return 2;
    }
    output.err(`inlay ${name}: ${(error as Error).message}\n`);
    return 1;
  }
}
