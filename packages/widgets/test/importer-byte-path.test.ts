// The engine's byte path (a UTF-8 file read as byte ranges: CsvByteReader + addByteRecords)
// against its text path (the same content pasted: CsvReader + addRows) on messy generated files
// larger than the format sample: every statistic, every grid row (values, raw text of refused
// cells, issues) and every delivered record must be the same.
import { recordsCells, UNREADABLE } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { countUnreadable, MarkingDecoder } from '../src/importer/engine/decode.js';
import type { Progress, SourceInput } from '../src/importer/engine/protocol.js';
import { Slicer } from '../src/importer/engine/slicer.js';
import { readBytes } from '../src/importer/engine/source.js';
import { CUSTOMERS, engine } from './engine-driver.js';

const CONFIG = CUSTOMERS;

/** Everything the element can read of a loaded source. */
async function loaded(source: SourceInput, chunkBytes: number) {
  const { call } = engine({ sliceMs: 50, chunkBytes });
  const opened = await call('open', { source });
  const mapping = Object.fromEntries(CONFIG.fields.map((field) => [field.key, (opened.preview[opened.headerRow] ?? []).indexOf(field.label)]).filter(([, column]) => (column as number) >= 0));
  const load = await call('load', { headerRow: opened.headerRow, mapping, config: CONFIG });
  const rows = await call('rows', { start: 0, count: load.stats.rowCount });
  const records: Progress[] = [];
  await call('records', { onlyValid: false, chunkSize: 5000 }, (p) => records.push(p));
  return { opened, stats: load.stats, formats: [load.numberFormat, load.dateOrder], rows, records: records.flatMap((p) => p.records ?? []) };
}

