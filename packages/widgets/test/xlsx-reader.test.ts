// The XLSX reader on real archives built from hand-written parts (xlsx-fixtures.ts): cells read
// as the sheet shows them, hidden sheets not offered, and the sheet read as a stream.
import type { ImporterConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../src/importer/engine/xlsx-reader.js';
import { engine } from './engine-driver.js';
import { type FixtureOptions, workbookBlob } from './xlsx-fixtures.js';

/**
 * The rows of a sheet (up to the preview's 20) as the engine opens it, reading the archive in
 * pieces of 7 compressed bytes: every boundary is crossed.
 */
async function rowsOf(blob: Blob, sheet = 0): Promise<string[][]> {
  const opened = await engine().call('open', { source: { kind: 'file', file: blob, name: 'book.xlsx' }, sheet });
  return opened.preview;
}

const one = (data: string, options: Partial<FixtureOptions> = {}) => workbookBlob({ sheets: [{ name: 'Sheet1', data }], ...options });

describe('XLSX cells as the sheet shows them', () => {
  it('keeps error values (#DIV/0!, #N/A, …) as their text, not as empty cells', async () => {
    const errors = ['#DIV/0!', '#N/A', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#NULL!'];
    const cells = errors.map((error, i) => `<c r="${String.fromCharCode(65 + i)}1" t="e"><f>1/0</f><v>${error}</v></c>`).join('');
    expect(await rowsOf(one(`<row r="1">${cells}</row>`))).toEqual([errors]);
  });

  it('reads dates as dates and date-times as their wall-clock time, with no time zone (1900 and 1904 systems)', async () => {
    const data =
      '<row r="1"><c r="A1" s="1"><v>45355</v></c><c r="B1" s="2"><v>45355.5625</v></c><c r="C1" s="3"><v>45355.5625</v></c><c r="D1" s="4"><v>0.5625</v></c></row>' +
      '<row r="2"><c r="A2" s="5"><v>45355</v></c><c r="B2" s="6"><v>45355.99999999</v></c><c r="C2" s="7"><v>1.5</v></c><c r="D2" s="8"><v>45355.25</v></c></row>';
    const options = { numFmts: { 164: 'yyyy\\-mm\\-dd', 165: 'dd/mm/yyyy hh:mm', 166: '[$-409]mmmm d, yyyy;@', 167: '[Red]hh:mm:ss AM/PM' }, cellXfs: [0, 14, 22, 14, 20, 164, 22, 46, 165] };
    expect(await rowsOf(one(data, options))).toEqual([
      ['2024-03-04', '2024-03-04T13:30:00', '2024-03-04', '13:30:00'],
      ['2024-03-04', '2024-03-05T00:00:00', '36:00:00', '2024-03-04T06:00:00'],
    ]);
    const custom = '<row r="1"><c r="A1" s="1"><v>45355</v></c><c r="B1" s="2"><v>0.75</v></c><c r="C1" s="3"><v>45355</v></c></row>';
    expect(await rowsOf(one(custom, { numFmts: { 166: '[$-409]mmmm d, yyyy;@', 167: '[Red]hh:mm:ss AM/PM', 168: '"Week "0' }, cellXfs: [0, 166, 167, 168] }))).toEqual([
      ['2024-03-04', '18:00:00', '45355'],
    ]);
    // The same days in a workbook counting from 1904-01-01.
    expect(await rowsOf(one('<row r="1"><c r="A1" s="1"><v>43893</v></c><c r="B1" s="2"><v>43893.5625</v></c></row>', { cellXfs: [0, 14, 22], date1904: true }))).toEqual([
      ['2024-03-04', '2024-03-04T13:30:00'],
    ]);
  });

  it('shows numbers to 15 significant digits, as the sheet does, and percentages with their %', async () => {
    const data =
      '<row r="1"><c r="A1"><v>0.30000000000000004</v></c><c r="B1"><v>1234.5</v></c><c r="C1"><v>-7</v></c><c r="D1"><v>1.0000000000000001E-3</v></c><c r="E1" s="3"><v>1234.5678</v></c></row>' +
      '<row r="2"><c r="A2" s="1"><v>0.15</v></c><c r="B2" s="2"><v>0.153</v></c><c r="C2" s="4"><v>-1.2345</v></c><c r="D2" s="1"><v>1</v></c></row>';
    expect(await rowsOf(one(data, { numFmts: { 170: '0.0%;[Red]-0.0%' }, cellXfs: [0, 9, 10, 4, 170] }))).toEqual([
      ['0.3', '1234.5', '-7', '0.001', '1234.5678'],
      ['15%', '15.3%', '-123.45%', '100%'],
    ]);
  });

  it('reads shared strings with rich text runs and phonetic runs, inline strings, formula strings, booleans, entities and _x000D_ escapes', async () => {
    const sharedStrings = [
      '<t>00123</t>',
      '<r><rPr><b/></rPr><t>Bold</t></r><r><t xml:space="preserve"> and plain</t></r>',
      '<r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/>',
      '<t>Line one_x000D_\nLine two &amp; &lt;three&gt; &#x263A; _x005F_x000D_</t>',
      '<t/>',
    ];
    const data =
      '<row r="1" spans="1:4"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><r><t>In</t></r><r><t>line</t></r></is></c><c r="B2" t="str"><f>A1&amp;"!"</f><v>00123!</v></c><c r="C2" t="b"><v>1</v></c><c r="D2" t="b"><v>0</v></c><c r="E2" t="s"><v>4</v></c></row>';
    expect(await rowsOf(one(data, { sharedStrings }))).toEqual([
      ['00123', 'Bold and plain', '東京', 'Line one\r\nLine two & <three> ☺ _x000D_'],
      ['Inline', '00123!', 'true', 'false'],
    ]);
  });

  it('places cells by their reference: skipped columns are empty, skipped rows are not made up, empty cells are empty', async () => {
    const data =
      '<row r="1"><c r="A1"><v>1</v></c><c r="D1"><v>4</v></c></row>' +
      '<row r="5"><c r="B5" s="0"/><c r="C5"><v>3</v></c><c r="AA5"><v>27</v></c></row>' +
      '<row r="6"><c><v>1</v></c><c><v>2</v></c></row>';
    const rows = await rowsOf(one(data));
    expect(rows[0]).toEqual(['1', '', '', '4']);
    expect(rows[1]?.length).toBe(27);
    expect(rows[1]?.[2]).toBe('3');
    expect(rows[1]?.[26]).toBe('27');
    expect(rows[1]?.[1]).toBe('');
    expect(rows[2]).toEqual(['1', '2']);
    expect(rows.length).toBe(3);
  });

  it('reads namespace-prefixed parts (x:row, x:c) and stored (uncompressed) archives', async () => {
    const data = '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" s="1"><x:v>45355</x:v></x:c></x:row>';
    const blob = workbookBlob({ sheets: [{ name: 'Data', data }], sharedStrings: ['<x:t>Name</x:t>'], cellXfs: [0, 14], prefix: 'x:', stored: true });
    expect(await rowsOf(blob)).toEqual([['Name', '2024-03-04']]);
  });
});

describe('XLSX workbooks', () => {
  it('offers only the visible sheets, and reads each by its position among them', async () => {
    const blob = workbookBlob({
      sheets: [
        { name: 'Lookup', data: '<row r="1"><c r="A1"><v>1</v></c></row>', state: 'hidden' },
        { name: 'Contacts & more', data: '<row r="1"><c r="A1"><v>2</v></c></row>' },
        { name: 'Macros', data: '<row r="1"><c r="A1"><v>3</v></c></row>', state: 'veryHidden' },
        { name: 'Totals', data: '<row r="1"><c r="A1"><v>4</v></c></row>', state: 'visible' },
      ],
    });
    const opened = await engine().call('open', { source: { kind: 'file', file: blob, name: 'book.xlsx' } });
    expect(opened.sheets).toEqual(['Contacts & more', 'Totals']);
    expect(await rowsOf(blob, 1)).toEqual([['4']]);
    expect(await rowsOf(blob, 0)).toEqual([['2']]);
  });

  it('refuses a workbook with no sheet to offer (all hidden, or none with cells) as no_sheets', async () => {
    const hidden = workbookBlob({
      sheets: [
        { name: 'Lookup', data: '<row r="1"><c r="A1"><v>1</v></c></row>', state: 'hidden' },
        { name: 'Macros', data: '<row r="1"><c r="A1"><v>3</v></c></row>', state: 'veryHidden' },
      ],
    });
    await expect(engine().call('open', { source: { kind: 'file', file: hidden, name: 'hidden.xlsx' } })).rejects.toMatchObject({ name: 'FileRefusedError', code: 'no_sheets' });
  });

  it('opens on the first sheet with rows when the first is empty; a sheet the user picks opens as it is', async () => {
    const blob = workbookBlob({
      sheets: [
        { name: 'Sheet1', data: '' },
        { name: 'Cover', data: '<row r="1"></row><row r="2"><c r="A2" t="inlineStr"><is><t></t></is></c></row>' },
        { name: 'Contacts', data: '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Ada</t></is></c></row>' },
        { name: 'Notes', data: '<row r="1"><c r="A1"><v>9</v></c></row>' },
      ],
    });
    const opened = await engine().call('open', { source: { kind: 'file', file: blob, name: 'book.xlsx' } });
    expect([opened.sheets, opened.sheet, opened.preview]).toEqual([['Sheet1', 'Cover', 'Contacts', 'Notes'], 2, [['name'], ['Ada']]]);
    const picked = await engine().call('open', { source: { kind: 'file', file: blob, name: 'book.xlsx' }, sheet: 0 });
    expect([picked.sheet, picked.preview]).toEqual([0, []]);
    const empty = workbookBlob({ sheets: [{ name: 'A', data: '' }, { name: 'B', data: '' }] });
    const none = await engine().call('open', { source: { kind: 'file', file: empty, name: 'empty.xlsx' } });
    expect([none.sheets, none.sheet, none.preview]).toEqual([['A', 'B'], 0, []]);
  });

  it('stops reading when asked: a preview reads only the first pieces of a large sheet', async () => {
    const data = Array.from({ length: 5000 }, (_, r) => `<row r="${r + 1}"><c r="A${r + 1}"><v>${r}</v></c><c r="B${r + 1}" t="inlineStr"><is><t>row ${r}</t></is></c></row>`).join('');
    const workbook = await readWorkbook(one(data));
    let read = 0;
    let pieces = 0;
    await workbook.read(0, 1024, (rows) => (read += rows.length), () => ++pieces < 2);
    expect(pieces).toBe(2);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(5000);
    const all: string[][] = [];
    await workbook.read(0, 64 * 1024, (rows) => all.push(...rows), () => true);
    expect(all.length).toBe(5000);
    expect(all[4999]).toEqual(['4999', 'row 4999']);
  });

  it('refuses a sheet whose compressed bytes end early, naming the part, after the rows before the break', async () => {
    const data = Array.from({ length: 3000 }, (_, r) => `<row r="${r + 1}"><c r="A${r + 1}"><v>${(r * 7919) % 10007}</v></c><c r="B${r + 1}" t="inlineStr"><is><t>name ${(r * 104729) % 99991}</t></is></c></row>`).join('');
    const bytes = new Uint8Array(await one(data).arrayBuffer());
    // The sheet's entry in the central directory (the second time its name is written) says it has half its compressed bytes.
    const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
    const at = (from: number) => bytes.findIndex((_, i) => i >= from && name.every((byte, j) => bytes[i + j] === byte));
    const entry = at(at(0) + 1) - 46;
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(entry, true)).toBe(0x02014b50);
    view.setUint32(entry + 20, Math.floor(view.getUint32(entry + 20, true) / 2), true);
    const workbook = await readWorkbook(new Blob([bytes]));
    const rows: string[][] = [];
    const refused = await workbook.read(0, 4096, (piece) => rows.push(...piece), () => true).then(() => undefined, (error: unknown) => error as Error & { code?: string });
    expect([refused?.name, refused?.code]).toEqual(['FileRefusedError', 'damaged_zip']);
    expect(refused?.message).toMatch(/^This file cannot be imported: it is a damaged or incomplete workbook or ZIP archive\. Its part xl\/worksheets\/sheet1\.xml cannot be decompressed \(.+\)\. Upload a CSV/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(3000);
    expect(rows[0]).toEqual(['0', 'name 0']);
  });

  it('refuses, as files it cannot read, a part compressed another way and a ZIP whose workbook part is missing', async () => {
    const refusal = (blob: Blob) =>
      engine()
        .call('open', { source: { kind: 'file', file: blob, name: 'book.xlsx' } })
        .then(() => undefined, (error: unknown) => [(error as Error).name, (error as Error & { code?: string }).code, (error as Error).message]);
    const bytes = new Uint8Array(await one('<row r="1"><c r="A1"><v>1</v></c></row>').arrayBuffer());
    const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
    const at = (from: number) => bytes.findIndex((_, i) => i >= from && name.every((byte, j) => bytes[i + j] === byte));
    // The sheet's entry in the central directory says Deflate64 (method 9), which some Windows tools write.
    new DataView(bytes.buffer).setUint16(at(at(0) + 1) - 46 + 10, 9, true);
    const [errorName, code, message] = (await refusal(new Blob([bytes]))) ?? [];
    expect([errorName, code]).toEqual(['FileRefusedError', 'damaged_zip']);
    expect(message).toMatch(/Its part xl\/worksheets\/sheet1\.xml is compressed in a way that cannot be read \(method 9\)/);
    expect((await refusal(workbookBlob({ sheets: [{ name: 'Sheet1', data: '' }] }, { 'xl/workbook.xml': null })))?.slice(0, 2)).toEqual(['FileRefusedError', 'zip_archive']);
  });

  it('reads on past a cell that ends after its row (a damaged sheet), keeping the rows around it', async () => {
    const workbook = await readWorkbook(one('<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></row></c><row r="3"><c r="A3"><v>3</v></c></row>'));
    const rows: string[][] = [];
    await workbook.read(0, 4096, (piece) => rows.push(...piece), () => true);
    expect(rows).toEqual([['1'], [], ['3']]);
  });

  it('refuses a cell past the last column Excel has (XFD) instead of filling a row up to it', async () => {
    const last = await readWorkbook(one('<row r="1"><c r="A1"><v>1</v></c><c r="XFD1"><v>2</v></c></row>'));
    const rows: string[][] = [];
    await last.read(0, 4096, (piece) => rows.push(...piece), () => true);
    expect(rows.map((row) => [row.length, row[0], row[16_383]])).toEqual([[16_384, '1', '2']]);
    const past = await readWorkbook(one('<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="ZZZZZZZ2"><v>3</v></c></row>'));
    await expect(past.read(0, 4096, () => undefined, () => true)).rejects.toThrow(
      /^This file cannot be imported: it is a damaged or incomplete workbook or ZIP archive\. Its sheet has a cell past the last column \(XFD\), ZZZZZZZ2\. Upload/,
    );
  });
});

describe('XLSX through the engine', () => {
  const config: ImporterConfig = {
    fields: [
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'ratio', label: 'Ratio', type: 'number' },
      { key: 'when', label: 'When', type: 'date' },
    ],
  };

  it('shows a sheet error as a problem in every field type, and dates and numbers as the sheet shows them', async () => {
    const data =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Ratio</t></is></c><c r="C1" t="inlineStr"><is><t>When</t></is></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>Ann</t></is></c><c r="B2"><v>0.30000000000000004</v></c><c r="C2" s="2"><v>45355.5625</v></c></row>' +
      '<row r="3"><c r="A3" t="e"><v>#N/A</v></c><c r="B3" t="e"><v>#DIV/0!</v></c><c r="C3" s="1"><v>45355</v></c></row>';
    const e = engine();
    const opened = await e.call('open', { source: { kind: 'file', file: one(data, { cellXfs: [0, 14, 22] }), name: 'book.xlsx' } });
    expect(opened.format).toBe('xlsx');
    const loaded = await e.call('load', { headerRow: 0, mapping: { name: 0, ratio: 1, when: 2 }, config });
    const rows = await e.call('rows', { start: 0, count: 10 });
    expect(rows[0]?.values).toEqual(['Ann', 0.3, '2024-03-04T13:30:00']);
    expect(rows[1]?.values).toEqual([null, null, '2024-03-04']);
    expect(rows[1]?.issues.map((issue) => issue && [issue.code, issue.message])).toEqual([
      ['spreadsheet_error', 'The sheet shows #N/A here'],
      ['spreadsheet_error', 'The sheet shows #DIV/0! here'],
      null,
    ]);
    expect(rows[1]?.raw.slice(0, 2)).toEqual(['#N/A', '#DIV/0!']);
    expect(loaded.stats.errorCount).toBe(2);
  });
});
