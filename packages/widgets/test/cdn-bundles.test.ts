// What the script-tag bundles in dist/cdn/ hold (built before the tests run), read from their
// source maps (docs/decisions.md, "Widget bundle budgets (measured)"): no zod and none of
// @inlay/core's schemas in a widget's bundle (zod alone was about 60 KB minified of the
// importer's), and the importer's base bundle within its min+gzip budget. The other budgets are
// checked by scripts/size.mjs --check and the bundles benchmark.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dir = new URL('../dist/cdn/', import.meta.url);
const BUNDLES = ['inlay-checklist.js', 'inlay-tour.js', 'inlay-feedback-board.js', 'inlay-importer.js'];

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

  for (const [bundle, kb] of [
    ['inlay-importer.js', 40],
    // Floating UI included (docs/decisions.md, "Tours and hotspots").
    ['inlay-tour.js', 14],
  ] as const) {
    it(`${bundle} is within its budget of ${kb} KB min+gzip (as scripts/size.mjs measures)`, async () => {
      const code = await readFile(new URL(bundle, dir));
      expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(kb * 1024);
    });
  }

  // Everything a tour needs before its first step is in its bundle: Floating UI included, and
  // lit-html not (the tour draws by hand: src/tour/dom.ts); docs/decisions.md, "Tours and hotspots".
  it('inlay-tour.js holds Floating UI and no Lit', async () => {
    const sources = await sourcesOf('inlay-tour.js');
    expect(sources.filter((source) => /node_modules\/@floating-ui\/(dom|core)\//.test(source))).toHaveLength(2);
    expect(sources.filter((source) => /node_modules\/(lit|lit-html|lit-element|@lit)\//.test(source))).toEqual([]);
  });

  it('inlay-feedback-board.js is within its budget of 16 KB min+gzip', async () => {
    const code = await readFile(new URL('inlay-feedback-board.js', dir));
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(16 * 1024);
  });

  // The write paths load beside their bundles (docs/widgets.md, "Files of the script-tag bundles"):
  // each bundle leaves its own out, and each write path brings neither Lit nor the request core
  // (the onboarding write routes, yes), which the element passes it.
  for (const [bundle, writes, sources] of [
    ['inlay-checklist.js', 'inlay-checklist.writes.js', /checklist\/progress-writes\.ts$|core\/dist\/logic\/progress\.js$/],
    ['inlay-feedback-board.js', 'inlay-feedback-board.writes.js', /feedback-board\/(board-writes|post-form|post-draft)\.ts$/],
    // Not a write path: the importer's suggestMapping runner, for pages that set the hook.
    ['inlay-importer.js', 'inlay-importer.suggestions.js', /importer\/mapping-suggestions\.ts$/],
    // Nor its column matcher, loaded while a file is read.
    ['inlay-importer.js', 'inlay-importer.matcher.js', /core\/dist\/importer\/synonyms\.js$|node_modules\/fastest-levenshtein\//],
    // Nor the tour's hotspots, for flows shown as hotspots, and its modal steps' overlay and focus trap.
    ['inlay-tour.js', 'inlay-tour.hotspots.js', /tour\/hotspots(\.styles)?\.ts$/],
    ['inlay-tour.js', 'inlay-tour.modal.js', /tour\/modal\.ts$/],
  ] as const) {
    it(`${bundle} leaves its write path to ${writes}, which holds neither Lit nor the request core`, async () => {
      const inBundle = await sourcesOf(bundle);
      const inWrites = await sourcesOf(writes);
      expect(inWrites.filter((source) => sources.test(source)).length).toBeGreaterThan(0);
      expect(inBundle.filter((source) => sources.test(source) && !source.endsWith('progress.js'))).toEqual([]);
      expect(inWrites.filter((source) => /node_modules\/(lit|lit-html|lit-element|@lit)\/|core\/dist\/http\/|client\/dist\/(transport|author-token|errors)\.js$/.test(source))).toEqual([]);
    });
  }

  // The checklist's and the tour's bundles read the config and progress; the progress write routes
  // come with the write path (@inlay/client/internal's onboardingWrites).
  it('inlay-checklist.js and inlay-tour.js leave the progress write routes to inlay-checklist.writes.js', async () => {
    const code = async (file: string) => readFile(new URL(file, dir), 'utf8');
    for (const bundle of ['inlay-checklist.js', 'inlay-tour.js']) {
      expect(await code(bundle)).toContain('/api/v1/progress/');
      expect(await code(bundle)).not.toContain('/dismiss`');
    }
    expect(await code('inlay-checklist.writes.js')).toContain('/dismiss`');
  });

  // The checklist's refetch on focus and tab sharing come with its write path (docs/widgets.md,
  // "Several tabs"); the board, which shows its votes' changes, keeps them in its bundle.
  it('inlay-checklist.js leaves its refetch on focus and other-tab sharing to inlay-checklist.writes.js', async () => {
    const sync = /base\/resource-sync\.ts$/;
    expect((await sourcesOf('inlay-checklist.js')).filter((source) => sync.test(source))).toEqual([]);
    expect((await sourcesOf('inlay-checklist.writes.js')).filter((source) => sync.test(source))).toHaveLength(1);
  });

  it('sri.json publishes the hash of every script in dist/cdn/, the write paths included', async () => {
    const sri = JSON.parse(await readFile(new URL('sri.json', dir), 'utf8')) as { files: Record<string, string> };
    for (const file of ['inlay-checklist.writes.js', 'inlay-feedback-board.writes.js', 'inlay-importer.suggestions.js', 'inlay-importer.matcher.js', 'inlay-tour.hotspots.js', 'inlay-tour.modal.js']) {
      const hash = `sha384-${createHash('sha384').update(await readFile(new URL(file, dir))).digest('base64')}`;
      expect(sri.files[file]).toBe(hash);
    }
  });
});
