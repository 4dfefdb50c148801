import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Imports `specifier` in a fresh Node process (Node's own resolution of the built package's
 * `exports`) with `window`, `document`, `localStorage` and `Worker` as tripwires, and reports what
 * it exports, whether `<inlay-importer>` got registered (in Lit's Node registry), and which module
 * read a tripwire while loading.
 */
async function importInNode(specifier: string): Promise<{ touched: string[]; exports: string[]; defined: boolean }> {
  const script = `
    const touched = [];
    for (const name of ['window', 'document', 'localStorage', 'Worker']) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          const caller = new Error().stack.split('\\n')[2] ?? '';
          touched.push(name + '@' + (/\\(?(file:[^)]*?):\\d+:\\d+\\)?$/.exec(caller)?.[1] ?? caller.trim()));
          return undefined;
        },
      });
    }
    const exports = Object.keys(await import(${JSON.stringify(specifier)})).sort();
    const defined = typeof customElements !== 'undefined' && customElements.get('inlay-importer') !== undefined;
    console.log(JSON.stringify({ touched, exports, defined }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], { cwd: packageDir });
  return JSON.parse(stdout);
}

/** Lit's Node build reads `globalThis.document` to know it runs without a DOM; nothing else may. */
const ours = (touched: string[]) => touched.filter((entry) => !/^document@file:.*\/node_modules\/lit-html\/node\/lit-html\.js$/.test(entry));

describe('server-side (Node) import of the importer', () => {
  it('imports @inlay/widgets/importer without touching the DOM, storage or workers, and registers the tag', async () => {
    const result = await importInNode('@inlay/widgets/importer');
    expect(ours(result.touched)).toEqual([]);
    expect(result.exports).toEqual(['InlayErrorEvent', 'InlayImportCancelEvent', 'InlayImportCompleteEvent', 'InlayImporter', 'defaultImporterStrings']);
    expect(result.defined).toBe(true);
  });

  it('exports the importer class from @inlay/widgets without registering it', async () => {
    const result = await importInNode('@inlay/widgets');
    expect(ours(result.touched)).toEqual([]);
    expect(result.exports).toEqual(expect.arrayContaining(['InlayImporter', 'InlayImportCompleteEvent', 'InlayImportCancelEvent', 'defaultImporterStrings']));
    expect(result.defined).toBe(false);
  });
});
