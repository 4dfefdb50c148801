// The importer's engine in Node (no DOM needed): reading, detection and validation, with the
// same module the widget runs in its worker. The browser tests cover the element on top of it.
import type { ImporterConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../src/importer/engine/csv.js';
import { detectEncoding } from '../src/importer/engine/decode.js';
import type { GridRow, Progress, SourceInput } from '../src/importer/engine/protocol.js';
import { guessHeaderRow } from '../src/importer/engine/source.js';
import { engine } from './engine-driver.js';

const CONFIG: ImporterConfig = {
  fields: [
    { key: 'id', label: 'Customer ID', type: 'string', unique: true },
    { key: 'email', label: 'Email', type: 'email', required: true },
    { key: 'amount', label: 'Amount', type: 'number' },
    { key: 'joined', label: 'Joined', type: 'date' },
    { key: 'active', label: 'Active', type: 'boolean' },
  ],
  duplicateKey: 'email',
};

const file = (content: string | Uint8Array, name = 'data.csv'): SourceInput => ({ kind: 'file', file: new Blob([content]), name });
const mappingOf = (...columns: (string | null)[]) => Object.fromEntries(columns.flatMap((key, i) => (key === null ? [] : [[key, i]])));

async function load(source: SourceInput, mapping: Record<string, number>, config: ImporterConfig = CONFIG) {
  const e = engine();
  const opened = await e.call('open', { source });
  const loaded = await e.call('load', { headerRow: opened.headerRow, mapping, config });
  const rows = await e.call('rows', { start: 0, count: 100 });
  return { e, opened, loaded, rows };
}

const texts = (rows: GridRow[]) => rows.map((row) => row.values.map((value, i) => row.raw[i] ?? (value === null ? '' : String(value))));

describe('reading files', () => {
  it('keeps leading zeros, strips a UTF-8 BOM and reads quoted fields with line breaks and quotes', async () => {
    const csv = '\ufeffCustomer ID,Email,Amount\r\n00123,"ann@example.com",12\r\n"007","bob@example.com","1,5"\r\n"0042","multi\r\nline ""quoted""",3\r\n';
    const { opened, rows } = await load(file(csv), mappingOf('id', 'email', 'amount'));
    expect(opened.preview[0]).toEqual(['Customer ID', 'Email', 'Amount']);
    expect(opened.encoding).toBe('utf-8');
    expect(rows.map((row) => row.values[0])).toEqual(['00123', '007', '0042']);
    expect(rows[2]?.raw[1]).toBe('multi\r\nline "quoted"');
  });

  it('detects semicolons in a file with decimal commas, and reads its numbers with the comma', async () => {
    const csv = 'Customer ID;Email;Amount\n1;a@example.com;1,5\n2;b@example.com;2,25\n3;c@example.com;1.234,5\n';
    const { opened, loaded, rows } = await load(file(csv), mappingOf('id', 'email', 'amount'));
    expect(opened.delimiter).toBe(';');
    expect(loaded.numberFormat).toBe('comma');
    expect(rows.map((row) => row.values[2])).toEqual([1.5, 2.25, 1234.5]);
  });

  it.each([
    ['a,b,c\n1,2,3\n4,5,6\n', ','],
    ['a;b;c\n1,5;2;3\n4;5,5;6\n', ';'],
    ['a\tb\tc\n1,5\t2\t3\n', '\t'],
    ['a|b|c\n1|2|3\n', '|'],
    ['name,amount\n"Smith; Jo",1\n"Lee; Al",2\n', ','],
  ])('detects the delimiter of %j', (sample, delimiter) => {
    expect(detectDelimiter(sample)).toBe(delimiter);
  });

  it('skips blank rows anywhere, and reads a file whose rows end with \\r only', async () => {
    const { rows } = await load(file('Customer ID,Email\r\r1,a@example.com\r , \r2,b@example.com\r\r'), mappingOf('id', 'email'));
    expect(texts(rows)).toEqual([
      ['1', 'a@example.com', '', '', ''],
      ['2', 'b@example.com', '', '', ''],
    ]);
  });

  it('detects UTF-16 by its byte-order mark and Windows-1252 when the bytes are not UTF-8, with an override', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'Customer ID,Email\n00123,é@example.com\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    const read16 = await load(file(utf16), mappingOf('id', 'email'));
    expect(read16.opened.encoding).toBe('utf-16le');
    expect(read16.rows[0]?.raw[1] ?? read16.rows[0]?.values[1]).toBe('é@example.com');

    // "Müller" in Windows-1252: ü is the single byte 0xFC, invalid as UTF-8.
    const latin = new Uint8Array([...new TextEncoder().encode('Customer ID,Email\n1,M'), 0xfc, ...new TextEncoder().encode('ller@example.com\n')]);
    expect(detectEncoding(latin)).toBe('windows-1252');
    const e = engine();
    const opened = await e.call('open', { source: file(latin) });
    expect(opened.encoding).toBe('windows-1252');
    expect(opened.preview[1]?.[1]).toBe('Müller@example.com');
    const forced = await e.call('open', { source: file(latin), encoding: 'utf-8' });
    expect(forced.preview[1]?.[1]).toBe('M\ufffdller@example.com');
    const loaded = await e.call('load', { headerRow: 0, mapping: mappingOf('id', 'email'), config: CONFIG });
    expect(loaded.stats.unreadable).toBe(1);
  });

  it('reads a character cut between two pieces of the file whole', async () => {
    const { rows } = await load(file('Customer ID,Email\n€€€€,x@example.com\n'), mappingOf('id', 'email'));
    expect(rows[0]?.values[0]).toBe('€€€€');
  });

  it('reads pasted text (tab-separated, as spreadsheets copy it)', async () => {
    const { opened, rows } = await load({ kind: 'text', text: 'Customer ID\tEmail\n00123\tann@example.com\n' }, mappingOf('id', 'email'));
    expect(opened.delimiter).toBe('\t');
    expect(rows[0]?.values.slice(0, 2)).toEqual(['00123', 'ann@example.com']);
  });

  it.each([7, 64 * 1024])('loads the rows below a header row under a title, in pieces of %i bytes', async (chunkBytes) => {
    const csv = 'Export of 3 March\n\nCustomer ID,Email\n\n001,ann@example.com\n002,bob@example\n,\n003,cy@example.com\n';
    const e = engine({ sliceMs: 5, chunkBytes });
    const opened = await e.call('open', { source: file(csv) });
    expect(opened.headerRow).toBe(1);
    const loaded = await e.call('load', { headerRow: opened.headerRow, mapping: mappingOf('id', 'email'), config: CONFIG });
    expect(loaded.stats).toMatchObject({ rowCount: 3, errorCount: 1 });
    const rows = await e.call('rows', { start: 0, count: 10 });
    expect(texts(rows)).toEqual([
      ['001', 'ann@example.com', '', '', ''],
      ['002', 'bob@example', '', '', ''],
      ['003', 'cy@example.com', '', '', ''],
    ]);
    expect(rows[1]?.issues[1]?.code).toBe('invalid_email');
  });

  it('guesses the header row below a title row', () => {
    expect(guessHeaderRow([['Export of 3 March'], ['Id', 'Email', 'Name'], ['1', 'a@b.co', 'Ann']])).toBe(1);
    expect(guessHeaderRow([['Id', 'Email'], ['1', 'a@b.co']])).toBe(0);
  });
});

