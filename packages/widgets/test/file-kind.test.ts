// Files the importer must refuse or decode correctly, built byte by byte: binary files renamed
// .csv, ZIP archives that are not workbooks, and encodings only the end of a large file reveals.
import type { ImporterConfig } from '@inlay/core';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ByteChunk, untilNotUtf8 } from '../src/importer/engine/decode.js';
import type { GridRow, SourceInput } from '../src/importer/engine/protocol.js';
import { engine } from './engine-driver.js';

const CONFIG: ImporterConfig = {
  fields: [
    { key: 'id', label: 'Customer ID', type: 'string' },
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'amount', label: 'Amount', type: 'number' },
  ],
};
const MAPPING = { id: 0, name: 1, amount: 2 };

const encode = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: (Uint8Array | number[])[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const file = (content: Uint8Array, name = 'data.csv'): SourceInput => ({ kind: 'file', file: new Blob([content]), name });

/** What `open` refused the file with: the error's name and code. */
async function refusal(content: Uint8Array, name = 'data.csv'): Promise<{ name: string; code: unknown; message: string }> {
  try {
    await engine().call('open', { source: file(content, name) });
  } catch (error) {
    const failure = error as Error & { code?: unknown };
    return { name: failure.name, code: failure.code, message: failure.message };
  }
  throw new Error('the file was opened');
}

/** Deterministic bytes spread over 0–255, as compressed or encrypted data is. */
function noise(length: number): Uint8Array {
  let seed = 7;
  return Uint8Array.from({ length }, () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 23);
}

/** The rows of a load through the engine, with pieces of `chunkBytes`. */
async function load(content: Uint8Array, chunkBytes: number, delimiter?: string) {
  const e = engine({ sliceMs: 50, chunkBytes });
  const opened = await e.call('open', { source: file(content), delimiter });
  const loaded = await e.call('load', { headerRow: 0, mapping: MAPPING, config: CONFIG });
  const rows: GridRow[] = await e.call('rows', { start: 0, count: 1_000_000 });
  return { opened, loaded, rows };
}

/** A CSV of `rows` ASCII rows (about 50 bytes each) after a header, then `tail`. */
function bigCsv(rows: number, tail: Uint8Array): Uint8Array {
  const lines = ['id,name,amount'];
  for (let i = 0; i < rows; i++) lines.push(`${String(i).padStart(8, '0')},Customer number ${i} of the list,${i}.5`);
  return concat(encode(`${lines.join('\n')}\n`), tail);
}

describe('refusing files that are not text or workbooks, by their bytes', () => {
  it('refuses a PDF renamed .csv, saying it is a PDF, instead of reading it as a header row', async () => {
    const pdf = concat(encode('%PDF-1.7\n%'), [0xe2, 0xe3, 0xcf, 0xd3], encode('\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'));
    const refused = await refusal(pdf, 'contacts.csv');
    expect(refused).toMatchObject({ name: 'FileRefusedError', code: 'pdf' });
    expect(refused.message).toMatch(/PDF document.*Upload a CSV, TSV, JSON or Excel \(\.xlsx\) file/);
  });

  it('refuses images, an old .xls (OLE2) and a gzip file by their magic numbers', async () => {
    const png = concat([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], noise(200));
    const jpeg = concat([0xff, 0xd8, 0xff, 0xe0], noise(200));
    const gif = concat(encode('GIF89a'), noise(200));
    const xls = concat([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Uint8Array(504));
    const gzip = concat([0x1f, 0x8b, 0x08, 0x00], noise(200));
    const codes = [];
    for (const content of [png, jpeg, gif, xls, gzip]) codes.push((await refusal(content)).code);
    expect(codes).toEqual(['image', 'image', 'image', 'old_excel', 'gzip']);
    expect((await refusal(xls, 'old.xls')).message).toMatch(/save it as \.xlsx or \.csv/);
  });

  it('refuses binary data with no known magic number by its control bytes, and NUL-padded records', async () => {
    expect((await refusal(noise(20_000))).code).toBe('binary');
    const records = concat(encode('id,name\n'), ...Array.from({ length: 50 }, (_, i) => concat(encode(`${i},`), new Uint8Array(30), [0x0a])));
    expect((await refusal(records)).code).toBe('binary');
  });

  it('still reads text with a few control characters, and UTF-16 without a byte-order mark (a zero byte per ASCII character)', async () => {
    const text = concat(encode('id,name,amount\n1,Ann'), [0x0b], encode('Smith,2\n2,Bob'), [0x00], encode(',3\n'));
    const { rows } = await load(text, 64 * 1024);
    expect(rows.map((row) => row.values)).toEqual([
      ['1', 'Ann\u000bSmith', 2],
      ['2', 'Bob\u0000', 3],
    ]);
    const utf16 = Uint8Array.from([...'id,name,amount\n1,Ann,2\n'].flatMap((c) => [c.charCodeAt(0), 0]));
    const read16 = await load(utf16, 64 * 1024);
    expect([read16.opened.encoding, read16.rows[0]?.values]).toEqual(['utf-16le', ['1', 'Ann', 2]]);
  });

  it('refuses a ZIP of CSV files: it is an archive, not an Excel workbook', async () => {
    const zip = zipSync({ 'export/contacts.csv': strToU8('id,name\n1,Ann\n'), 'export/orders.csv': strToU8('id\n1\n') });
    const refused = await refusal(zip, 'contacts.xlsx');
    expect(refused).toMatchObject({ name: 'FileRefusedError', code: 'zip_archive' });
    expect(refused.message).toMatch(/ZIP archive, not an Excel workbook/);
  });

  it('refuses a Word document renamed .xlsx, a PowerPoint file and an OpenDocument spreadsheet', async () => {
    const office = (part: string) => zipSync({ '[Content_Types].xml': strToU8('<Types/>'), '_rels/.rels': strToU8('<Relationships/>'), [part]: strToU8('<x/>') });
    expect((await refusal(office('word/document.xml'), 'report.xlsx')).code).toBe('word_document');
    expect((await refusal(office('ppt/presentation.xml'), 'slides.xlsx')).code).toBe('presentation');
    const ods = zipSync({ mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }], 'content.xml': strToU8('<office:document-content/>') });
    expect((await refusal(ods, 'sheet.ods')).code).toBe('opendocument');
  });

  it('refuses a workbook cut short (no ZIP directory) as damaged, and still opens a whole one', async () => {
    const workbook = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      // Stored, not deflated: a cut in its middle leaves no directory.
      'xl/worksheets/sheet1.xml': [new Uint8Array(4096).fill(0x20), { level: 0 }],
    });
    expect((await refusal(workbook.subarray(0, workbook.length >> 1), 'cut.xlsx')).code).toBe('damaged_zip');
    // A whole one goes to the XLSX reader, which then finds it has no sheet to offer (only the reader refuses so).
    expect((await refusal(workbook, 'book.xlsx')).code).toBe('no_sheets');
  });
});

