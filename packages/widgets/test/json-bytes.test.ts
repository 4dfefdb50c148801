// NDJSON's byte path (json-line-bytes.ts: flat lines as byte records, validated as a UTF-8 CSV's)
// against the text path of the same items written as one JSON array (JsonItems + JSON.parse): every
// statistic, grid row, delivered record and kept unmapped cell must be the same, and a typed value
// must read as the same cell of a CSV reads.
import { type ImporterConfig, recordsCells } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { JsonColumns } from '../src/importer/engine/json-cells.js';
import { JsonLineBytes } from '../src/importer/engine/json-line-bytes.js';
import { JsonRows } from '../src/importer/engine/json-rows.js';
import type { Progress, SourceInput } from '../src/importer/engine/protocol.js';
import { CUSTOMERS, engine } from './engine-driver.js';

const CONFIG: ImporterConfig = {
  ...CUSTOMERS,
  fields: [...CUSTOMERS.fields, { key: 'score', label: 'Score', type: 'number', min: 0, max: 100 }],
};

/** Everything the element can read of a loaded source, every column mapped by its key or kept. */
async function loaded(source: SourceInput, chunkBytes: number, config: ImporterConfig = CONFIG) {
  const { call } = engine({ sliceMs: 50, chunkBytes });
  const opened = await call('open', { source });
  const headers = opened.preview[opened.headerRow] ?? [];
  const mapping = Object.fromEntries(config.fields.map((field) => [field.key, headers.indexOf(field.key)]).filter(([, column]) => (column as number) >= 0));
  const load = await call('load', { headerRow: opened.headerRow, mapping, config, keepUnmapped: headers });
  const rows = await call('rows', { start: 0, count: load.stats.rowCount });
  const records: Progress[] = [];
  await call('records', { onlyValid: false, chunkSize: 5000 }, (p) => records.push(p));
  return { headers, stats: load.stats, formats: [load.numberFormat, load.dateOrder], extraHeaders: load.extraHeaders, rows, records: records.flatMap((p) => p.records ?? []) };
}

function randomOf(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** Values as JSON text: typed and quoted, forms `String` writes otherwise, escapes, nesting. */
const VALUES: Record<string, readonly string[]> = {
  id: ['"00123"', '123', '"A-1"', '" 7"', 'null', '"Zo\\u00eb"', '"12345678901234567890"'],
  email: ['"ann@example.com"', '"ANN@example.com"', '"bad@"', '""', '"zoë@exämple.com"', '"a\\"b@c.io"', 'null', '5'],
  name: ['"Ann"', '"Smith, Jo"', '"two\\nlines"', '""', '" padded "', '"Ünal"', '"😀"', '"#N/A"', '["a","b"]', '{"first":"Jo"}'],
  amount: ['12', '-0', '-0.0', '0.0', '1.5', '1.50', '10.0', '1E+2', '1e3', '0.0000001', '0.000001', '"1,5"', '"abc"', '123456789012345', '1234567890123456', '12345678901234567890', 'true', 'null', '"12"', '-7.25'],
  joined: ['"2024-02-29"', '"2023-02-29"', '"01/02/2024"', 'null', '20240101', '"2024-01-01T10:00:00Z"'],
  active: ['true', 'false', '"yes"', '1', '0', '"maybe"', 'null', '"TRUE"', '2'],
  plan: ['"free"', '"pro"', '"Pro"', '"teams"', 'null', '1'],
  site: ['"https://example.com/a"', '"www.example.com"', '"https:\\/\\/example.com\\/b"', 'null'],
  score: ['50', '100.5', '-1', '"70"', '99.99', 'false'],
  note: ['"kept as it is"', '7.0', '[1,2]', '[{"x":1}]', 'null', '"ü"'],
  address: ['{"city":"Berlin","zip":"10115"}', '{"city":"Köln"}', 'null'],
};

/**
 * `count` items as lines of JSON text: mostly in one key order, some shuffled, some with keys
 * missing, repeated or added late, spaces around the punctuation, blank lines, CRLF line breaks.
 */
function messyItems(count: number, seed: number): string[] {
  const random = randomOf(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const pairs = Object.entries(VALUES).map(([key, values]) => {
      if (key === 'id' && random() < 0.9) return [key, `"${String(i).padStart(6, '0')}"`];
      if (key === 'email' && random() < 0.9) return [key, `"user${i}@example.com"`];
      return [key, pick(values)];
    });
    const shape = random();
    let kept = pairs;
    if (shape < 0.03) kept = [...pairs].sort(() => random() - 0.5);
    else if (shape < 0.08) kept = pairs.filter(() => random() < 0.6);
    else if (shape < 0.09) kept = [...pairs, ['plan', '"team"']];
    else if (shape < 0.1 && i > 12_000) kept = [...pairs, ['late', '"not read"']];
    const spaced = random() < 0.05;
    items.push(`{${kept.map(([key, value]) => (spaced ? ` "${key}" : ${value} ` : `"${key}":${value}`)).join(',')}}${spaced ? ' \t' : ''}`);
  }
  return items;
}

function ndjson(items: readonly string[], seed: number): string {
  const random = randomOf(seed);
  return items.map((item) => (random() < 0.01 ? `\r\n${item}` : item)).join('\r\n') + '\n';
}

const fileOf = (content: string | Uint8Array, name: string): SourceInput => ({ kind: 'file', file: new Blob([content]), name });

/** Stands for a raw byte in {@link withByte}'s text. */
const MARK = '~BYTE~';

/** `text` as UTF-8 with each {@link MARK} written as the one byte `byte`. */
function withByte(text: string, byte: number): Uint8Array {
  const parts = text.split(MARK).map((part) => new TextEncoder().encode(part));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, parts.length - 1));
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) out[at++] = byte;
    out.set(part, at);
    at += part.length;
  });
  return out;
}

