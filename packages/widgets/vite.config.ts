import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { cdnModuleConfig, importerWorkerConfig, workerUrlForConsumers } from './scripts/importer-worker-build.mjs';
import { minifyTemplatesPlugin } from './scripts/minify-templates.mjs';
import { floatingUiDefaultsPlugin } from './scripts/floating-ui-defaults.mjs';

const src = (path: string): string => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** Bare imports left to the npm consumer's bundler in the ESM build. */
const external = /^(lit|@lit\/|@lit-labs\/|@inlay\/|papaparse$)/;

/**
 * Script-tag bundles: file name in dist/cdn/ → the define file it starts from. Each is built on
 * its own (`vite build --mode cdn:<name>`): Vite's IIFE output takes one entry per build.
 */
const CDN_BUNDLES: Record<string, string> = {
  'inlay-checklist': 'checklist/define.ts',
  'inlay-tour': 'tour/define.ts',
  'inlay-feedback-board': 'feedback-board/define.ts',
  // Its engine, inlay-importer.worker.js, is an ES module: see scripts/importer-worker-build.mjs.
  'inlay-importer': 'importer/cdn.ts',
};

/**
 * The checklist's and the tour's bundles are held to 14 KB min+gzip (packages/server/bench/bundles.mjs),
 * the checklist's with Lit, the tour's with Floating UI; savings of their own (FLOW_BUNDLES):
 * - property names starting with `_` are shortened. In that bundle only the component's private
 *   reactive state is named so (Lit's convention for it); Lit's own `_$…` names, shared between
 *   copies of Lit on one page, do not match. A name that must survive never starts with `_`.
 * - the bundle does not link its source map: the map is still written beside it, for error
 *   trackers and for loading by hand in developer tools.
 * - Lit's css-tag is replaced by base/css-tag.cdn.ts, constructable stylesheets only (about 300
 *   bytes each); these elements use no other part of Lit's reactive element.
 * - the tour's Floating UI leaves out what options the tour never sets reach: `autoUpdate`'s frame
 *   loop, `flip`'s placements of the other axis (scripts/floating-ui-defaults.mjs).
 */
/**
 * Translations of the script-tag bundles (docs/widgets.md, Languages): ES modules
 * `inlay-<component>.<tag>.js` in dist/cdn/, built by `vite build --mode cdn:locales` and loaded
 * by a bundle with a native `import()` only when a widget shows that language. An IIFE cannot
 * split code (Vite would inline every `import()` into it), so in those builds each component's
 * `locales.ts` is swapped for its `locales.cdn.ts`, which imports by URL. Tags as in
 * src/base/cdn-locales.ts (SHIPPED).
 */
const LOCALE_COMPONENTS = ['checklist', 'tour', 'feedback-board', 'importer'];
const LOCALE_TAGS = ['de', 'es', 'fr', 'ja', 'pt-BR'];

/** Modules each script-tag build swaps for their `.cdn.ts`: translations, write paths, the tour's and the importer's lazy modules. */
const CDN_SWAPPED = ['./locales.js', './writes.js', './modules.js', './pages.js', './suggestions.js', './matcher.js'];

function cdnLocales(): Plugin {
  return {
    name: 'inlay-cdn-locales',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!CDN_SWAPPED.includes(source) || importer === undefined) return null;
      return fileURLToPath(new URL(source.replace('.js', '.cdn.ts'), `file://${importer}`));
    },
  };
}

/**
 * The write paths of the script-tag bundles, not needed for their first paint: self-contained ES
 * modules beside the bundle (`vite build --mode cdn:inlay-checklist.writes`), which the bundle
 * starts loading with a native `import()` when its element connects, in parallel with the config
 * request (docs/decisions.md, "Widget bundle budgets (measured)"). Each bundle's `writes.ts` is
 * swapped for its `writes.cdn.ts` as `locales.ts` is. They import neither Lit nor the request
 * core: the element passes them what they need.
 */
const CDN_WRITES: Record<string, string> = {
  'inlay-checklist.writes': 'checklist/progress-writes.ts',
  'inlay-feedback-board.writes': 'feedback-board/board-writes.ts',
  // Only for pages that set the importer's suggestMapping hook (docs/importer.md).
  'inlay-importer.suggestions': 'importer/mapping-suggestions.ts',
  // Not a write path either: the importer's column matcher (core's matcher and its synonyms),
  // loaded while a file is read (importer/file-intake.ts).
  'inlay-importer.matcher': 'importer/column-matcher.ts',
  // The board's post page (with its comments) and its filters and roadmap: loaded as the write
  // path is, through pages.cdn.ts; the post page brings its own request core for the comment routes.
  'inlay-feedback-board.post': 'feedback-board/post-page.ts',
  'inlay-feedback-board.views': 'feedback-board/board-views.ts',
  // Not a write path: the tour's hotspots, only for flows shown as hotspots, once the flow says so
  // (tour/hotspots.ts). The tour's writes are the checklist's write path, inlay-checklist.writes.js;
  // its positioning (Floating UI) is in its bundle (docs/decisions.md, "Tours and hotspots").
  'inlay-tour.hotspots': 'tour/hotspots.ts',
  // Nor is a modal step's overlay and focus trap, only for flows with a modal step (tour/modal.ts).
  'inlay-tour.modal': 'tour/modal.ts',
};

