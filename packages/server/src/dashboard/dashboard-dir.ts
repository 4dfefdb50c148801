import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Where the built dashboard app is: the `dashboardDir` option, else the installed
 * `@inlay/dashboard` package's `dist` (looked up by path, as demo/widgets-dir.ts finds the
 * widgets: the server does not depend on the dashboard package). Undefined when not built.
 */
function dashboardDistDir(configured: string | undefined): string | undefined {
  if (configured !== undefined) return existsSync(join(configured, 'index.html')) ? configured : undefined;
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths('@inlay/dashboard') ?? []) {
    const dir = join(base, '@inlay', 'dashboard', 'dist');
    if (existsSync(join(dir, 'index.html'))) return dir;
  }
  return undefined;
}

/**
 * The dashboard's folder, looked up again on each call until it is found, then kept: a server
 * started before `npm run build` serves the dashboard as soon as the build has written it
 * (docs/dashboard.md). The lookup is a few `stat`s, made only while nothing is found.
 */
export function dashboardFinder(configured: string | undefined): () => string | undefined {
  let found: string | undefined;
  return () => (found ??= dashboardDistDir(configured));
}