function randomOf(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

const CELLS: Record<string, readonly string[]> = {
  id: ['00123', 'A-1', 'Zoë', ' 7', '7', '\u00a08', '', '"quoted ""id"""'],
  email: ['ann@example.com', 'ANN@example.com', 'bob@Example.org', 'bad@', '', 'zoë@exämple.com', '"x@y.co"', 'a..b@c.io'],
  name: ['Ann', '"Smith, Jo"', '"two\nlines"', '"say ""hi"""', '', ' padded ', 'Ünal', '😀', 'a"b'],
  amount: ['12', '-0', '1.5', '1,5', '1e3', '007', 'abc', '', '123456789012345678'],
  joined: ['2024-02-29', '2023-02-29', '2024-13-01', '01/02/2024', '', '2024-01-01T10:00:00Z'],
  active: ['yes', 'No', 'TRUE', 'ja', '', '1', 'maybe'],
  plan: ['free', 'pro', 'Pro', 'team', 'teams', ''],
  site: ['https://example.com/a', 'www.example.com', 'http://x', 'https://例え.jp/p', ''],
};

/** A file of `count` data rows: CRLF, blank lines, ragged rows, unique counters so most ids and emails differ. */
function messyCsv(count: number, seed: number): string {
  const random = randomOf(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const lines = ['Export of 3 March', '', CONFIG.fields.map((field) => field.label).join(',')];
  for (let i = 0; i < count; i++) {
    const cells = CONFIG.fields.map((field) => {
      if (random() < 0.9 && field.key === 'id') return String(i).padStart(6, '0');
      if (random() < 0.9 && field.key === 'email') return `user${i}@example.com`;
      return pick(CELLS[field.key] ?? ['']);
    });
    const shape = random();
    if (shape < 0.01) lines.push('');
    else if (shape < 0.02) lines.push(',,,');
    else if (shape < 0.04) lines.push(cells.slice(0, 3).join(','));
    else lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

const fileOf = (content: string | Uint8Array): SourceInput => ({ kind: 'file', file: new Blob([content]), name: 'data.csv' });

describe('the byte path of a UTF-8 file', () => {
  it.each([4093, 64 * 1024])('reads a messy file past the format sample as the text path does (pieces of %i bytes)', async (chunkBytes) => {
    const csv = messyCsv(14_000, chunkBytes);
    const [bytes, text] = await Promise.all([loaded(fileOf(`\ufeff${csv}`), chunkBytes), loaded({ kind: 'text', text: csv }, chunkBytes)]);
    expect(bytes.opened.headerRow).toBe(1);
    expect(bytes.stats).toEqual(text.stats);
    expect(bytes.formats).toEqual(text.formats);
    expect(bytes.rows).toEqual(text.rows);
    expect(bytes.records).toEqual(text.records);
    // Enough happened to mean something: errors of most kinds, refused cells' raw text, repeats.
    expect(bytes.stats.rowCount).toBeGreaterThan(13_000);
    for (const field of ['id', 'email', 'amount', 'joined', 'active', 'plan', 'site']) expect(bytes.stats.fieldErrors[field]).toBeGreaterThan(0);
    expect(bytes.stats.duplicateGroups).toBeGreaterThan(0);
    expect(bytes.rows.some((row) => row.raw.some((raw) => raw !== null && raw.includes('\n')))).toBe(false);
    expect(bytes.rows.some((row) => row.values.includes('two\nlines'))).toBe(true);
  });

  it('hands a record with quoting it does not read over to the text reader, and reads the rest as the text path does', async () => {
    const csv = messyCsv(12_000, 3);
    // A closing quote followed by text: Papa Parse's own reading of it, whatever that is, must be kept.
    const at = csv.indexOf('\r\n', Math.floor(csv.length * 0.9)) + 2;
    const malformed = `${csv.slice(0, at)}"broken" quote,x@example.com\r\n${csv.slice(at)}`;
    const [bytes, text] = await Promise.all([loaded(fileOf(malformed), 4096), loaded({ kind: 'text', text: malformed }, 4096)]);
    expect(bytes.stats).toEqual(text.stats);
    expect(bytes.rows).toEqual(text.rows);
    expect(bytes.records).toEqual(text.records);
  });

  it('counts unreadable bytes as a decoder does, wherever they fall', async () => {
    const csv = new TextEncoder().encode(messyCsv(14_000, 9));
    expect(csv.length).toBeGreaterThan(800_000);
    const broken = Uint8Array.from(csv);
    // Lone continuation bytes, a cut three-byte character, an invalid lead byte: past the 256 KB
    // the encoding is detected from (else the file would be read as Windows-1252), in and after
    // the format sample, and near the end.
    for (const [at, byte] of [
      [300_000, 0x80],
      [300_001, 0xe2],
      [600_000, 0xff],
      [broken.length - 5, 0xbf],
    ] as const) {
      broken[at] = byte;
    }
    const expected = countUnreadable(new MarkingDecoder('utf-8').decode(broken, false));
    expect(expected).toBeGreaterThanOrEqual(3);
    const { opened, stats } = await loaded(fileOf(broken), 4093);
    expect(opened.encoding).toBe('utf-8');
    expect(stats.unreadable).toBe(expected);
  });
});

describe('readBytes', () => {
  const chunksOf = (...pieces: number[][]) =>
    (async function* () {
      let done = 0;
      for (const [i, piece] of pieces.entries()) {
        done += piece.length;
        yield { bytes: Uint8Array.from(piece), done, total: 0, last: i === pieces.length - 1 };
      }
    })();
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

  it('counts a character cut short before an ASCII piece once, not joined to bytes after it', async () => {
    // `E2` ends one piece; an ASCII piece follows; the next starts with `82 AC`, which after `E2`
    // would read as €. As a stream: E2 (cut short), 82, AC are three unreadable characters.
    const pieces = [[...ascii('a,b\nc,'), 0xe2], ascii('d\ne,f\n'), [0x82, 0xac, ...ascii(',g\n')], []];
    const each: (readonly string[])[] = [];
    const records: string[][] = [];
    const counts = await readBytes(chunksOf(...pieces), ',', '\n', new Slicer(1000), {
      each: (rows) => each.push(...rows),
      eachBytes: (batch) => records.push(...recordsCells(batch)),
      afterPiece: undefined,
    });
    expect(counts.unreadable).toBe(countUnreadable(new MarkingDecoder('utf-8').decode(Uint8Array.from(pieces.flat()), false)));
    expect(counts.unreadable).toBe(3);
    // Each unreadable character carries core's mark (reader-marks.ts), shown to the user as U+FFFD.
    expect(records).toEqual([['a', 'b'], ['c', `${UNREADABLE}d`], ['e', 'f'], [`${UNREADABLE}${UNREADABLE}`, 'g']]);
    expect(each).toEqual([]);
  });
});
