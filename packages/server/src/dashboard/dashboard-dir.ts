import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Where the built dashboard app is: the `dashboardDir` option, else the installed
 * `@inlay/dashboard` package's `dist` (looked up by path, as demo/widgets-dir.ts finds the
 * widgets: the server does not depend on the dashboard package). Undefined when not built.
 */
export function dashboardDistDir(configured: string | undefined): string | undefined {
  if (configured !== undefined) return existsSync(join(configured, 'index.html')) ? configured : undefined;
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths('@inlay/dashboard') ?? []) {
    const dir = join(base, '@inlay', 'dashboard', 'dist');
    if (existsSync(join(dir, 'index.html'))) return dir;
  }
  return undefined;
}