describe('NDJSON read from its bytes', () => {
  it.each([4093, 64 * 1024])('reads messy items past the first 10,000 as the text path reads the same items (pieces of %i bytes)', async (chunkBytes) => {
    const items = messyItems(14_000, chunkBytes);
    const [bytes, text] = await Promise.all([loaded(fileOf(`\ufeff${ndjson(items, 1)}`, 'data.ndjson'), chunkBytes), loaded(fileOf(`[\n${items.join(',\n')}\n]`, 'data.json'), chunkBytes)]);
    expect(bytes.headers).toEqual(text.headers);
    expect(bytes.headers).toContain('address.city');
    expect(bytes.headers).not.toContain('late');
    expect(bytes.stats).toEqual(text.stats);
    expect(bytes.formats).toEqual(text.formats);
    expect(bytes.extraHeaders).toEqual(text.extraHeaders);
    expect(bytes.rows).toEqual(text.rows);
    expect(bytes.records).toEqual(text.records);
    // Enough happened to mean something: errors in every field, repeats, kept cells.
    expect(bytes.stats.rowCount).toBe(14_000);
    for (const field of CONFIG.fields) if (field.type !== 'string' || field.unique) expect(bytes.stats.fieldErrors[field.key]).toBeGreaterThan(0);
    expect(bytes.stats.duplicateGroups).toBeGreaterThan(0);
    expect(bytes.rows.some((row) => row.values.includes('two\nlines'))).toBe(true);
    expect(bytes.rows.some((row) => row.extra?.includes('Köln'))).toBe(true);
  });

  it('reads on as Windows-1252 text from a first byte beyond ASCII that is not UTF-8, as the text path does', async () => {
    const items = Array.from({ length: 14_000 }, (_, i) => `{"id":"${String(i).padStart(6, '0')}","email":"user${i}@example.com","name":"${i === 12_500 ? `Caf${MARK}` : `Name ${i}`}","amount":${i % 300}}`);
    const [bytes, text] = await Promise.all([loaded(fileOf(withByte(`${items.join('\n')}\n`, 0xe9), 'data.ndjson'), 4096), loaded(fileOf(withByte(`[${items.join(',')}]`, 0xe9), 'data.json'), 4096)]);
    expect(bytes.stats).toEqual(text.stats);
    expect(bytes.rows).toEqual(text.rows);
    expect(bytes.rows[12_500]?.values[2]).toBe('Café');
  });

  it('refuses cells with bytes that are not UTF-8 and counts them as the text path does', async () => {
    const items = messyItems(14_000, 11).map((item, i) => (i % 1_500 === 1_499 ? item.replace('"Ann"', `"A${MARK}nn"`).replace('"Ünal"', `"${MARK}Ünal"`) : item));
    const [bytes, text] = await Promise.all([loaded(fileOf(withByte(`${items.join('\n')}\n`, 0xff), 'data.ndjson'), 4096), loaded(fileOf(withByte(`[${items.join(',')}]`, 0xff), 'data.json'), 4096)]);
    expect(bytes.stats).toEqual(text.stats);
    expect(bytes.stats.unreadable).toBeGreaterThan(0);
    expect(bytes.rows).toEqual(text.rows);
    expect(bytes.records).toEqual(text.records);
  });

  it('refuses a malformed line after the first 10,000 items with the message of the text path', async () => {
    const items = messyItems(12_000, 5);
    items.splice(11_000, 0, '{"id": "x", "email": "x@example.com",}');
    const [bytes, text] = await Promise.allSettled([loaded(fileOf(`${items.join('\n')}\n`, 'data.ndjson'), 4096), loaded(fileOf(`[${items.join(',')}]`, 'data.json'), 4096)]);
    expect(bytes.status).toBe('rejected');
    expect(text.status).toBe('rejected');
    const message = (result: PromiseSettledResult<unknown>) => (result as PromiseRejectedResult).reason.message as string;
    expect(message(bytes)).toMatch(/^Item 11001 of the file is not valid JSON/);
    expect(message(bytes)).toBe(message(text));
  });
});

