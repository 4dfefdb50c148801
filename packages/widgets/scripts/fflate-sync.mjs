/**
 * fflate for the importer's XLSX chunk in the script-tag build (scripts/importer-worker-build.mjs):
 * everything as fflate has it, except `unzip`, which here unzips synchronously. fflate's own
 * `unzip` starts Web Workers from blob: URLs for large archive entries, which a strict
 * Content-Security-Policy forbids (and which the engine's own worker does not need: it is off the
 * main thread already).
 */
import { unzipSync } from 'fflate';

export * from 'fflate';

export function unzip(data, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  const settings = typeof options === 'function' ? {} : options;
  let cancelled = false;
  queueMicrotask(() => {
    if (cancelled) return;
    let files;
    try {
      files = unzipSync(data, settings);
    } catch (error) {
      done(error, null);
      return;
    }
    done(null, files);
  });
  return () => {
    cancelled = true;
  };
}
