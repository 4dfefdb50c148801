// Benchmark: min+gzip sizes of the widgets' script-tag (CDN) bundles. Builds @inlay/widgets
// first (`turbo run build --filter=@inlay/widgets`: cached when nothing changed; the root
// `npm run bench` script builds only @inlay/server), then reads the sizes from
// `packages/widgets/scripts/size.mjs --json` (gzip level 9, as CDNs serve). KB = 1,024 bytes.
// A bundle that does not exist yet is reported as "not built" (N/A), not as a miss.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { fmtInt, stopChild, table, tail } from './lib.mjs';

const require = createRequire(import.meta.url);
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SIZE_SCRIPT = fileURLToPath(new URL('../../widgets/scripts/size.mjs', import.meta.url));
const TURBO_BIN = require.resolve('turbo/bin/turbo');
/** Bounded: a cold widgets build (and the packages it depends on) takes well under this. */
const BUILD_LIMIT_MS = 6 * 60_000;

/** Gzip budgets in KB (1,024 bytes), by bundle file in packages/widgets/dist/cdn/. */
const BUDGETS = [
  { name: 'checklist', file: 'inlay-checklist.js', kb: 14 },
  { name: 'feedback board', file: 'inlay-feedback-board.js', kb: 16 },
  { name: 'importer', file: 'inlay-importer.js', kb: 40 },
];

/** @type {import('./run.mjs').Benchmark} */
export const bundlesBenchmark = {
  name: 'bundles',
  title: 'widget CDN bundles, min+gzip (packages/widgets/dist/cdn)',
  async run({ children, log }) {
    log('building @inlay/widgets (turbo; cached when unchanged)…');
    const started = Date.now();
    await runNode(children, TURBO_BIN, ['run', 'build', '--filter=@inlay/widgets', '--output-logs=errors-only'], 'turbo build @inlay/widgets', BUILD_LIMIT_MS);
    log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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

/** Runs `node script ...args` from the repository root, bounded; its stdout, or throws with its output. */
async function runNode(children, script, args, label, limitMs) {
  const child = children.spawnNode(script, args, { label, cwd: REPO_ROOT });
  const outcome = await Promise.race([child.exited, sleep(limitMs, undefined, { ref: false })]);
  if (!outcome) {
    await stopChild(child);
    throw new Error(`${label} did not finish within ${limitMs / 1000} s`);
  }
  if (outcome.code !== 0) throw new Error(`${label} failed (${outcome.code ?? outcome.signal}):\n${tail(child.stdoutText + child.stderrText, 40)}`);
  return child.stdoutText;
}
