// The byte CSV reader against what it promises: for regular files exactly the records of the
// text path (CsvReader, blank records dropped) over the same text, whatever the byte pieces the
// file arrives in (cut inside characters too); for quoting it does not handle, the records
// before the record it hands over plus the text path's records from there give the same.
import type { ByteRecords } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { CsvByteReader } from '../src/importer/engine/csv-bytes.js';
import { isBlank } from '../src/importer/engine/csv.js';
import { CsvReader } from '../src/importer/engine/csv-reader.js';

type Newline = '\n' | '\r';

const encode = (text: string) => new TextEncoder().encode(text);
/** `ignoreBOM`: a cell (or a handed-over record) may start with U+FEFF, which is text there. */
const textDecoder = () => new TextDecoder('utf-8', { ignoreBOM: true });

/** The records of a batch as strings, as a consumer of the byte path reads them. */
function textOf(records: ByteRecords): string[][] {
  const cellText = textDecoder();
  const rows: string[][] = [];
  for (let record = 0; record < records.count; record++) {
    const row: string[] = [];
    for (let cell = records.first[record]!; cell < records.first[record + 1]!; cell++) {
      const text = cellText.decode(records.bytes.subarray(records.starts[cell], records.ends[cell]));
      row.push(records.escaped[cell] === 1 ? text.replaceAll('""', '"') : text);
    }
    rows.push(row);
  }
  return rows;
}

const withoutBlanks = (rows: string[][]) => rows.filter((row) => !isBlank(row));

/** What the text path reads from the whole file: the reference. */
function expected(bytes: Uint8Array, delimiter = ',', newline: Newline = '\n'): string[][] {
  return withoutBlanks(new CsvReader(delimiter, newline).push(new TextDecoder().decode(bytes), true));
}

interface Read {
  records: string[][];
  /** Records read by the text path after a handover. */
  handedOver: number | null;
  high: boolean[];
}

/**
 * Reads `bytes` cut at `cuts` as the engine would: each piece is copied into one reused buffer
 * (as a BYOB reader reuses its buffer), overwritten right after the push and before the records
 * are read; after a handover the rest goes to CsvReader as text.
 */
function read(bytes: Uint8Array, { delimiter = ',', newline = '\n' as Newline, cuts = [] as number[] } = {}): Read {
  const reader = new CsvByteReader(delimiter, newline);
  const buffer = new Uint8Array(bytes.length);
  const records: string[][] = [];
  const high: boolean[] = [];
  let text: { reader: CsvReader; decoder: ReturnType<typeof textDecoder> } | null = null;
  let handedOver: number | null = null;
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    const last = cut === bytes.length;
    const piece = buffer.subarray(0, cut - from);
    piece.set(bytes.subarray(from, cut));
    from = cut;
    if (text) {
      records.push(...withoutBlanks(text.reader.push(text.decoder.decode(piece, { stream: !last }), last)));
      continue;
    }
    const batch = reader.push(piece, last);
    piece.fill(0x2c);
    high.push(batch.high);
    records.push(...textOf(batch.records));
    if (batch.handover) {
      handedOver = records.length;
      text = { reader: new CsvReader(delimiter, newline), decoder: textDecoder() };
      records.push(...withoutBlanks(text.reader.push(text.decoder.decode(batch.handover, { stream: !last }), last)));
    }
  }
  return { records, handedOver, high };
}

