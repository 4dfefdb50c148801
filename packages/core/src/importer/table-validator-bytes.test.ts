// TableValidator.addByteRecords (the importer's byte path) against addRows (the string path) on
// the same generated tables: values, errors, suggestions, repeats, duplicate groups, the rows
// reported invalid with their cells, and edits afterwards must all be the same — any difference
// fails. The tables are built to reach every fast check's edges and every slow-path fallback.
import { UNREADABLE } from './reader-marks.js';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import { type TableConfig, TableValidator } from './table-validator.js';
import type { ByteRecords, RowCells, RowOptions } from './types.js';

/** A deterministic pseudo-random source, so a failure is reproducible. */
function randomOf(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

const encoder = new TextEncoder();

/**
 * Records as a byte reader would give them: each cell's bytes at its own place among filler
 * bytes, cells holding `"` written quoted (`""` inside, marked escaped) as a CSV file has them.
 */
function byteRecordsOf(rows: readonly (readonly string[])[], random: () => number): ByteRecords {
  const parts: number[] = [];
  const first = new Int32Array(rows.length + 1);
  const cellCount = rows.reduce((sum, row) => sum + row.length, 0);
  const starts = new Int32Array(cellCount);
  const ends = new Int32Array(cellCount);
  const escaped = new Uint8Array(cellCount);
  let c = 0;
  rows.forEach((row, r) => {
    first[r] = c;
    for (const cell of row) {
      // Filler before each cell, so that no cell starts where a test might assume.
      for (let i = Math.floor(random() * 3); i > 0; i--) parts.push(0x2c);
      const quoted = cell.includes('"');
      starts[c] = parts.length;
      for (const byte of encoder.encode(quoted ? cell.replaceAll('"', '""') : cell)) parts.push(byte);
      ends[c] = parts.length;
      escaped[c] = quoted ? 1 : 0;
      c += 1;
    }
  });
  first[rows.length] = c;
  return { bytes: Uint8Array.from(parts), count: rows.length, first, starts, ends, escaped };
}

const EVERY_TYPE: TableConfig = {
  fields: [
    { key: 'id', label: 'ID', type: 'string', unique: true },
    { key: 'email', label: 'Email', type: 'email', required: true },
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'age', label: 'Age', type: 'number' },
    { key: 'signup', label: 'Signup', type: 'date' },
    { key: 'active', label: 'Active', type: 'boolean', required: true },
    { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro', 'Pro', 'team', 'Zoë', 'pro'] },
    { key: 'website', label: 'Website', type: 'url', unique: true },
    { key: 'score', label: 'Score', type: 'number', unique: true },
    { key: 'day', label: 'Day', type: 'date', unique: true },
    { key: 'tier', label: 'Tier', type: 'enum', enumValues: ['gold', 'silver'], unique: true },
    { key: 'flag', label: 'Flag', type: 'boolean', unique: true },
  ] satisfies FieldDefinition[],
  duplicateKey: 'email',
};

/** Cells for each field, common and odd: the fast checks' edges and what only the string path reads. */
const CELLS: Record<string, readonly string[]> = {
  id: ['00123', 'A-1', 'a-1', 'Zoë', ' 7', '7', '\u00a07', 'x"y', '', '  ', '𝒳', 'ä', '00123'],
  email: ['\ufeffbad@', 'Zed@example.com', 'zed@example.com', 'ann@example.com', 'Ann@Example.com', 'ANN@EXAMPLE.COM', 'bob@example.org', 'bob@example.org', 'ann@exämple.com', 'bad@', 'a..b@x.co', ' ann@example.com', 'x@y', '', 'mailto:c@d.io', 'a"b@c.io'],
  name: ['Ann', 'Zoë Ünal', 'Caf\ufffd au lait', ' spaced ', 'say "hi"', '', '\u3000', 'line\nbreak', '😀', 'a,b'],
  age: ['12', '-0', '+5', '007', '1.5', '1,5', '1e3', ' 7 ', '123456789012345', '1234567890123456', '12.', '.5', 'abc', '', '-0.0', '99999999999999.9'],
  signup: ['2024-02-29', '2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', '01/02/2024', '2024-02-30', ' 2024-01-01', '2024-01-01T10:00:00Z', '0000-01-01', '9999-12-31', '', '45000'],
  active: ['yes', 'No', 'TRUE', 'y', '1', '0', 'ja', 'maybe', '✓', ' yes', 'ON', '', 'off'],
  plan: ['free', 'pro', 'Pro', 'PRO', 'team', 'Zoë', 'enterprize', ' pro', '', 'tea', 'teams'],
  website: ['https://example.com/a', 'https://example.com/a', 'http://x', 'www.example.com', 'https://EXAMPLE.com', 'https://例え.jp', 'https://example.com:8080/x', 'https://example.com:99999', 'not a url', '', 'http://a.b/c?d#e'],
  score: ['1', '1.0', '1e0', '2', '-0', '0', '3.25', '3,25', ''],
  day: ['2024-01-01', '2024-01-01', '2024-01-02', '2024-1-2', ''],
  tier: ['gold', 'gold', 'silver', 'Gold', ''],
  flag: ['yes', 'no', 'yes', 'maybe', ''],
};

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** Rows of cells in the config's field order, some short (ragged) and some long. */
function rowsOf(config: TableConfig, count: number, random: () => number): string[][] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, () => {
    const row = config.fields.map((field) => pick(CELLS[field.key] ?? ['']));
    const shape = random();
    if (shape < 0.05) return row.slice(0, Math.floor(random() * row.length));
    if (shape < 0.1) return [...row, 'extra'];
    return row;
  });
}