describe('telling the encoding over the whole file, never importing U+FFFD silently', () => {
  // é in Windows-1252 (one byte, 0xE9) in the last row of a file whose first 256 KB is ASCII.
  const latinTail = concat(encode('99999999,Caf'), [0xe9], encode(' Zo'), [0xeb], encode(',7\n'));
  const content = bigCsv(6000, latinTail);

  it('reads a Windows-1252 é after the first 256 KB as é, on the byte path, with nothing unreadable', async () => {
    expect(content.length).toBeGreaterThan(256 * 1024 + 10_000);
    for (const chunkBytes of [64 * 1024, 4093]) {
      const { opened, loaded, rows } = await load(content, chunkBytes);
      expect(opened.encoding).toBe('utf-8');
      expect(rows.at(-1)?.values).toEqual(['99999999', 'Café Zoë', 7]);
      expect(rows.length).toBe(6001);
      expect([loaded.stats.unreadable, loaded.stats.errorCount]).toEqual([0, 0]);
    }
  });

  it('does the same on the text path (a delimiter beyond ASCII, here one the file does not use: one cell a row)', async () => {
    const { opened, rows } = await load(content, 64 * 1024, '\u00a6');
    expect(opened.delimiter).toBe('\u00a6');
    expect(rows.at(-1)?.values[0]).toBe('99999999,Café Zoë,7');
    expect(rows.length).toBe(6001);
  });

  it('keeps a UTF-8 file UTF-8 when one broken byte follows good UTF-8 late, and flags that cell for the user to fix', async () => {
    const tail = concat(encode('00000001,Zoë,1\n'), encode('99999999,Caf'), [0xe9], encode(',7\n'));
    const { loaded, rows } = await load(bigCsv(6000, tail), 64 * 1024);
    const good = rows.at(-2) as GridRow;
    const broken = rows.at(-1) as GridRow;
    expect(good.values).toEqual(['00000001', 'Zoë', 1]);
    expect(broken.values).toEqual(['99999999', null, 7]);
    expect(broken.raw[1]).toBe('Caf\ufffd');
    expect(broken.issues[1]).toMatchObject({ code: 'invalid_character' });
    expect(broken.issues[1]?.message).toMatch(/could not be read/);
    expect([loaded.stats.unreadable, loaded.stats.errorCount, loaded.stats.fieldErrors['name']]).toEqual([1, 1, 1]);
  });

  it('delivers U+FFFD written into the file as valid UTF-8 as written, on the byte path, the text path and in pasted text', async () => {
    // csv-spectrum's location_coordinates.csv holds such a character.
    const written = 'id,name,amount\n1,M\ufffdller,2\n2,Ann,3\n';
    // A delimiter beyond ASCII takes the text path.
    for (const [content, delimiter] of [[written, undefined], [written.replaceAll(',', '\u00a6'), '\u00a6']] as const) {
      for (const chunkBytes of [64 * 1024, 5]) {
        const { rows, loaded } = await load(encode(content), chunkBytes, delimiter);
        expect(rows.map((row) => row.values)).toEqual([['1', 'M\ufffdller', 2], ['2', 'Ann', 3]]);
        expect(rows.map((row) => row.issues.filter((issue) => issue !== null))).toEqual([[], []]);
        expect([loaded.stats.unreadable, loaded.stats.errorCount]).toEqual([0, 0]);
      }
    }
    const e = engine();
    await e.call('open', { source: { kind: 'text', text: 'id\tname\tamount\n1\tM\ufffdller\t2\n' } });
    await e.call('load', { headerRow: 0, mapping: MAPPING, config: CONFIG });
    const pasted = await e.call('rows', { start: 0, count: 1 });
    expect(pasted[0]?.values[1]).toBe('M\ufffdller');
  });

  it('still refuses bytes that are not UTF-8 beside a U+FFFD written in the same file, in another cell', async () => {
    // Past the first 256 KB, so that the file is UTF-8 (good UTF-8 first) with one broken byte.
    const content = bigCsv(6000, concat(encode('1,M\ufffdller,2\n'), encode('2,Caf'), [0xe9], encode(',3\n')));
    for (const chunkBytes of [64 * 1024, 4093]) {
      const { rows: all, loaded } = await load(content, chunkBytes);
      const rows = all.slice(-2);
      expect(rows.map((row) => row.issues[1]?.code ?? null)).toEqual([null, 'invalid_character']);
      expect([rows[0]?.values[1], rows[1]?.raw[1]]).toEqual(['M\ufffdller', 'Caf\ufffd']);
      // The hint above the grid counts by piece of the file: a piece with both counts both.
      expect(loaded.stats.unreadable).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('untilNotUtf8', () => {
  async function* pieces(bytes: Uint8Array, cuts: number[]): AsyncGenerator<ByteChunk> {
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      yield { bytes: bytes.slice(from, cut), done: cut, total: bytes.length, last: false };
      from = cut;
    }
    yield { bytes: new Uint8Array(0), done: bytes.length, total: bytes.length, last: true };
  }
  async function decoded(bytes: Uint8Array, cuts: number[]): Promise<{ text: string; done: number[] }> {
    let decoder = new TextDecoder('utf-8');
    let text = '';
    const done: number[] = [];
    for await (const chunk of untilNotUtf8(pieces(bytes, cuts))) {
      if (chunk.legacy === true && decoder.encoding === 'utf-8') decoder = new TextDecoder('windows-1252');
      text += decoder.decode(chunk.bytes, { stream: !chunk.last });
      done.push(chunk.done);
    }
    return { text, done };
  }

  it('reads a UTF-8 character cut between pieces as UTF-8, and a lone lead byte at the very end as Windows-1252', async () => {
    const utf8 = encode('abc,Zoë€😀,x\n');
    for (let cut = 1; cut < utf8.length; cut++) expect((await decoded(utf8, [cut])).text).toBe('abc,Zoë€😀,x\n');
    // 0xC3 then the end of the file: never a character.
    expect((await decoded(concat(encode('ab'), [0xc3]), [3])).text).toBe('abÃ');
  });

  it('tells Windows-1252 from a lead byte followed by the wrong byte, overlong forms and surrogates, wherever the pieces are cut', async () => {
    for (const bad of [[0xe9, 0x74, 0xe9], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80]]) {
      const bytes = concat(encode('id,x\n'), bad, encode('!\n'));
      // `stream: true`: Node 20 decodes Windows-1252 as Latin-1 (0x80 as U+0080) without it.
      const expected = new TextDecoder('windows-1252').decode(bytes, { stream: true });
      for (let cut = 1; cut < bytes.length; cut++) {
        const { text, done } = await decoded(bytes, [cut]);
        expect(text).toBe(expected);
        expect(done.at(-1)).toBe(bytes.length);
        expect(done).toEqual([...done].sort((a, b) => a - b));
      }
    }
  });
});
