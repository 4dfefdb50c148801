/**
 * The Vite config of an ES module of the script-tag build, written to `dist/cdn/` beside the
 * bundles and loaded as it is (by `import()` or as a module worker): the importer's engine, the
 * translations and the write paths. Vite keeps the whitespace of ES library output (for
 * consumers' tree-shaking); these files are minified whole.
 * @param {{ entry: Record<string, string>, plugins?: import('vite').PluginOption[], chunkFileNames?: string | ((chunk: { name: string }) => string) }} options
 * @returns {import('vite').UserConfig}
 */
export function cdnModuleConfig({ entry, plugins = [], chunkFileNames }) {
  return {
    plugins,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: 'dist/cdn',
      emptyOutDir: false,
      minify: true,
      sourcemap: true,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      rolldownOptions: { output: { minify: true, ...(chunkFileNames === undefined ? {} : { chunkFileNames }) } },
    },
  };
}

/**
 * The importer's engine for script tags (`vite build --mode cdn:inlay-importer.worker`):
 * `dist/cdn/inlay-importer.worker.js`, that the bundle starts as a module worker beside itself
 * (or imports on the main thread where workers are forbidden), with the XLSX reader split off
 * into `inlay-importer.xlsx.js`, loaded only when a workbook is opened.
 * @param {{ entry: string, plugins: import('vite').PluginOption[] }} options
 * @returns {import('vite').UserConfig}
 */
export function importerWorkerConfig({ entry, plugins }) {
  return cdnModuleConfig({
    entry: { 'inlay-importer.worker': entry },
    plugins,
    chunkFileNames: (chunk) => (chunk.name === 'xlsx-reader' ? 'inlay-importer.xlsx.js' : chunk.name === 'json-reader' ? 'inlay-importer.json.js' : 'inlay-importer.[name].js'),
  });
}

/**
 * For the npm (ESM) build: the importer's entry starts its engine with
 * `new Worker(new URL(/* @vite-ignore *\/ './importer/engine/worker.js', import.meta.url))`. The
 * comment stops this build from bundling the worker into an asset under an absolute /assets/
 * path; removing it from the output leaves consumers' bundlers the pattern they recognise
 * (Vite, webpack 5 and Parcel bundle the worker with its imports).
 * @returns {import('vite').Plugin}
 */
export function workerUrlForConsumers() {
  return {
    name: 'inlay-worker-url-for-consumers',
    renderChunk(code) {
      if (!code.includes('new Worker(')) return null;
      return { code: code.replace(/new URL\(\s*\/\* @vite-ignore \*\/\s*/g, 'new URL('), map: null };
    },
  };
}
