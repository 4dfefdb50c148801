// What the script-tag bundles in dist/cdn/ hold (built before the tests run), read from their
// source maps (docs/decisions.md, "Script-tag bundles back under budget"): no zod and none of
// @inlay/core's schemas in a widget's bundle (zod alone was about 60 KB minified of the
// importer's), and the importer's base bundle within its min+gzip budget. The other budgets are
// checked by scripts/size.mjs --check and the bundles benchmark.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dir = new URL('../dist/cdn/', import.meta.url);
const BUNDLES = ['inlay-checklist.js', 'inlay-feedback-board.js', 'inlay-importer.js'];

async function sourcesOf(bundle: string): Promise<string[]> {
  const map = JSON.parse(await readFile(new URL(`${bundle}.map`, dir), 'utf8')) as { sources: string[] };
  return map.sources;
}

describe('script-tag bundles', () => {
  for (const bundle of BUNDLES) {
    it(`${bundle} holds neither zod nor @inlay/core's schemas`, async () => {
      const sources = await sourcesOf(bundle);
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.filter((source) => /node_modules\/zod\/|core\/dist\/schemas\//.test(source))).toEqual([]);
    });
  }

  it('inlay-importer.js is within its budget of 40 KB min+gzip (as scripts/size.mjs measures)', async () => {
    const code = await readFile(new URL('inlay-importer.js', dir));
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(40 * 1024);
  });
});
