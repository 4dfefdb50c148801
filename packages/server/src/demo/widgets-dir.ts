import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Where `@inlay/widgets` keeps its CDN bundles, if it is installed and built. Looked up by
 * path rather than imported: the server does not depend on the widgets package (its browser
 * tests depend on the server).
 */
export function widgetsCdnDir(): string | undefined {
  return widgetsFile('dist', 'cdn');
}

/** A file or folder of the installed `@inlay/widgets` package, if it exists. */
export function widgetsFile(...path: string[]): string | undefined {
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths('@inlay/widgets') ?? []) {
    const file = join(base, '@inlay', 'widgets', ...path);
    if (existsSync(file)) return file;
  }
  return undefined;
}