/** The bundles of the elements on base/lite-element.ts: the savings above. */
const FLOW_BUNDLES = ['inlay-checklist', 'inlay-tour'];
const PRIVATE_PROPERTY = /^_[a-z]/;

/**
 * Two kinds of build (docs/widgets.md):
 * - `vite build`: ESM for npm, one module per source file under dist/ (so `sideEffects` in
 *   package.json can name define.js), dependencies left as imports. tsc adds the .d.ts files.
 *   It empties dist/ first, so it runs before the bundles.
 * - `vite build --mode cdn:inlay-checklist` (and one per entry of CDN_BUNDLES): one
 *   self-registering, minified IIFE in dist/cdn/, with Lit and @inlay/client bundled in, for a
 *   plain `<script src>`. Each bundle holds only what its component uses.
 */
export default defineConfig(({ mode }) => {
  if (mode.startsWith('cdn:')) {
    const name = mode.slice('cdn:'.length);
    if (name === 'inlay-importer.worker') return importerWorkerConfig({ entry: src('importer/engine/worker.ts'), plugins: [minifyTemplatesPlugin()] });
    if (name === 'locales') {
      const entry = Object.fromEntries(LOCALE_COMPONENTS.flatMap((component) => LOCALE_TAGS.map((tag) => [`inlay-${component}.${tag}`, src(`${component}/locales/${tag}.ts`)])));
      return cdnModuleConfig({ entry, chunkFileNames: 'inlay-locale-[name].js' });
    }
    const writes = CDN_WRITES[name];
    if (writes !== undefined) return cdnModuleConfig({ entry: { [name]: src(writes) }, plugins: [minifyTemplatesPlugin()] });
    const entry = CDN_BUNDLES[name];
    if (entry === undefined) throw new Error(`Unknown CDN bundle "${name}"; choose from ${Object.keys(CDN_BUNDLES).join(', ')}.`);
    return {
      plugins: [minifyTemplatesPlugin(), cdnLocales(), ...(name === 'inlay-tour' ? [floatingUiDefaultsPlugin()] : [])],
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      resolve: { alias: FLOW_BUNDLES.includes(name) ? { '@lit/reactive-element/css-tag.js': src('base/css-tag.cdn.ts') } : {} },
      build: {
        outDir: 'dist/cdn',
        // The other bundles are already there.
        emptyOutDir: false,
        // Two minifiers in series: the default one (the output option below; for the flow bundles it
        // also shortens private names) and then terser, two passes (three for the importer).
        // Measured min+gzip against each bundle's single minifier before (the default one for the
        // checklist, terser for the others): checklist −137, board −164, importer −471 bytes
        // (docs/decisions.md, "Widget bundle budgets (measured)"). For the tour, terser also makes
        // function expressions that use no `this` arrows (none here is a constructor): −14 B
        // (+5 B on the checklist, which keeps its functions).
        minify: 'terser',
        terserOptions:
          name === 'inlay-tour'
            ? { ecma: 2020, compress: { passes: 2, unsafe_arrows: true } }
            : { compress: { passes: name === 'inlay-importer' ? 3 : 2 } },
        sourcemap: FLOW_BUNDLES.includes(name) ? 'hidden' : true,
        target: 'es2022',
        rolldownOptions: { output: { minify: FLOW_BUNDLES.includes(name) ? { mangleProps: { include: PRIVATE_PROPERTY } } : true } },
        lib: {
          entry: { [name]: src(entry) },
          formats: ['iife'],
          // Required for IIFE output; define.ts exports nothing, so no global is created.
          name: 'Inlay',
          fileName: (_format, file) => `${file}.js`,
        },
      },
    };
  }
  return {
    plugins: [minifyTemplatesPlugin(), workerUrlForConsumers()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      target: 'es2022',
      lib: { entry: { index: src('index.ts'), checklist: src('checklist.ts'), tour: src('tour.ts'), 'feedback-board': src('feedback-board.ts'), importer: src('importer.ts') }, formats: ['es'] },
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
  };
});
