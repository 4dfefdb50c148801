// The engine's CSV reader (Papa Parse fed piece by piece) against what it promises: the records a
// well-formed file was written from, the same records as Papa Parse reading the whole text at
// once, whatever the pieces the file arrives in, and sane answers to malformed quoting.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CsvReader } from '../src/importer/engine/csv-reader.js';

/** Reads `text` in pieces cut at `cuts`, as the engine reads a file. */
function read(text: string, { delimiter = ',', newline = '\n' as '\n' | '\r', cuts = [] as number[] } = {}): string[][] {
  const reader = new CsvReader(delimiter, newline);
  const rows: string[][] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    rows.push(...reader.push(text.slice(from, cut), cut === text.length));
    from = cut;
  }
  return rows;
}

/** Papa Parse's records as the old reader returned them: blank rows dropped, a CRLF's `\r` too. */
function papa(text: string, delimiter = ','): string[][] {
  const rows = (Papa.parse<string[]>(text, { delimiter, newline: '\n', quoteChar: '"' }).data as string[][]).map((row) => {
    const last = row[row.length - 1] as string;
    return last.endsWith('\r') ? [...row.slice(0, -1), last.slice(0, -1)] : row;
  });
  return rows.filter((row) => !(row.length === 1 && row[0] === ''));
}

const nonBlank = (rows: string[][]) => rows.filter((row) => !(row.length === 1 && row[0] === ''));

/** A deterministic pseudo-random source, so a failure is reproducible. */
function randomOf(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

const PIECES = ['a', 'Zoë', '00123', ' spaced ', '1,5', 'say "hi"', 'line\nbreak', 'crlf\r\nbreak', ';', '\t', '', '"', '""', 'é€😀', '=1+2'];

function randomRecords(random: () => number, count: number): string[][] {
  return Array.from({ length: count }, () =>
    // Ragged rows: 1 to 6 cells; a single empty cell would be a blank line, so give it text.
    Array.from({ length: 1 + Math.floor(random() * 6) }, () => PIECES[Math.floor(random() * PIECES.length)] as string).map((cell, _, row) =>
      row.length === 1 && cell === '' ? 'x' : cell,
    ),
  );
}

function write(records: string[][], delimiter: string, lineBreak: string): string {
  const quote = (cell: string) => (/["\r\n]/.test(cell) || cell.includes(delimiter) || cell.startsWith(' ') ? `"${cell.replaceAll('"', '""')}"` : cell);
  return records.map((row) => row.map(quote).join(delimiter)).join(lineBreak) + lineBreak;
}

describe('CsvReader', () => {
  it.each([
    [',', '\n'],
    [';', '\r\n'],
    ['\t', '\n'],
    ['|', '\r\n'],
  ])('reads back the records a file was written from, like Papa Parse, in any pieces (delimiter %j, line break %j)', (delimiter, lineBreak) => {
    const random = randomOf(delimiter.charCodeAt(0) * 31 + lineBreak.length);
    for (let trial = 0; trial < 40; trial++) {
      const records = randomRecords(random, 1 + Math.floor(random() * 30));
      const text = write(records, delimiter, lineBreak);
      const cuts = [...new Set(Array.from({ length: 4 }, () => Math.floor(random() * text.length)))].sort((a, b) => a - b);
      expect(read(text, { delimiter, cuts })).toEqual(records);
      expect(read(text, { delimiter })).toEqual(papa(text, delimiter));
    }
  });

  it('gives the same records for every place a file can be cut in two', () => {
    const text = 'id,"name, full",note\r\n001,"Ann ""A"" Lee","two\r\nlines"\r\n002,Bob,\r\n\r\n003,"",x';
    const whole = read(text);
    expect(whole).toEqual([
      ['id', 'name, full', 'note'],
      ['001', 'Ann "A" Lee', 'two\r\nlines'],
      ['002', 'Bob', ''],
      [''],
      ['003', '', 'x'],
    ]);
    for (let cut = 0; cut <= text.length; cut++) expect(read(text, { cuts: [cut] })).toEqual(whole);
  });

  it('reads the last record without a final line break, and an empty last cell after a delimiter', () => {
    expect(read('a,b\nc,')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
    expect(read('a,"b",')).toEqual([['a', 'b', '']]);
    expect(read('a,b\r')).toEqual([['a', 'b']]);
  });

  it('keeps quotes inside unquoted fields, and spaces before an opening quote, as Papa Parse does', () => {
    const text = 'ab"c,d\na, "b",c\n"a" ,b\n';
    expect(read(text)).toEqual([
      ['ab"c', 'd'],
      ['a', ' "b"', 'c'],
      ['a', 'b'],
    ]);
    expect(read(text)).toEqual(papa(text));
  });

  it('reads an unterminated quote to the end of the file', () => {
    expect(read('a,"open\nstill open')).toEqual([['a', 'open\nstill open']]);
  });

  it('reads files whose records end with \\r only', () => {
    expect(read('a,b\r"c\r\nd",e\r', { newline: '\r' })).toEqual([
      ['a', 'b'],
      ['c\r\nd', 'e'],
    ]);
  });

  it('keeps a record cut inside a quoted field for the next piece, and refuses a quote never closed', () => {
    const reader = new CsvReader(',', '\n');
    expect(reader.push('a,"b\n', false)).toEqual([]);
    expect(reader.push('c",d\n', true)).toEqual([['a', 'b\nc', 'd']]);
    const open = new CsvReader(',', '\n');
    expect(() => open.push(`"${'x'.repeat(33 * 1024 * 1024)}`, false)).toThrow(SyntaxError);
  });

  it('refuses delimiters it cannot read with', () => {
    for (const delimiter of ['', ',,', '"', '\n', '\r']) expect(() => new CsvReader(delimiter, '\n')).toThrow(RangeError);
  });

  it('reads a large file cut into many pieces as one piece', () => {
    const records = randomRecords(randomOf(7), 5000);
    const text = write(records, ',', '\r\n');
    const cuts = Array.from({ length: Math.floor(text.length / 997) }, (_, i) => (i + 1) * 997);
    expect(nonBlank(read(text, { cuts }))).toEqual(records);
  });
});
