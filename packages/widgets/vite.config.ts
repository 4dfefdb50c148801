import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';

const src = (path: string): string => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** Bare imports left to the npm consumer's bundler in the ESM build. */
const external = /^(lit|@lit\/|@lit-labs\/|@inlay\/)/;

/**
 * Two builds (DESIGN.md §1, widgets):
 * - `vite build`: ESM for npm, one module per source file under dist/ (so `sideEffects` in
 *   package.json can name define.js), dependencies left as imports. tsc adds the .d.ts files.
 * - `vite build --mode cdn`: one self-registering, minified IIFE per component in dist/cdn/,
 *   with Lit and @inlay/client bundled in, for a plain `<script src>`.
 */
export default defineConfig(({ mode }) =>
  mode === 'cdn'
    ? {
        plugins: [minifyTemplatesPlugin()],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: 'dist/cdn',
          emptyOutDir: true,
          minify: true,
          sourcemap: true,
          target: 'es2022',
          lib: { entry: { 'inlay-checklist': src('checklist/define.ts') }, formats: ['iife'],
            // Required for IIFE output; define.ts exports nothing, so no global is created.
            name: 'InlayChecklist',
            fileName: (_format, name) => `${name}.js` },
        },
      }
    : {
        plugins: [minifyTemplatesPlugin()],
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          minify: false,
          sourcemap: true,
          target: 'es2022',
          lib: { entry: { index: src('index.ts'), checklist: src('checklist.ts') }, formats: ['es'] },
          rolldownOptions: {
            external: (id) => external.test(id),
            output: {
              preserveModules: true,
              preserveModulesRoot: 'src',
              // Bundler helpers (the decorator helper) go to dist/_virtual/<name>.js, not a path
              // spelling out the helper package's name and version.
              entryFileNames: (chunk) => (chunk.name.startsWith('_virtual/') ? `_virtual/${chunk.name.split('/').pop()}.js` : '[name].js'),
            },
          },
        },
      },
);