describe('JsonLineBytes', () => {
  /** The byte records and the rows read from `lines` after 10,000 plain items settled the columns `a`, `b`. */
  function read(lines: readonly string[], first = (i: number) => `{"a":${i},"b":"x"}`) {
    const rows: string[][] = [];
    const fromBytes: string[][] = [];
    const reader = new JsonLineBytes(new JsonRows((records) => rows.push(...records.map((cells) => [...cells]))), (records) => fromBytes.push(...recordsCells(records)));
    const settle = Array.from({ length: 10_000 }, (_, i) => `${first(i)}\n`).join('');
    reader.push(new TextEncoder().encode(settle), false);
    reader.push(new TextEncoder().encode(`${lines.join('\n')}\n`), true);
    return { rows: rows.slice(10_001), fromBytes };
  }

  it('reads a flat line in column order as a record of the cells the text path makes', () => {
    const { rows, fromBytes } = read(['{"a":12,"b":"00123"}', '{ "a" : -0.5 , "b" : true }', '{"b":null}', '{}', '{"a":"1.50","b":false}', '  ', '{"a":0.000001,"b":"Zoë 😀"}', '{"a":1.50,"b":10.0}', '{"a":0.0,"b":-0.250}']);
    expect(rows).toEqual([]);
    expect(fromBytes).toEqual([
      ['12', '00123'],
      ['-0.5', 'true'],
      ['', ''],
      ['', ''],
      ['1.50', 'false'],
      ['0.000001', 'Zoë 😀'],
      ['1.5', '10'],
      ['0', '-0.25'],
    ]);
  });

  it('leaves to JSON.parse the lines whose cells would differ from their bytes, and keeps the order of the file', () => {
    const { rows, fromBytes } = read(['{"a":-0.0,"b":"x"}', '{"a":1}', '{"a":1e3}', '{"a":-0}', '{"b":"x","a":2}', '{"a":"say \\"hi\\"","b":"x"}', '{"a":[1,2]}', '{"a":{"c":1}}', '{"a":3,"a":4}', '{"a":12345678901234567}', '{"a":0.0000001}']);
    expect(fromBytes).toEqual([['1', '']]);
    expect(rows).toEqual([['0', 'x'], ['1000', ''], ['0', ''], ['2', 'x'], ['say "hi"', 'x'], ['1, 2', ''], ['', ''], ['4', ''], ['\ufdd212345678901234568', ''], ['1e-7', '']]);
  });

  it('refuses a key holding unescaped what a column name holds escaped, as JSON.parse does', () => {
    const first = () => '{"q\\"":1,"t\\t":2}';
    expect(read(['{"q\\"":3,"t\\t":4}'], first).rows).toEqual([['3', '4']]);
    expect(() => read(['{"q"":3}'], first)).toThrow(/^Item 10001 of the file is not valid JSON/);
    expect(() => read(['{"t\t":4}'], first)).toThrow(/^Item 10001 of the file is not valid JSON/);
  });

  it('gives every number the cell the text path gives it, from its bytes or through JSON.parse', () => {
    const random = randomOf(77);
    const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
    const texts = Array.from({ length: 5_000 }, () => {
      const sign = random() < 0.3 ? '-' : '';
      const integer = random() < 0.3 ? '0' : `${1 + Math.floor(random() * 9)}${digits(Math.floor(random() * 18))}`;
      const fraction = random() < 0.6 ? `.${'0'.repeat(Math.floor(random() * 8))}${digits(Math.floor(random() * 8))}${'0'.repeat(Math.floor(random() * 3))}` : '';
      const exponent = random() < 0.1 ? `e${random() < 0.5 ? '-' : ''}${1 + Math.floor(random() * 30)}` : '';
      return `${sign}${integer}${fraction === '.' ? '' : fraction}${exponent}`;
    });
    const { rows, fromBytes } = read(texts.map((text, i) => `{"a":${text},"b":"${i}"}`));
    const cells = [...fromBytes, ...rows].sort((x, y) => Number(x[1]) - Number(y[1]));
    const shown = (value: number) => (Number.isInteger(value) && !Number.isSafeInteger(value) ? `\ufdd2${value}` : String(value));
    expect(cells).toEqual(texts.map((text, i) => [shown(JSON.parse(text) as number), String(i)]));
    expect(fromBytes.length).toBeGreaterThan(texts.length / 3);
    expect(rows.length).toBeGreaterThan(texts.length / 10);
  });
});

