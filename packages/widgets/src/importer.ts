/**
 * `@inlay/widgets/importer`: importing it registers `<inlay-importer>`. Its engine is the module
 * worker `./importer/engine/worker.js`, which bundlers (Vite, webpack 5, Parcel) pick up from the
 * `new Worker(new URL(…, import.meta.url))` below; set `worker-url` to serve it yourself.
 *
 * @example
 * ```ts
 * import '@inlay/widgets/importer';
 * const importer = Object.assign(document.createElement('inlay-importer'), { importerId: 'imp_123' });
 * importer.addEventListener('inlay-import-complete', (event) => save(event.detail.rows));
 * document.body.append(importer);
 * ```
 */
import type { EngineModule } from './importer/connection.js';
import { InlayImporter } from './importer/importer.js';
import './importer/define.js';

if (InlayImporter.engineAssets === undefined) {
  InlayImporter.engineAssets = {
    // The comment keeps this build from bundling the worker; it is removed from the output
    // (scripts/importer-worker-build.mjs), so the consumer's bundler does.
    createWorker: () => new Worker(new URL(/* @vite-ignore */ './importer/engine/worker.js', import.meta.url), { type: 'module' }),
    loadEngine: () => import('./importer/engine/worker.js') as Promise<EngineModule>,
  };
}

export { InlayImporter } from './importer/importer.js';
export { defaultImporterStrings } from './importer/importer.strings.js';
export type { ImporterStrings } from './importer/importer.strings.js';
export { InlayErrorEvent, InlayImportCancelEvent, InlayImportCompleteEvent } from './events.js';
export type { ImportedRow, ImporterOperation, InlayErrorDetail, InlayImportCancelDetail, InlayImportCompleteDetail, InlayImportCompleteListener } from './events.js';
