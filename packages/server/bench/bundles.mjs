// Benchmark: min+gzip sizes of the widgets' script-tag (CDN) bundles. Builds @inlay/widgets
// first (`turbo run build --filter=@inlay/widgets`: cached when nothing changed; the root
// `npm run bench` script builds only @inlay/server), then reads the sizes from
// `packages/widgets/scripts/size.mjs --json` (gzip level 9, as CDNs serve). KB = 1,024 bytes.
// A bundle that does not exist yet is reported as "not built" (N/A), not as a miss.
import { fileURLToPath } from 'node:url';
import { buildWidgets, fmtInt, runNode, table } from './lib.mjs';

const SIZE_SCRIPT = fileURLToPath(new URL('../../widgets/scripts/size.mjs', import.meta.url));

/**
 * Gzip budgets in KB (1,024 bytes), by bundle file in packages/widgets/dist/cdn/. Each file is
 * what its widget needs before it first shows; the tour's holds its positioning (Floating UI), so
 * its figure is the whole cost of a step (docs/decisions.md, "Tours and hotspots").
 */
const BUDGETS = [
  { name: 'checklist', file: 'inlay-checklist.js', kb: 14 },
  { name: 'tour', file: 'inlay-tour.js', kb: 14 },
  { name: 'feedback board', file: 'inlay-feedback-board.js', kb: 16 },
  { name: 'importer', file: 'inlay-importer.js', kb: 40 },
];

/** @type {import('./run.mjs').Benchmark} */
export const bundlesBenchmark = {
  name: 'bundles',
  storage: 'none',
  title: 'widget CDN bundles, min+gzip (packages/widgets/dist/cdn)',
  async run({ children, log }) {
    await buildWidgets(children, log);
    const sizes = JSON.parse((await runNode(children, SIZE_SCRIPT, ['--json'], 'widgets size.mjs', 30_000)).trim().split('\n').pop());

    const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
    const report = table(
      ['bundle', 'min (bytes)', 'min', 'min+gzip (bytes)', 'min+gzip'],
      Object.entries(sizes).map(([file, { minBytes, gzipBytes }]) => [file, fmtInt(minBytes), kib(minBytes), fmtInt(gzipBytes), kib(gzipBytes)]),
    );
    const checks = BUDGETS.map(({ name, file, kb }) => {
      const size = sizes[file];
      return size === undefined
        ? { name: `${name} (${file}) min+gzip`, value: 'not built', target: `≤ ${kb} KB`, pass: null }
        : { name: `${name} (${file}) min+gzip`, value: kib(size.gzipBytes), target: `≤ ${kb} KB`, pass: size.gzipBytes <= kb * 1024 };
    });
    return { report: `${report}\n(KB = 1,024 bytes; gzip level 9)`, checks };
  },
};
