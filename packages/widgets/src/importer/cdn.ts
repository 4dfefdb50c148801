/**
 * The script-tag bundle's entry (`dist/cdn/inlay-importer.js`): its engine is the module
 * `inlay-importer.worker.js` beside it, found from this script's own URL (the bundle may be on a
 * CDN, under any path). `worker-url` on an element overrides it.
 */
import { assetsAt } from './connection.js';
import { InlayImporter } from './importer.js';
import './define.js';

const script = typeof document === 'undefined' ? null : document.currentScript;
if (script instanceof HTMLScriptElement && script.src && InlayImporter.engineAssets === undefined) {
  InlayImporter.engineAssets = assetsAt(new URL('inlay-importer.worker.js', script.src).href);
}