describe('validating and reviewing', () => {
  const csv = [
    'Customer ID,Email,Amount,Joined,Active',
    '001,ann@example.com,12,2026-01-05,yes',
    '002,bob@example,x,25/01/2026,maybe',
    '003,ann@example.com,3,2026-02-01,no',
    '001,cy@example.com,N/A,2026-02-02,yes',
    '004,dee@example.com,N/A,2026-02-03,no',
  ].join('\n');
  const mapping = mappingOf('id', 'email', 'amount', 'joined', 'active');

  it('reports errors per field, uniqueness and duplicates, and shows the raw text of refused cells', async () => {
    const { loaded, rows } = await load(file(csv), mapping);
    expect(loaded.stats).toMatchObject({ rowCount: 5, invalidRowCount: 4, duplicateGroups: 1, duplicateRows: 1 });
    expect(loaded.stats.fieldErrors).toEqual({ id: 1, email: 2, amount: 3, joined: 1, active: 1 });
    expect(rows[1]?.raw[2]).toBe('x');
    expect(rows[1]?.issues[1]?.code).toBe('invalid_email');
    expect(rows[2]?.issues[1]?.code).toBe('duplicate_key');
    expect(rows[3]?.issues[0]?.code).toBe('duplicate_value');
  });

  it('re-validates an edited cell at once, uniqueness included', async () => {
    const { e } = await load(file(csv), mapping);
    const fixed = await e.call('edit', { row: 1, field: 'email', raw: 'bob@example.com' });
    expect(fixed.stats.fieldErrors['email']).toBe(1);
    // Giving row 0 another id frees 001 for row 3, whose error goes: both rows changed.
    const freed = await e.call('edit', { row: 0, field: 'id', raw: '000' });
    expect(freed.changedRows).toEqual([0, 3]);
    expect(freed.stats.fieldErrors['id']).toBe(0);
  });

  it('applies one fix to every refused cell showing the same text, and accepts suggestions', async () => {
    const { e } = await load(file(csv), mapping);
    expect(await e.call('countSimilar', { field: 'amount', raw: 'N/A' })).toBe(2);
    const similar = await e.call('replaceSimilar', { field: 'amount', from: 'N/A', to: '0' });
    expect(similar.changed).toBe(2);
    const [row3] = await e.call('rows', { start: 3, count: 1 });
    expect(row3?.values[2]).toBe(0);
    const accepted = await e.call('acceptSuggestions', { field: 'joined' });
    expect(accepted.changed).toBe(1);
    const [row1] = await e.call('rows', { start: 1, count: 1 });
    expect(row1?.values[3]).toBe('2026-01-25');
  });

  it('offers each refused cell its suggestion, and accepts only the ones showing the text asked for', async () => {
    const dates = ['Customer ID,Email,Joined', '1,a@example.com,25/01/2026', '2,b@example.com,26/01/2026', '3,c@example.com,25/01/2026'].join('\n');
    const { e, rows } = await load(file(dates), mappingOf('id', 'email', 'joined'));
    expect(rows.map((row) => row.issues[3]?.suggestion)).toEqual(['2026-01-25', '2026-01-26', '2026-01-25']);
    const accepted = await e.call('acceptSuggestions', { field: 'joined', raw: '25/01/2026' });
    expect([accepted.changed, accepted.changedRows]).toEqual([2, [0, 2]]);
    const after = await e.call('rows', { start: 0, count: 3 });
    expect(texts(after).map((row) => row[3])).toEqual(['2026-01-25', '26/01/2026', '2026-01-25']);
  });

  it('shows the text of an edit it cannot read, and the value once an edit is read', async () => {
    const { e } = await load(file(csv), mapping);
    await e.call('edit', { row: 0, field: 'amount', raw: 'twelve' });
    const [refused] = await e.call('rows', { start: 0, count: 1 });
    expect([refused?.values[2], refused?.raw[2], refused?.issues[2]?.code]).toEqual([null, 'twelve', 'invalid_number']);
    await e.call('edit', { row: 0, field: 'amount', raw: '13' });
    const [read] = await e.call('rows', { start: 0, count: 1 });
    expect([read?.values[2], read?.raw[2], read?.issues[2]]).toEqual([13, null, null]);
  });

  it('shows a repeated value as its value, not as the text it was read from', async () => {
    const repeats = ['Customer ID,Email', '1,ann@example.com', '2,ann@EXAMPLE.COM'].join('\n');
    const { rows } = await load(file(repeats), mappingOf('id', 'email'));
    expect([rows[1]?.values[1], rows[1]?.raw[1], rows[1]?.issues[1]?.code]).toEqual(['ann@example.com', null, 'duplicate_key']);
  });

  it('loads with a required field left unmapped, each row refusing it as empty', async () => {
    const { loaded, rows } = await load(file(csv), mappingOf('id', null, 'amount'));
    expect(loaded.stats.fieldErrors['email']).toBe(5);
    expect(rows.map((row) => [row.raw[1], row.issues[1]?.code])).toEqual(Array.from({ length: 5 }, () => [null, 'required']));
  });

  it('finds and replaces in one column, whole cells or parts, with or without case', async () => {
    const { e } = await load(file(csv), mapping);
    const result = await e.call('findReplace', { field: 'email', find: '@EXAMPLE.COM', replace: '@example.org', matchCase: false, wholeCell: false });
    expect(result.changed).toBe(4);
    const none = await e.call('findReplace', { field: 'email', find: '@EXAMPLE.ORG', replace: 'x', matchCase: true, wholeCell: false });
    expect(none.changed).toBe(0);
    const whole = await e.call('findReplace', { field: 'amount', find: 'N/A', replace: '', matchCase: true, wholeCell: true });
    expect(whole.changed).toBe(2);
    expect(whole.stats.fieldErrors['amount']).toBe(1);
  });

  it('finds nothing for an empty search in parts of cells, and fills empty cells with a whole-cell one', async () => {
    const gaps = ['Customer ID,Email,Amount', '1,a@example.com,', '2,b@example.com,5', '3,c@example.com,'].join('\n');
    const { e } = await load(file(gaps), mappingOf('id', 'email', 'amount'));
    const parts = await e.call('findReplace', { field: 'id', find: '', replace: 'x', matchCase: false, wholeCell: false });
    expect([parts.changed, parts.changedRows]).toEqual([0, []]);
    const filled = await e.call('findReplace', { field: 'amount', find: '', replace: '0', matchCase: false, wholeCell: true });
    expect([filled.changed, filled.changedRows]).toEqual([2, [0, 2]]);
    const after = await e.call('rows', { start: 0, count: 3 });
    expect(after.map((row) => [row.values[0], row.values[2]])).toEqual([
      ['1', 0],
      ['2', 5],
      ['3', 0],
    ]);
  });

  it('removes rows (dropping them from the view and the counts) and restores them', async () => {
    const { e } = await load(file(csv), mapping);
    const removed = await e.call('remove', { rows: [1], removed: true });
    expect(removed.viewSize).toBe(4);
    expect(removed.stats).toMatchObject({ rowCount: 4, removedCount: 1 });
    expect((await e.call('rows', { start: 0, count: 10 })).map((row) => row.row)).toEqual([0, 2, 3, 4]);
    const restored = await e.call('restoreRemoved', {});
    expect(restored.viewSize).toBe(5);
  });

  it('keeps the first or the last row of each duplicateKey group', async () => {
    const first = await load(file(csv), mapping);
    const kept = await first.e.call('resolveDuplicates', { strategy: 'keep-first' });
    expect(kept.changedRows).toEqual([2]);
    expect(kept.stats.duplicateGroups).toBe(0);
    const last = await load(file(csv), mapping);
    expect((await last.e.call('resolveDuplicates', { strategy: 'keep-last' })).changedRows).toEqual([0]);
  });

  it('filters the view to rows with problems, in one field or any', async () => {
    const { e } = await load(file(csv), mapping);
    expect(await e.call('view', { errors: true })).toEqual({ size: 4 });
    expect(await e.call('view', { errors: true, field: 'amount' })).toEqual({ size: 3 });
    expect((await e.call('rows', { start: 0, count: 10 })).map((row) => row.row)).toEqual([1, 3, 4]);
  });

  it('delivers records keyed by field, in chunks, leaving out invalid rows when asked', async () => {
    const { e } = await load(file(csv), mapping);
    const chunks: Progress[] = [];
    const all = await e.call('records', { onlyValid: false, chunkSize: 2 }, (p) => chunks.push(p));
    // Rows with a problem (4 of the 5, as the errors view shows), not problem cells (8): the
    // session's errorCount cannot exceed its rowCount.
    expect(all).toEqual({ rowCount: 5, errorCount: 4 });
    expect(chunks.map((p) => p.records?.length)).toEqual([2, 2, 1]);
    expect(chunks[0]?.records?.[0]).toEqual({ id: '001', email: 'ann@example.com', amount: 12, joined: '2026-01-05', active: true });
    const valid: Progress[] = [];
    expect(await e.call('records', { onlyValid: true }, (p) => valid.push(p))).toEqual({ rowCount: 1, errorCount: 0 });
    expect(valid[0]?.records?.map((record) => record['id'])).toEqual(['001']);
  });

  it('delivers the valid rows after an invalid one, and no empty chunk after a full last one', async () => {
    const mixed = ['Customer ID,Email', '1,a@example.com', '2,not an address', '3,c@example.com', '4,d@example.com'].join('\n');
    const { e } = await load(file(mixed), mappingOf('id', 'email'));
    const chunks: Progress[] = [];
    expect(await e.call('records', { onlyValid: true, chunkSize: 3 }, (p) => chunks.push(p))).toEqual({ rowCount: 3, errorCount: 0 });
    expect(chunks.map((p) => p.records?.map((record) => record['id']))).toEqual([['1', '3', '4']]);
  });

  it('delivers a field keyed __proto__ as a field of each record, across postMessage too', async () => {
    const config: ImporterConfig = { fields: [{ key: '__proto__', label: 'Proto', type: 'string' }] };
    const { e } = await load(file('Proto\nx\n'), JSON.parse('{"__proto__":0}') as Record<string, number>, config);
    const chunks: Progress[] = [];
    await e.call('records', { onlyValid: false }, (p) => chunks.push(p));
    // The worker posts records: structured cloning keeps own enumerable properties only.
    const [record] = structuredClone(chunks[0]?.records ?? []);
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toBe('x');
  });

  it('counts problems per field for fields keyed constructor, toString and __proto__ as own numbers', async () => {
    const keys = ['constructor', 'toString', '__proto__'];
    const config: ImporterConfig = { fields: [...keys.map((key) => ({ key, label: key, type: 'string' as const, required: true })), { key: 'name', label: 'Name', type: 'string' }] };
    const mapping = JSON.parse('{"constructor":0,"toString":1,"__proto__":2,"name":3}') as Record<string, number>;
    const { loaded } = await load(file('constructor,toString,__proto__,name\n,,,Ann\n'), mapping, config);
    const counts = structuredClone(loaded.stats.fieldErrors);
    expect(Object.getPrototypeOf(counts)).toBe(Object.prototype);
    for (const key of keys) expect(Object.getOwnPropertyDescriptor(counts, key)?.value, key).toBe(1);
  });

  it('validates rows on both sides of the format sample alike, repeats across it included, and reports progress', async () => {
    const rows = Array.from({ length: 25_000 }, (_, i) => `${String(i).padStart(6, '0')};u${i === 20_000 ? 5 : i}@example.com;${i === 12_345 ? 'x' : '1,5'}`);
    const e = engine({ sliceMs: 5, chunkBytes: 4096 });
    await e.call('open', { source: file(`Customer ID;Email;Amount\n${rows.join('\n')}\n`) });
    const progress: Progress[] = [];
    const loaded = await e.call('load', { headerRow: 0, mapping: mappingOf('id', 'email', 'amount'), config: CONFIG }, (p) => progress.push(p));
    expect(loaded.numberFormat).toBe('comma');
    expect(loaded.stats).toMatchObject({ rowCount: 25_000, duplicateGroups: 1, duplicateRows: 1, fieldErrors: { id: 0, email: 1, amount: 1 } });
    const [repeat] = await e.call('rows', { start: 20_000, count: 1 });
    expect([repeat?.values[1], repeat?.issues[1]?.code, repeat?.values[2]]).toEqual(['u5@example.com', 'duplicate_key', 1.5]);
    expect(progress.at(-1)).toMatchObject({ phase: 'validate', rows: 25_000 });
    expect(progress.length).toBeGreaterThan(1);
  });

  it('stops a load when cancelled', async () => {
    const big = `Customer ID,Email\n${Array.from({ length: 20_000 }, (_, i) => `${i},u${i}@example.com`).join('\n')}`;
    const e = engine({ sliceMs: 1, chunkBytes: 4096 });
    await e.call('open', { source: file(big) });
    const id = e.nextId();
    const loading = e.call('load', { headerRow: 0, mapping: mappingOf('id', 'email'), config: CONFIG });
    e.cancel(id);
    await expect(loading).rejects.toMatchObject({ name: 'CancelledError' });
  });
});

