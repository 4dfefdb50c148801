#!/usr/bin/env node
import { runCli } from './run.js';

runCli(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`inlay: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
