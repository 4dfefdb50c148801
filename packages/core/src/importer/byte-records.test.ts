import { describe, expect, it } from 'vitest';
import { cellText, recordCells, recordsCells } from './byte-records.js';
import type { ByteRecords } from './types.js';

/** Records of `rows` as a CSV reader gives them: cells quoted where they hold `"` (escaped), a delimiter between. */
function recordsOf(rows: string[][]): ByteRecords {
  const encoder = new TextEncoder();
  const bytes: number[] = [0x21, 0x21];
  const first: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const escaped: number[] = [];
  for (const row of rows) {
    first.push(starts.length);
    for (const cell of row) {
      const quoted = cell.includes('"');
      if (quoted) bytes.push(0x22);
      starts.push(bytes.length);
      bytes.push(...encoder.encode(quoted ? cell.replaceAll('"', '""') : cell));
      ends.push(bytes.length);
      escaped.push(quoted ? 1 : 0);
      if (quoted) bytes.push(0x22);
      bytes.push(0x2c);
    }
    bytes.push(0x0a);
  }
  first.push(starts.length);
  return { bytes: Uint8Array.from(bytes), count: rows.length, first: Int32Array.from(first), starts: Int32Array.from(starts), ends: Int32Array.from(ends), escaped: Uint8Array.from(escaped) };
}

describe('reading byte records as text', () => {
  const ascii = [['id', 'say "hi"', ''], ['007'], ['a', 'b', 'c', 'd']];

  it('gives each cell as the string reader would, quotes read, undefined past the last', () => {
    const records = recordsOf(ascii);
    expect(recordCells(records, 0)).toEqual(['id', 'say "hi"', '']);
    expect(cellText(records, 1, 0)).toBe('007');
    expect(cellText(records, 1, 1)).toBeUndefined();
  });

  it.each([
    ['ASCII', ascii],
    ['with other characters', [['Zoë', '\ufeffmark'], ['€', 'x"y'], ['😀']]],
  ])('reads many records at once as one by one (%s), from any record', (_, rows) => {
    const records = recordsOf(rows);
    for (let from = 0; from <= rows.length; from++) expect(recordsCells(records, from)).toEqual(rows.slice(from));
  });
});