describe('JsonLineBytes on corrupted lines', () => {
  it('refuses every line JSON.parse refuses, with its message, and reads every other one as the text path does', () => {
    const columns = new JsonColumns();
    columns.cells({ a: 0, b: 0 }, 1);
    columns.settle();
    const given: string[][] = [];
    const rows = new JsonRows((records) => given.push(...records.map((cells) => [...cells])));
    const reader = new JsonLineBytes(rows, (records) => given.push(...recordsCells(records)));
    reader.push(new TextEncoder().encode(Array.from({ length: 10_000 }, () => '{"a":0,"b":0}\n').join('')), false);
    given.length = 0;
    const random = randomOf(5);
    const bases = ['{"a":12.5,"b":"x y"}', '{ "a" : "s" , "b" : true }', '{"a":null,"b":-0.25}', '{"a":1e5,"b":false}', '{"b":"z"}'];
    const alphabet = '{}[]":,.-+eE0123456789tfnulrsa b\t\\';
    let refused = 0;
    for (let n = 0; n < 4_000; n++) {
      let line = bases[n % bases.length] as string;
      for (let edits = 1 + Math.floor(random() * 2); edits > 0; edits--) {
        const at = Math.floor(random() * (line.length + 1));
        const char = alphabet[Math.floor(random() * alphabet.length)] as string;
        const kind = random();
        line = kind < 0.33 ? line.slice(0, at) + line.slice(at + 1) : kind < 0.66 ? line.slice(0, at) + char + line.slice(at) : line.slice(0, at) + char + line.slice(at + 1);
      }
      // Blank after trim: skipped by both.
      if (line.trim() === '') continue;
      let expected: string[] | string;
      try {
        const item: unknown = JSON.parse(line);
        try {
          expected = columns.pad(columns.cells(item, rows.count + 1));
        } catch (error) {
          expected = (error as Error).message;
        }
      } catch (error) {
        expected = `Item ${rows.count + 1} of the file is not valid JSON (${(error as Error).message}).`;
      }
      given.length = 0;
      if (typeof expected === 'string') {
        refused += 1;
        expect(() => reader.push(new TextEncoder().encode(`${line}\n`), false), line).toThrow(expected);
      } else {
        reader.push(new TextEncoder().encode(`${line}\n`), false);
        expect(given, line).toEqual([expected]);
      }
    }
    expect(refused).toBeGreaterThan(1_000);
  });
});

