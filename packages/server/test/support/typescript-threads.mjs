import { register } from 'node:module';

/**
 * Lets the server's worker threads (search-worker.ts, checkpoint-worker.ts) run from the
 * TypeScript sources in tests. Vitest transforms what the tests import, but a worker thread loads
 * its file with Node itself, which cannot read TypeScript on Node 20. The test processes start
 * with `--import` of this file (vitest.config.ts, `execArgv`); a worker thread inherits the
 * flag, so every thread registers the hooks of typescript-hooks.mjs, including the workers.
 * Production code knows nothing of this: it starts `./x-worker.js` beside itself, which is the
 * built file in dist and, from the sources, resolves here to `./x-worker.ts`.
 */
register('./typescript-hooks.mjs', import.meta.url);