/** Everything a reader of the table can see, for comparing two tables. */
function everything(validator: TableValidator) {
  const validation = validator.finish();
  return { ...validation, errorCount: validator.errorCount, records: Array.from({ length: validator.rowCount }, (_, row) => validator.record(row)) };
}

/** One table read both ways: strings for rows before `switchAt` and then bytes (as the engine does after its sample), against strings throughout. */
function bothWays(config: TableConfig, rows: string[][], options: RowOptions, random: () => number, switchAt = 0) {
  const strings = new TableValidator(config, options);
  const stringInvalid: [number, RowCells][] = [];
  strings.addRows(rows, (row, cells) => stringInvalid.push([row, [...cells]]));
  const bytes = new TableValidator(config, options);
  const byteInvalid: [number, RowCells][] = [];
  bytes.addRows(rows.slice(0, switchAt), (row, cells) => byteInvalid.push([row, [...cells]]));
  // In pieces, each read from an offset into its records, as the engine skips a header row.
  for (let start = switchAt; start < rows.length; ) {
    const size = 1 + Math.floor(random() * 700);
    const skip = Math.floor(random() * 3);
    const piece = rows.slice(start, start + size);
    const records = byteRecordsOf([...Array.from({ length: skip }, () => ['skipped']), ...piece], random);
    bytes.addByteRecords(
      records,
      (row, cellAt) => {
        const cells: string[] = [];
        for (let column = 0; cellAt(column) !== undefined; column++) cells.push(cellAt(column) as string);
        byteInvalid.push([row, cells]);
      },
      skip,
    );
    start += piece.length;
  }
  return { strings, bytes, stringInvalid, byteInvalid };
}