/** A deterministic pseudo-random source, so a failure is reproducible. */
function randomOf(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Up to `count` distinct sorted cut points in `0..length`. */
function cutsOf(random: Random, length: number, count: number): number[] {
  return [...new Set(Array.from({ length: count }, () => Math.floor(random() * (length + 1))))].filter((cut) => cut < length).sort((a, b) => a - b);
}

const PIECES = [
  'a',
  'Zoë',
  '00123',
  ' spaced ',
  '1,5',
  'say "hi"',
  'line\nbreak',
  'crlf\r\nbreak',
  'old\rmac',
  ';',
  '\t',
  '|',
  '',
  '',
  '"',
  '""',
  'é€😀',
  '=1+2',
  '\u00a0',
  ' ',
  '\u3000x',
  'tail\r',
  '\ufeffmark',
  ' "b"',
  'ab"c',
];

/** Spaces Papa Parse skips between a closing quote and what follows it. */
const SPACES = [' ', '  ', '\t', '\u00a0', '\u3000', '\u2028', '\ufeff', ' \u2009 '];

/**
 * A regular file: ragged rows of the pieces above, quoted where they must be and now and then
 * where they need not be (then sometimes with spaces after the closing quote), blank lines and
 * rows of empty or blank cells, mixed CRLF in `'\n'` files, maybe no final line break, maybe a
 * byte-order mark.
 */
function regularFile(random: Random, delimiter: string, newline: Newline): string {
  const breaks = newline === '\n' ? ['\n', '\r\n'] : ['\r'];
  const rows: string[] = [];
  for (let row = 0, count = 1 + Math.floor(random() * 25); row < count; row++) {
    const kind = random();
    if (kind < 0.06) rows.push('');
    else if (kind < 0.1) rows.push(delimiter.repeat(Math.floor(random() * 3)));
    else if (kind < 0.13) rows.push(['\u00a0', ' \t', '\u3000'].join(delimiter));
    else {
      const cells = Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
        const cell = pick(random, PIECES);
        const must = /[\r\n]/.test(cell) || cell.includes(delimiter) || cell.startsWith('"');
        if (!must && random() < 0.8) return cell;
        const spaces = random() < 0.3 ? pick(random, SPACES.filter((space) => !space.includes(delimiter))) : '';
        const extra = newline === '\r' && random() < 0.1 ? '\n' : '';
        return `"${cell.replaceAll('"', '""')}"${spaces}${extra}`;
      });
      rows.push(cells.join(delimiter));
    }
  }
  const body = rows.map((row, at) => row + (at < rows.length - 1 || random() < 0.7 ? pick(random, breaks) : '')).join('');
  return (random() < 0.15 ? '\ufeff' : '') + body;
}

/** Malformed quoting: quotes, spaces and text anywhere. */
function malformedFile(random: Random, delimiter: string, newline: Newline): string {
  const parts = ['"', '"', '""', delimiter, delimiter, newline, newline === '\n' ? '\r\n' : '\n', ' ', '\u00a0', 'a', 'é', 'x"y', '"a"b', '" ', '"\u00a0'];
  return Array.from({ length: Math.floor(random() * 40) }, () => pick(random, parts)).join('');
}

