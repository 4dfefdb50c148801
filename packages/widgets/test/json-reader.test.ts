// The engine's JSON reader: items cut from text that arrives in pieces (wherever the pieces are
// cut, the same items as JSON.parse of the whole file), objects flattened to cells, and a clear
// message for every file it cannot read.
import { IMPRECISE, NESTED } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { JsonColumns } from '../src/importer/engine/json-cells.js';
import { JsonItems } from '../src/importer/engine/json-items.js';
import { type JsonLayout, jsonLayout } from '../src/importer/engine/json-layout.js';

/** The items of `text` read in pieces cut at `cuts`. */
function items(text: string, cuts: number[] = []): unknown[] {
  const layout = jsonLayout(text) as JsonLayout;
  const reader = new JsonItems(layout);
  const out: unknown[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    out.push(...reader.push(text.slice(from, cut), cut === text.length));
    from = cut;
  }
  return out;
}

const objects = [
  { id: 1, title: 'Fix the "quoted" } brace', labels: ['bug', 'ui'], user: { login: 'ada', site: { url: 'https://x.test/[a]' } } },
  { id: 2, title: 'Back\\slash \\" and {[', labels: [], user: null },
  { id: 3, title: 'Ünïcödé 😀', nested: [{ a: 1 }] },
];

describe('JsonItems', () => {
  it('tells the layouts apart by the first characters, never by a name', () => {
    expect(jsonLayout('\ufeff  [\n {"a": 1}]')).toBe('array');
    expect(jsonLayout('[]')).toBe('array');
    expect(jsonLayout('{"a": 1}\n{"a": 2}\n')).toBe('lines');
    expect(jsonLayout('{\n  "a": 1\n}\n')).toBe('objects');
    expect(jsonLayout('name,email\nAda,ada@example.com')).toBe(null);
    expect(jsonLayout('[id],[name]\n1,Ada')).toBe(null);
    expect(jsonLayout('{name}\n')).toBe(null);
  });

  it('reads an array, NDJSON and objects spread over lines as JSON.parse reads them, wherever the pieces are cut', () => {
    const array = JSON.stringify(objects, null, 2);
    const lines = objects.map((object) => JSON.stringify(object)).join('\r\n') + '\r\n';
    const spread = objects.map((object) => JSON.stringify(object, null, 2)).join('\n');
    for (const text of [array, lines, spread]) {
      expect(items(text)).toEqual(objects);
      for (let cut = 1; cut < text.length; cut += 7) expect(items(text, [cut, Math.min(text.length, cut + 3)])).toEqual(objects);
    }
  });

  it('reads an empty array and skips blank lines of NDJSON', () => {
    expect(items('[ ]')).toEqual([]);
    expect(items('{"a":1}\n\n  \n{"a":2}')).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('refuses what it cannot read with where and why', () => {
    expect(() => items('[{"a": 1}, {"a": 2]')).toThrow(/Item 2 of the file is not valid JSON/);
    expect(() => items('[{"a": 1} {"a": 2}]')).toThrow(/A comma is missing before item 2/);
    expect(() => items('[{"a": 1}, 5, {"a": 2}]')).toThrow(/Item 2 of the file is not an object: it has "5,"/);
    expect(() => items('[{"a": 1}, {"a": 2}')).toThrow(/ends before its list of objects is closed/);
    expect(() => items('[{"a": 1}] {"b": 2}')).toThrow(/goes on after its list of objects ends/);
    expect(() => items('{"a": 1}\n{"a": 2\n{"a": 3}\n')).toThrow(/Item 2 of the file is not valid JSON/);
    expect(() => items('{\n "a": "never closed\n')).toThrow(/ends inside item 1/);
    expect(() => items('{"a": 1}\n[1, 2]\n')).not.toThrow();
  });
});

describe('JsonColumns', () => {
  it('flattens nested objects to dotted names, joins lists of plain values and marks what a cell cannot hold', () => {
    const columns = new JsonColumns();
    const rows = objects.map((object, i) => columns.cells(object, i + 1));
    expect(columns.names).toEqual(['id', 'title', 'labels', 'user.login', 'user.site.url', 'user', 'nested']);
    expect(rows.map((cells) => columns.pad(cells))).toEqual([
      ['1', 'Fix the "quoted" } brace', 'bug, ui', 'ada', 'https://x.test/[a]', '', ''],
      ['2', 'Back\\slash \\" and {[', '', '', '', '', ''],
      ['3', 'Ünïcödé 😀', '', '', '', '', `${NESTED}[{"a":1}]`],
    ]);
  });

  it('reads numbers, booleans and null as text, and marks an integer too long for a double', () => {
    const columns = new JsonColumns();
    expect(columns.cells(JSON.parse('{"n": 0.1, "big": 12345678901234567890, "ok": true, "no": false, "none": null, "list": [1, null, "x", false]}'), 1)).toEqual([
      '0.1',
      `${IMPRECISE}12345678901234567000`,
      'true',
      'false',
      '',
      '1, , x, false',
    ]);
  });

  it('refuses an item that is not an object, and counts keys first seen after the columns are settled', () => {
    const columns = new JsonColumns();
    expect(() => columns.cells([1, 2], 4)).toThrow(/Item 4 of the file is not an object/);
    columns.cells({ a: 1 }, 1);
    columns.settle();
    expect(columns.cells({ a: 2, b: 3, c: { d: 4 } }, 2)).toEqual(['2']);
    expect(columns.lateKeys).toBe(2);
  });

  it('keeps keys such as __proto__ as columns without touching prototypes', () => {
    const columns = new JsonColumns();
    expect(columns.cells(JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": "c"}'), 1)).toEqual(['yes', 'c']);
    expect(columns.names).toEqual(['__proto__.polluted', 'constructor']);
    expect(({} as Record<string, unknown>)['polluted']).toBe(undefined);
  });
});