describe('TableValidator.addByteRecords', () => {
  it.each([
    ['dot', 0],
    ['comma', 0],
    ['dot', 300],
  ] as const)('reads every type as the string path does (numbers %s, bytes from row %i)', (numberFormat, switchAt) => {
    const random = randomOf(numberFormat === 'dot' ? 11 + switchAt : 12);
    const rows = rowsOf(EVERY_TYPE, 3000, random);
    const options: RowOptions = { numberFormat, dateOrder: 'dmy', mapping: Object.fromEntries(EVERY_TYPE.fields.map((field, i) => [field.key, i])) };
    const { strings, bytes, stringInvalid, byteInvalid } = bothWays(EVERY_TYPE, rows, options, random, switchAt);
    expect(everything(bytes)).toEqual(everything(strings));
    expect(byteInvalid).toEqual(stringInvalid);
    // Enough of each kind of cell to mean something: errors, repeats, duplicate groups.
    const codes = new Set(strings.finish().errors.map((error) => error.code));
    for (const code of ['required', 'invalid_number', 'invalid_date', 'invalid_boolean', 'invalid_enum', 'invalid_email', 'invalid_url', 'duplicate_value', 'duplicate_key']) expect(codes).toContain(code);
  });

  it('reads each field in its own number format and confirmed date order, as the string path does', () => {
    const random = randomOf(17);
    const rows = rowsOf(EVERY_TYPE, 2000, random).map((row) => row.map((cell, i) => (i === 3 && random() < 0.3 ? pick(['1.250', '45.000', '1.234,5', '-2,500'], random) : i === 4 && random() < 0.3 ? '03/04/2024' : cell)));
    const mapping = Object.fromEntries(EVERY_TYPE.fields.map((field, i) => [field.key, i]));
    const options: RowOptions = { numberFormat: 'dot', numberFormats: { age: 'comma' }, dateOrders: { signup: 'dmy' }, mapping };
    const { strings, bytes, stringInvalid, byteInvalid } = bothWays(EVERY_TYPE, rows, options, random);
    expect(everything(bytes)).toEqual(everything(strings));
    expect(byteInvalid).toEqual(stringInvalid);
    const ages = strings.finish().columns[3] as number[];
    expect(ages).toContain(1250);
    expect(ages).toContain(45000);
    expect(strings.finish().columns[4]).toContain('2024-04-03');
    // The other number field keeps the table's format: `3,25` is refused there.
    expect(strings.finish().errors.some((error) => error.field === 'score' && error.suggestion === 3.25)).toBe(true);
  });

  it('reads mapped columns in any order, and leaves unmapped fields empty', () => {
    const random = randomOf(5);
    const rows = rowsOf(EVERY_TYPE, 800, random).map((row) => [...row].reverse());
    const last = EVERY_TYPE.fields.length - 1;
    const mapping = Object.fromEntries(EVERY_TYPE.fields.map((field, i) => [field.key, last - i]).filter(([key]) => key !== 'name' && key !== 'active'));
    const { strings, bytes, stringInvalid, byteInvalid } = bothWays(EVERY_TYPE, rows, { mapping }, random);
    expect(everything(bytes)).toEqual(everything(strings));
    expect(byteInvalid).toEqual(stringInvalid);
    expect(strings.finish().errors.some((error) => error.field === 'active' && error.code === 'required')).toBe(true);
  });

  it('keeps the tables the same through edits, removals and duplicate resolution afterwards', () => {
    const random = randomOf(99);
    const rows = rowsOf(EVERY_TYPE, 1200, random);
    const options: RowOptions = { mapping: Object.fromEntries(EVERY_TYPE.fields.map((field, i) => [field.key, i])) };
    const { strings, bytes } = bothWays(EVERY_TYPE, rows, options, random);
    const edits: [number, string, string][] = [
      [3, 'email', 'zed@example.com'],
      [1000, 'id', '00123'],
      [1100, 'name', 'Édith'],
      [5, 'website', 'https://example.com/a'],
      [1199, 'plan', 'pro'],
      [7, 'day', '2024-01-01'],
    ];
    for (const [row, field, raw] of edits) expect(bytes.revalidateCell(row, field, raw)).toEqual(strings.revalidateCell(row, field, raw));
    for (const row of [0, 1, 250, 1150]) expect(bytes.setRowExcluded(row, true)).toEqual(strings.setRowExcluded(row, true));
    expect(bytes.resolveDuplicates('keep-last')).toEqual(strings.resolveDuplicates('keep-last'));
    expect(bytes.applySuggestions()).toEqual(strings.applySuggestions());
    expect(everything(bytes)).toEqual(everything(strings));
  });

  it('reads the cells of a file that is mostly plain (the bench shape) from bytes, with the same values', () => {
    const config: TableConfig = {
      fields: [
        { key: 'id', label: 'id', type: 'string', unique: true },
        { key: 'email', label: 'email', type: 'email', required: true },
        { key: 'n', label: 'n', type: 'number' },
        { key: 'd', label: 'd', type: 'date' },
        { key: 'name', label: 'name', type: 'string' },
      ],
      duplicateKey: 'email',
    };
    const rows = Array.from({ length: 5000 }, (_, i) => [
      String(i).padStart(8, '0'),
      // Every 50th address has an upper-case domain: valid, but its value is not its bytes (the
      // string path reads it), so its text block holds a string among rows given as bytes.
      i % 50 === 0 ? `user${i % 4000}@Example.com` : `user${i % 4000}@example.com`,
      (i / 8).toFixed(3),
      `2024-${String(1 + (i % 12)).padStart(2, '0')}-15`,
      // Read from bytes, but not ASCII: its blocks cannot be decoded a byte a character.
      `Zoë ${i}`,
    ]);
    const { strings, bytes } = bothWays(config, rows, { mapping: { id: 0, email: 1, n: 2, d: 3, name: 4 } }, randomOf(3));
    expect(everything(bytes)).toEqual(everything(strings));
    expect(bytes.duplicateGroups()).toHaveLength(1000);
    expect(bytes.valueAt(4000, 'email')).toBe('user0@example.com');
    expect(bytes.valueAt(4999, 'name')).toBe('Zoë 4999');
  });

  it('reads an enum of 65,535 values or more (kept as text) as the string path does', () => {
    const values = Array.from({ length: 70_000 }, (_, i) => `v${i}`);
    const config: TableConfig = { fields: [{ key: 'code', label: 'Code', type: 'enum', enumValues: values, unique: true }] };
    const random = randomOf(8);
    const cells = ['v0', 'v69999', 'V1', 'v70000', ' v2', 'v3', '', 'zoë'];
    const rows = Array.from({ length: 2000 }, () => [cells[Math.floor(random() * cells.length)] as string]);
    const { strings, bytes } = bothWays(config, rows, {}, random);
    expect(everything(bytes)).toEqual(everything(strings));
    expect(new Set(strings.finish().errors.map((error) => error.code))).toEqual(new Set(['invalid_enum', 'duplicate_value']));
  });

  it('keeps an edit of a row whose block is still being filled when more rows come', () => {
    const config: TableConfig = { fields: [{ key: 'code', label: 'Code', type: 'string', unique: true }] };
    const rows = Array.from({ length: 700 }, (_, i) => [`c${i}`]);
    const bytes = new TableValidator(config);
    const strings = new TableValidator(config);
    const addUpTo = (end: number) => {
      bytes.addByteRecords(byteRecordsOf(rows.slice(bytes.rowCount, end), randomOf(end)));
      strings.addRows(rows.slice(strings.rowCount, end));
    };
    const edit = (row: number, raw: string) => expect(bytes.revalidateCell(row, 'code', raw)).toEqual(strings.revalidateCell(row, 'code', raw));
    // Each open block gets one kind of edit before it is sealed: emptied (its bytes stay behind,
    // so the rows after it no longer line up with the block's bytes), a value of another length,
    // a repeat of an earlier row.
    addUpTo(100);
    edit(20, '');
    addUpTo(300);
    edit(270, 'longer value');
    addUpTo(600);
    edit(590, 'c0');
    addUpTo(700);
    expect(everything(bytes)).toEqual(everything(strings));
    expect(bytes.valueAt(21, 'code')).toBe('c21');
    expect(bytes.valueAt(270, 'code')).toBe('longer value');
  });

  it('refuses a cell holding bytes that are not UTF-8 as invalid_character, on the byte path as on the string path', () => {
    // `a`, a lone continuation byte, `b`: both paths read it as `a`, an unreadable character, `b`, which is never imported silently.
    const config: TableConfig = { fields: [{ key: 'code', label: 'Code', type: 'string', unique: true }, { key: 'n', label: 'N', type: 'number' }] };
    const validator = new TableValidator(config);
    validator.addRows([[`a${UNREADABLE}b`, '1']]);
    const bytes = Uint8Array.from([0x61, 0x80, 0x62, 0x2c, 0x32, 0x0a, 0x6f, 0x6b, 0x2c, 0x33]);
    const invalid: [number, string | undefined][] = [];
    validator.addByteRecords(
      { bytes, count: 2, first: Int32Array.from([0, 2, 4]), starts: Int32Array.from([0, 4, 6, 9]), ends: Int32Array.from([3, 5, 8, 10]), escaped: new Uint8Array(4) },
      (row, cellAt) => invalid.push([row, cellAt(0)]),
    );
    expect([0, 1].map((row) => validator.errorsOf(row).map((error) => [error.field, error.code]))).toEqual([[['code', 'invalid_character']], [['code', 'invalid_character']]]);
    expect([validator.valueAt(1, 'code'), validator.valueAt(1, 'n'), validator.valueAt(2, 'code'), validator.valueAt(2, 'n')]).toEqual([null, 2, 'ok', 3]);
    expect(invalid).toEqual([[1, `a${UNREADABLE}b`]]);
  });

  it('checks validation rules as the string path does (such fields are read as strings)', () => {
    const config: TableConfig = {
      fields: [
        { key: 'id', label: 'ID', type: 'string', unique: true, minLength: 2, maxLength: 4, pattern: '[0-9A-Za-z-]+' },
        { key: 'email', label: 'Email', type: 'email', maxLength: 15 },
        { key: 'age', label: 'Age', type: 'number', min: 0, max: 100 },
        { key: 'signup', label: 'Signup', type: 'date', min: '2024-01-01', max: '2024-06-30' },
        { key: 'score', label: 'Score', type: 'number', unique: true, min: 0.5 },
        { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
      ],
      duplicateKey: 'email',
    };
    const random = randomOf(21);
    const rows = rowsOf(config, 2500, random);
    const options: RowOptions = { mapping: Object.fromEntries(config.fields.map((field, i) => [field.key, i])) };
    const { strings, bytes, stringInvalid, byteInvalid } = bothWays(config, rows, options, random);
    expect(everything(bytes)).toEqual(everything(strings));
    expect(byteInvalid).toEqual(stringInvalid);
    const codes = new Set(strings.finish().errors.map((error) => error.code));
    for (const code of ['too_short', 'too_long', 'pattern_mismatch', 'below_min', 'above_max', 'duplicate_value', 'duplicate_key']) expect(codes).toContain(code);
  });

  it('adds nothing for an offset at or past the last record', () => {
    const validator = new TableValidator(EVERY_TYPE);
    const records = byteRecordsOf([['a'], ['b']], randomOf(1));
    validator.addByteRecords(records, undefined, 2);
    validator.addByteRecords(records, undefined, 5);
    expect(validator.rowCount).toBe(0);
  });
});