describe('CsvByteReader', () => {
  describe('regular files', () => {
    it.each([
      [',', '\n'],
      [';', '\n'],
      ['\t', '\n'],
      ['|', '\n'],
      [',', '\r'],
      ['\t', '\r'],
    ] as [string, Newline][])(
      'reads what CsvReader reads from the text, in byte pieces cut anywhere, without a handover (delimiter %j, newline %j)',
      (delimiter, newline) => {
        const random = randomOf(delimiter.charCodeAt(0) * 31 + newline.charCodeAt(0));
        for (let trial = 0; trial < 300; trial++) {
          const bytes = encode(regularFile(random, delimiter, newline));
          const want = expected(bytes, delimiter, newline);
          const cuts = trial % 10 === 0 ? Array.from({ length: bytes.length - 1 }, (_, at) => at + 1) : cutsOf(random, bytes.length, Math.floor(random() * 8));
          const got = read(bytes, { delimiter, newline, cuts });
          expect(got.handedOver, JSON.stringify(new TextDecoder().decode(bytes))).toBeNull();
          expect(got.records, JSON.stringify({ text: new TextDecoder().decode(bytes), cuts })).toEqual(want);
        }
      },
    );

    it('reads back the records a file was written from, in any pieces', () => {
      const random = randomOf(11);
      for (let trial = 0; trial < 40; trial++) {
        const records = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
          Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(random, PIECES.filter((piece) => !piece.endsWith('\r') && piece.trim() !== '' && !piece.startsWith('\ufeff')))),
        );
        const text = records.map((row) => row.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')).join('\r\n');
        const bytes = encode(text);
        expect(read(bytes, { cuts: cutsOf(random, bytes.length, 5) }).records).toEqual(records);
      }
    });

    it('gives the same records for every place a file can be cut in two', () => {
      const bytes = encode('id,"name, full",note\r\n001,"Ann ""A"" Lee","two\r\nlines"\r\n002,Bøb,\r\n\r\n003,"",x€');
      const whole = read(bytes).records;
      expect(whole).toEqual([
        ['id', 'name, full', 'note'],
        ['001', 'Ann "A" Lee', 'two\r\nlines'],
        ['002', 'Bøb', ''],
        ['003', '', 'x€'],
      ]);
      for (let cut = 0; cut <= bytes.length; cut++) expect(read(bytes, { cuts: [cut] }).records).toEqual(whole);
    });

    it('reads the last record without a final line break, and an empty last cell after a delimiter', () => {
      expect(read(encode('a,b\nc,')).records).toEqual([
        ['a', 'b'],
        ['c', ''],
      ]);
      expect(read(encode('a,"b",')).records).toEqual([['a', 'b', '']]);
      expect(read(encode('a,b\r')).records).toEqual([['a', 'b']]);
      expect(read(encode('a,b\n')).records).toEqual([['a', 'b']]);
      expect(read(encode('')).records).toEqual([]);
    });

    it('keeps quotes inside unquoted fields and spaces before an opening quote, and skips spaces after a closing quote', () => {
      const bytes = encode('ab"c,d\na, "b",c\n"a" ,b\n"x"\u00a0\t,;\n"y" \r\n"z"\u3000');
      const want = [
        ['ab"c', 'd'],
        ['a', ' "b"', 'c'],
        ['a', 'b'],
        ['x', ';'],
        ['y'],
        // Papa Parse reads spaces after the file's last closing quote into the cell, quote and all.
        ['z"\u3000'],
      ];
      expect(read(bytes).records).toEqual(want);
      expect(expected(bytes)).toEqual(want);
    });

    it('drops a trailing \\r from the last cell of each record in \\n files, quoted or not, and only one', () => {
      const bytes = encode('a\r,b\r\r\n"c\r"\r\n"d\r" \r\ne\r');
      expect(read(bytes).records).toEqual([['a\r', 'b\r'], ['c'], ['d'], ['e']]);
      expect(read(bytes).records).toEqual(expected(bytes));
    });

    it('reads an unterminated quote to the end of the file, its doubled quotes as they are', () => {
      expect(read(encode('a,"open\nstill open')).records).toEqual([['a', 'open\nstill open']]);
      const bytes = encode('a,"open ""x"" \r');
      expect(read(bytes).records).toEqual([['a', 'open ""x"" ']]);
      expect(read(bytes).records).toEqual(expected(bytes));
    });

    it('reads files whose records end with \\r only', () => {
      expect(read(encode('a,b\r"c\r\nd",e\r'), { newline: '\r' }).records).toEqual([
        ['a', 'b'],
        ['c\r\nd', 'e'],
      ]);
    });

    it('drops blank records as isBlank does, Unicode whitespace included, first cell too', () => {
      // Spaces beyond ASCII (U+00A0, U+3000, U+2028, U+FEFF…) are blank wherever they are, first too.
      const blank = ['', ',,', ' \t\u000b\f', '"",""', ' \u00a0,\u3000', '\t\ufeff', ',\u2028,\u205f', ' ,"\u00a0" ', '\u00a0,\u3000', '"\u00a0" ', '\u2028'];
      // U+0085 and U+0000 are not whitespace to trim.
      const kept = ['x', '\u0085', ',\u0000', '\u00a0x'];
      const bytes = encode([...blank, ...kept].join('\n'));
      expect(read(bytes).records).toEqual([['x'], ['\u0085'], ['', '\u0000'], ['\u00a0x']]);
      expect(read(bytes).records).toEqual(expected(bytes));
    });

    it('skips a byte-order mark at the start of the stream, even one cut into pieces, and only there', () => {
      const bytes = encode('\ufeff"id",name\n\ufeffx,y\n');
      const want = [
        ['id', 'name'],
        ['\ufeffx', 'y'],
      ];
      for (const cuts of [[], [1], [2], [1, 2], [3]]) expect(read(bytes, { cuts }).records).toEqual(want);
      expect(expected(bytes)).toEqual(want);
      const notMark = new Uint8Array([0xef, 0xbb, 0x2c, 0x78]);
      for (const cuts of [[], [1], [2]]) expect(read(notMark, { cuts }).records).toEqual([['\ufffd', 'x']]);
      expect(expected(notMark)).toEqual([['\ufffd', 'x']]);
      expect(read(new Uint8Array([0xef, 0xbb]), { cuts: [1] }).records).toEqual([['\ufffd']]);
    });

    it('reads a large file cut into many pieces as one piece', () => {
      const random = randomOf(7);
      const text = Array.from({ length: 300 }, () => regularFile(random, ',', '\n').replace(/^\ufeff/, '')).join('\n');
      const bytes = encode(text);
      const cuts = Array.from({ length: Math.floor(bytes.length / 997) }, (_, i) => (i + 1) * 997);
      const want = expected(bytes);
      expect(want.length).toBeGreaterThan(2000);
      expect(read(bytes, { cuts }).records).toEqual(want);
      expect(read(bytes).records).toEqual(want);
    });
  });

  describe('quoting it does not handle', () => {
    it.each([
      [',', '\n'],
      [';', '\n'],
      ['\t', '\r'],
    ] as [string, Newline][])(
      'hands the record over, and with the text path from there reads what CsvReader reads (delimiter %j, newline %j)',
      (delimiter, newline) => {
        const random = randomOf(delimiter.charCodeAt(0) + 1000 * newline.charCodeAt(0));
        let handovers = 0;
        let readAsBytes = 0;
        for (let trial = 0; trial < 1500; trial++) {
          const bytes = encode(malformedFile(random, delimiter, newline));
          const cuts = cutsOf(random, bytes.length, Math.floor(random() * 5));
          const got = read(bytes, { delimiter, newline, cuts });
          expect(got.records, JSON.stringify({ text: new TextDecoder().decode(bytes), cuts })).toEqual(expected(bytes, delimiter, newline));
          if (got.handedOver === null) continue;
          handovers += 1;
          readAsBytes += got.handedOver;
        }
        // Both outcomes are exercised: files handed over, some after records read as bytes.
        expect(handovers).toBeGreaterThan(300);
        expect(handovers).toBeLessThan(1400);
        expect(readAsBytes).toBeGreaterThan(100);
      },
    );

    it('hands over the bytes from the start of the record, returns the records before it, and refuses more', () => {
      const reader = new CsvByteReader(',', '\n');
      const first = reader.push(encode('a,b\nc,"d'), false);
      expect(textOf(first.records)).toEqual([['a', 'b']]);
      expect(first.handover).toBeNull();
      const second = reader.push(encode('"x,e\nf,g\n'), false);
      expect(textOf(second.records)).toEqual([]);
      expect(new TextDecoder().decode(second.handover ?? undefined)).toBe('c,"d"x,e\nf,g\n');
      expect(() => reader.push(encode('h\n'), true)).toThrow(Error);
    });

    it('hands over text after a closing quote, also after spaces and at the end of the file', () => {
      for (const text of ['"a"b,c\n', '"a" b\n', '"a"\u00a0x\n', '"a"\u2009\u00e9\n', 'x,"a""b"c']) {
        const batch = new CsvByteReader(',', '\n').push(encode(text), true);
        expect(new TextDecoder().decode(batch.handover ?? undefined), text).toBe(text);
        expect(batch.records.count).toBe(0);
      }
    });
  });

  it('says whether the bytes of each push had a byte >= 0x80', () => {
    expect(read(encode('a,b\nc,d\n'), { cuts: [3] }).high).toEqual([false, false]);
    // é is split across the first two pushes; the third is ASCII though it ends the record that holds it.
    const bytes = encode('abcdefg,"h\u00e9ij\nk",l\n');
    const at = bytes.indexOf(0xc3);
    expect(read(bytes, { cuts: [at, at + 1, at + 2] }).high).toEqual([false, true, true, false]);
    // Every alignment of the high byte within the reader's word-at-a-time look.
    for (let offset = 0; offset < 12; offset++) {
      const text = encode(`${'x'.repeat(offset)}\u00e9${'y'.repeat(20)}`);
      expect(read(text).high).toEqual([true]);
      expect(read(text, { cuts: [offset + 2] }).high).toEqual([true, false]);
      expect(read(encode('y'.repeat(offset + 9))).high).toEqual([false]);
    }
    // Also for bytes after a handover.
    expect(new CsvByteReader(',', '\n').push(encode('"a"b,\u00e9\n'), false).high).toBe(true);
  });

  it('refuses delimiters it cannot read with', () => {
    for (const delimiter of ['', ',,', '"', '\n', '\r', 'é', '\u00a0', '😀']) expect(() => new CsvByteReader(delimiter, '\n')).toThrow(RangeError);
    expect(() => new CsvByteReader(',', '\r\n' as Newline)).toThrow(RangeError);
  });

  it('keeps a record cut inside a quoted field for the next push, and refuses one never closed past 32 MiB', () => {
    const reader = new CsvByteReader(',', '\n');
    expect(textOf(reader.push(encode('a,"b\n'), false).records)).toEqual([]);
    expect(textOf(reader.push(encode('c",d\n'), true).records)).toEqual([['a', 'b\nc', 'd']]);
    const open = new CsvByteReader(',', '\n');
    expect(() => open.push(encode(`"${'x'.repeat(33 * 1024 * 1024)}`), false)).toThrow(SyntaxError);
    const growing = new CsvByteReader(',', '\n');
    const piece = encode('x'.repeat(4 * 1024 * 1024));
    for (let i = 0; i < 8; i++) expect(growing.push(piece, false).records.count).toBe(0);
    expect(() => growing.push(encode('xx'), false)).toThrow(SyntaxError);
  });

  it('reuses its arrays from push to push without changing a batch before the next push', () => {
    const reader = new CsvByteReader(',', '\n');
    // Enough records to grow every array, then a record left open with cells already read.
    const many = Array.from({ length: 30000 }, (_, i) => `${i},"v ""${i}""",w\n`).join('');
    const first = reader.push(encode(`${many}open,"cell, one",two,"thr`), false);
    const firstRecords = first.records;
    const firstText = textOf(firstRecords);
    expect(firstText.length).toBe(30000);
    expect(firstText[0]).toEqual(['0', 'v "0"', 'w']);
    expect(firstText[29999]).toEqual(['29999', 'v "29999"', 'w']);
    expect(firstRecords.first[30000]).toBe(90000);
    const second = reader.push(encode('ee",four\nnext,row\n'), false);
    expect(textOf(second.records)).toEqual([
      ['open', 'cell, one', 'two', 'three', 'four'],
      ['next', 'row'],
    ]);
    // The same arrays: a batch is read before the next push, as documented.
    expect(second.records.starts).toBe(firstRecords.starts);
    expect(second.records.first).toBe(firstRecords.first);
    expect(second.records.bytes.buffer).toBe(firstRecords.bytes.buffer);
    const third = reader.push(encode('last'), true);
    expect(textOf(third.records)).toEqual([['last']]);
    // A reader that finished a file reads the next from scratch.
    expect(textOf(reader.push(encode('\ufeff"again"'), true).records)).toEqual([['again']]);
  });
});
