// Benchmark: the importer's engine on a generated 1,000,000-row × 10-column CSV (mixed types,
// ~5% invalid) in headless Chromium — parse + map + validate in the widget's Web Worker against
// a raw parse of the same file in a worker with the fastest parser at hand, in the same run.
// Builds @inlay/widgets first (turbo, cached when unchanged), then runs
// `packages/widgets/scripts/importer-bench.mjs --json` (see its header for what is measured) and
// turns the JSON line it prints last into checks. Rounds alternate engine and raw parses; times
// are medians, the longest main-thread task and the peak memory the worst round.
import { fileURLToPath } from 'node:url';
import { buildWidgets, envInt, runNode } from './lib.mjs';

const BENCH_SCRIPT = fileURLToPath(new URL('../../widgets/scripts/importer-bench.mjs', import.meta.url));
/** Bounded: one round takes about half a minute on two busy cores. */
const LIMIT_MS = 15 * 60_000;

/** The targets. */
const IMPORTER_TARGETS = { ratio: 1.5, longestTaskMs: 50, memoryPerFileByte: 3 };
/** A workbook's rows through the engine, against the same rows as CSV (the script's XLSX case). */
const XLSX_TARGET = 5;
/** A 1,000,000-line NDJSON file through the engine, against the same rows as CSV (the NDJSON case). */
const NDJSON_TARGET = 1.5;

/** @type {import('./run.mjs').Benchmark} */
export const importerBenchmark = {
  name: 'importer',
  storage: 'none',
  title: 'importer engine: 1M-row CSV parsed, mapped and validated in a worker vs a raw parse (headless Chromium)',
  async run({ children, settings, log }) {
    await buildWidgets(children, log);
    const rows = envInt('BENCH_IMPORTER_ROWS', 1_000_000);
    log(`${rows.toLocaleString('en-US')} rows, ${settings.rounds} rounds…`);
    const args = ['--json', '--rows', String(rows), '--rounds', String(settings.rounds)];
    const output = await runNode(children, BENCH_SCRIPT, args, 'importer-bench.mjs', LIMIT_MS);
    const lines = output.trim().split('\n');
    const figures = JSON.parse(lines.pop() ?? '');
    return { report: lines.join('\n'), checks: importerChecks(figures) };
  },
};

/**
 * PASS/MISS checks from the script's figures.
 * @param {{ ratio: number, fastest: string, longestTaskMs: number, peakBytes: number, fileBytes: number, xlsx?: { rows: number, ratio: number }, ndjson?: { rows: number, ratio: number, ndjson: { longestTaskMs: number, peakBytes: number, fileBytes: number } } }} figures
 */
function importerChecks(figures) {
  const { ratio, longestTaskMs, memoryPerFileByte } = IMPORTER_TARGETS;
  const memory = figures.peakBytes / figures.fileBytes;
  return [
    { name: `engine / raw parse (${figures.fastest})`, value: figures.ratio.toFixed(2), target: `≤ ${ratio}`, pass: figures.ratio <= ratio },
    { name: 'longest main-thread task', value: `${Math.round(figures.longestTaskMs)} ms`, target: `none > ${longestTaskMs} ms`, pass: figures.longestTaskMs <= longestTaskMs },
    { name: 'peak memory / file size', value: `${memory.toFixed(2)}×`, target: `≤ ${memoryPerFileByte}×`, pass: memory <= memoryPerFileByte },
    ...(figures.xlsx
      ? [{ name: `XLSX / CSV, same ${figures.xlsx.rows.toLocaleString('en-US')} rows end to end`, value: `${figures.xlsx.ratio.toFixed(2)}×`, target: `≤ ${XLSX_TARGET}×`, pass: figures.xlsx.ratio <= XLSX_TARGET }]
      : []),
    ...(figures.ndjson ? ndjsonChecks(figures.ndjson) : []),
  ];
}

/**
 * The NDJSON case's checks: the ratio to the same rows as CSV, and the targets of any large file
 * (no long main-thread task, memory ≤ 3× the file).
 * @param {{ rows: number, ratio: number, ndjson: { longestTaskMs: number, peakBytes: number, fileBytes: number } }} ndjson
 */
function ndjsonChecks({ rows, ratio, ndjson }) {
  const memory = ndjson.peakBytes / ndjson.fileBytes;
  return [
    { name: `NDJSON / CSV, same ${rows.toLocaleString('en-US')} rows end to end`, value: `${ratio.toFixed(2)}×`, target: `≤ ${NDJSON_TARGET}×`, pass: ratio <= NDJSON_TARGET },
    { name: 'NDJSON: longest main-thread task', value: `${Math.round(ndjson.longestTaskMs)} ms`, target: `none > ${IMPORTER_TARGETS.longestTaskMs} ms`, pass: ndjson.longestTaskMs <= IMPORTER_TARGETS.longestTaskMs },
    { name: 'NDJSON: peak memory / file size', value: `${memory.toFixed(2)}×`, target: `≤ ${IMPORTER_TARGETS.memoryPerFileByte}×`, pass: memory <= IMPORTER_TARGETS.memoryPerFileByte },
  ];
}
