/**
 * The importer benchmark's NDJSON file (scripts/importer-bench.mjs): the rows of a generated CSV
 * (importer-bench-data.mjs) one JSON object per line, as an API or database export writes them —
 * the header's names as keys, numbers as JSON numbers (ids keep their leading zeros as strings),
 * the rest as strings.
 */
import { NUMBER, records } from './importer-bench-xlsx.mjs';

/** The NDJSON of the CSV's rows, in pieces (a million lines is one string of some 250 MB otherwise). */
export function csvToNdjson(csv) {
  const [header, ...rows] = records(csv);
  const pieces = [];
  let piece = [];
  for (const cells of rows) {
    const item = {};
    header.forEach((key, i) => {
      const cell = cells[i] ?? '';
      item[key] = NUMBER.test(cell) && !/^0\d/.test(cell) ? Number(cell) : cell;
    });
    piece.push(JSON.stringify(item));
    if (piece.length === 10_000) {
      pieces.push(`${piece.join('\n')}\n`);
      piece = [];
    }
  }
  if (piece.length > 0) pieces.push(`${piece.join('\n')}\n`);
  return pieces;
}
