import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Module hooks (registered by typescript-threads.mjs) that load the TypeScript sources as tsc
 * builds them: a `./x.js` with no such file beside it is `./x.ts` (the NodeNext convention of
 * the sources), and a `.ts` file is transpiled with esbuild, types stripped, nothing checked.
 */

export async function resolve(specifier, context, nextResolve) {
  // A worker's file (no parent) or an import of a source file.
  const fromSources = context.parentURL === undefined || context.parentURL.endsWith('.ts');
  if (fromSources && specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('file:'))) {
    const url = new URL(specifier, context.parentURL);
    const source = new URL(url.href.replace(/\.js$/, '.ts'));
    if (!existsSync(fileURLToPath(url)) && existsSync(fileURLToPath(source))) return { url: source.href, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

/** Loaded on the first `.ts` file only: a test process's own thread never needs it. */
let esbuild;

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  esbuild ??= createRequire(import.meta.url)('esbuild');
  const path = fileURLToPath(url);
  // transformSync: the asynchronous service took ~350 ms longer to start on each worker.
  const { code } = esbuild.transformSync(readFileSync(path, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    sourcefile: path,
    sourcemap: 'inline',
    // As tsconfig.base.json: imports stay as written, as in the built files.
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
