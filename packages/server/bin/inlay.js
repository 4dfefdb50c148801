#!/usr/bin/env node
// The `inlay` command. A file of the package's own, not the build's, so that npm links it at
// install time, before `npm run build` has made dist/ (docs/self-hosting.md). Before that build,
// it says in one line what to run instead of failing with a stack trace.
import { existsSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(main)) {
  await import(main.href);
} else {
  process.stderr.write('inlay: the server is not built yet: run `npm start` (or `npm run build`) in the Inlay checkout first.\n');
  process.exitCode = 1;
}