describe('typed NDJSON values', () => {
  /** One field's results, from NDJSON lines of `values` (JSON text) and from a CSV of `cells`, each past the first 10,000 rows. */
  async function compare(field: ImporterConfig['fields'][number], values: readonly string[], cells: readonly string[]) {
    const config: ImporterConfig = { fields: [{ key: 'n', label: 'n', type: 'number' }, field] };
    const filler = Array.from({ length: 10_500 }, (_, i) => i);
    const json = `${[...filler.map((i) => `{"n":${i},"${field.key}":null}`), ...values.map((value, i) => `{"n":${i},"${field.key}":${value}}`)].join('\n')}\n`;
    const csv = `n,${field.key}\n${[...filler.map((i) => `${i},`), ...cells.map((cell, i) => `${i},${cell}`)].join('\n')}\n`;
    const [fromJson, fromCsv] = await Promise.all([loaded(fileOf(json, 'data.ndjson'), 64 * 1024, config), loaded(fileOf(csv, 'data.csv'), 64 * 1024, config)]);
    const tail = (result: Awaited<ReturnType<typeof loaded>>) => result.rows.slice(filler.length).map((row) => ({ value: row.values[1], raw: row.raw[1], issue: row.issues[1] }));
    return { json: tail(fromJson), csv: tail(fromCsv) };
  }

  it('reads a JSON number in a number field as the same CSV cell: value, error and message', async () => {
    const plain = await compare({ key: 'amount', label: 'Amount', type: 'number' }, ['12', '-7.25', '0.5', '"abc"', '123456789012345'], ['12', '-7.25', '0.5', 'abc', '123456789012345']);
    expect(plain.json).toEqual(plain.csv);
    expect(plain.json.map((cell) => cell.value)).toEqual([12, -7.25, 0.5, null, 123456789012345]);
    expect(plain.json[3]?.issue).toEqual({ code: 'invalid_number', message: 'Expected a number such as 1234.5', wording: ['problemInvalidNumber', 'dot'] });
    const ruled = await compare({ key: 'amount', label: 'Amount', type: 'number', min: -10, max: 1000 }, ['12', '1000.5', '-11'], ['12', '1000.5', '-11']);
    expect(ruled.json).toEqual(ruled.csv);
    expect(ruled.json.map((cell) => cell.issue?.code)).toEqual([undefined, 'above_max', 'below_min']);
  });

  it('reads JSON booleans in a boolean field as the CSV cells true and false', async () => {
    const { json, csv } = await compare({ key: 'active', label: 'Active', type: 'boolean' }, ['true', 'false', '"maybe"'], ['true', 'false', 'maybe']);
    expect(json).toEqual(csv);
    expect(json.map((cell) => cell.value)).toEqual([true, false, null]);
    expect(json[2]?.issue?.code).toBe('invalid_boolean');
  });

  it('refuses a number too large for a safe integer, in a number field and a text field, keeping its digits', async () => {
    for (const field of [{ key: 'amount', label: 'Amount', type: 'number' }, { key: 'code', label: 'Code', type: 'string' }] as const) {
      const { json } = await compare(field, ['12345678901234567890', '9007199254740993'], []);
      expect(json.map((cell) => cell.issue?.code)).toEqual(['imprecise_number', 'imprecise_number']);
      expect(json.map((cell) => cell.raw)).toEqual(['12345678901234567000', '9007199254740992']);
      expect(json[0]?.issue?.message).toMatch(/more digits than can be read exactly/);
    }
  });

  it('keeps the exact text of a string that looks like a number in a text field', async () => {
    const { json, csv } = await compare({ key: 'code', label: 'Code', type: 'string' }, ['"00123"', '"1.50"', '"1e3"', '"-0"', '" 7"'], ['00123', '1.50', '1e3', '-0', ' 7']);
    expect(json).toEqual(csv);
    expect(json.map((cell) => cell.value)).toEqual(['00123', '1.50', '1e3', '-0', '7']);
  });
});
