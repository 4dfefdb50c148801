#!/usr/bin/env node
import { runCli } from './run.js';

// A reader that stops early (`inlay keys list | head -1`) closes the pipe: what is left to print
// has nowhere to go, and is not an error of the command. A command that listens itself (progress
// export, which then stops reading) handles it.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  if (process.stdout.listenerCount('error') === 1) process.exit(process.exitCode ?? 0);
});

/** A failed command ends the process, even if something it opened would keep it alive. */
function fail(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 1_000).unref();
}

runCli(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) fail(code);
  },
  (error: unknown) => {
    process.stderr.write(`inlay: ${String(error)}\n`);
    fail(1);
  },
);