describe('the demo file, demo/contacts-messy.csv', () => {
  it('reads as the demo promises: semicolons, decimal commas, BOM, quoted line breaks, leading zeros, and the problems it was made with', async () => {
    const { readFile } = await import('node:fs/promises');
    // A computed specifier: importers.mjs is plain JavaScript without declarations.
    const { importers } = (await import(String(new URL('./importers.mjs', import.meta.url)))) as { importers: { contacts: { config: ImporterConfig } } };
    const bytes = await readFile(new URL('../demo/contacts-messy.csv', import.meta.url));
    const e = engine({ sliceMs: 5, chunkBytes: 64 });
    const opened = await e.call('open', { source: file(new Uint8Array(bytes)) });
    expect([opened.encoding, opened.delimiter, opened.headerRow]).toEqual(['utf-8', ';', 0]);
    expect(opened.preview[0]?.[0]).toBe('Customer no');
    const mapping = mappingOf('customer_id', 'email', 'name', 'age', 'signed_up', 'newsletter', 'plan', 'website', 'balance');
    const loaded = await e.call('load', { headerRow: 0, mapping, config: importers.contacts.config });
    expect(loaded.numberFormat).toBe('comma');
    expect(loaded.stats.rowCount).toBe(12);
    expect(loaded.stats.duplicateRows).toBe(1);
    const rows = await e.call('rows', { start: 0, count: 20 });
    expect(rows.map((row) => row.values[0])).toEqual(['00017', '00018', '00019', '00020', '00021', '00022', '00023', '00024', '00025', '00026', '00027', '00028']);
    expect(rows[0]?.values[8]).toBe(1234.5);
    expect(rows[11]?.values[8]).toBe(1000);
    const problems = rows.flatMap((row) => row.issues.flatMap((issue, i) => (issue ? [`${row.values[0]}:${Object.keys(mapping)[i]}:${issue.code}`] : [])));
    expect(problems).toEqual([
      '00018:signed_up:invalid_date',
      '00019:email:invalid_email',
      '00020:signed_up:invalid_date',
      '00021:email:duplicate_key',
      '00021:plan:invalid_enum',
      '00022:age:invalid_number',
      '00022:website:invalid_url',
      '00023:signed_up:invalid_date',
      '00024:plan:invalid_enum',
      '00025:signed_up:invalid_date',
      '00026:signed_up:invalid_date',
      '00027:email:required',
    ]);
  });
});
