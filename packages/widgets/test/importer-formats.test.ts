// Number and date formats settled by whole columns in the engine (docs/importer.md, "Number and
// date formats"): the German `;` file, a column settled only by its last row, the questions the
// element asks, and the user's answers, on the byte path (UTF-8 files) and the text path alike.
import type { ImporterConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import type { LoadParams, SourceInput } from '../src/importer/engine/protocol.js';
import { engine } from './engine-driver.js';

const CONFIG: ImporterConfig = {
  fields: [
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'amount', label: 'Amount', type: 'number' },
    { key: 'start', label: 'Start', type: 'date' },
  ],
};
const MAPPING = { name: 0, amount: 1, start: 2 };
const GERMAN = 'Name;Amount;Start\nAnn;45.000;03/04/2024\nBob;52.500;03/04/2024\nCy;1.250;03/04/2024\n';

/** A file (bytes: the byte path) or the same text pasted (the text path). */
const sources = (content: string): [string, SourceInput][] => [
  ['file', { kind: 'file', file: new Blob([content]), name: 'data.csv' }],
  ['paste', { kind: 'text', text: content }],
];

async function load(source: SourceInput, extra: Partial<LoadParams> = {}, chunkBytes = 7) {
  const { call } = engine({ sliceMs: 5, chunkBytes });
  const opened = await call('open', { source });
  const loaded = await call('load', { headerRow: opened.headerRow, mapping: MAPPING, config: CONFIG, ...extra });
  const rows = await call('rows', { start: 0, count: 100_000 });
  return { call, opened, loaded, rows, values: (i: number) => rows.map((row) => row.values[i]) };
}

describe('number formats by whole column', () => {
  it.each(sources(GERMAN))('reads the German ; file (%s) as thousands, and asks about the column', async (_, source) => {
    const { loaded, values } = await load(source);
    expect(values(1)).toEqual([45000, 52500, 1250]);
    expect(loaded.stats.errorCount).toBe(3); // the dates, until their order is known
    expect(loaded.columnFormats).toEqual([
      { kind: 'number', field: 'amount', format: 'comma', ambiguous: true, example: '45.000', chosen: false },
      { kind: 'date', field: 'start', order: null, ambiguous: true, example: '03/04/2024', chosen: false },
    ]);
  });

  it.each(sources(GERMAN))('reads the column as the user answers (%s), decimal point included', async (_, source) => {
    const { loaded, values } = await load(source, { numberFormats: { amount: 'dot' }, dateOrders: { start: 'dmy' } });
    expect(values(1)).toEqual([45, 52.5, 1.25]);
    expect(values(2)).toEqual(['2024-04-03', '2024-04-03', '2024-04-03']);
    expect(loaded.stats.errorCount).toBe(0);
    expect(loaded.columnFormats.map((column) => column.chosen)).toEqual([true, true]);
  });

  it.each(sources(GERMAN))('reads 03/04/2024 month first when the user says so (%s)', async (_, source) => {
    const { values } = await load(source, { dateOrders: { start: 'mdy' } });
    expect(values(2)).toEqual(['2024-03-04', '2024-03-04', '2024-03-04']);
  });

  it.each(sources(`Name,Amount,Start\n${'A,"1,250",2024-01-01\n'.repeat(30_000)}B,"1,5",2024-01-02\n`))(
    'settles a column by its last row, past the first rows read, and reads every row with it (%s)',
    async (_, source) => {
      const { loaded, values } = await load(source, {}, 64 * 1024);
      const amounts = values(1);
      expect(amounts[30_000]).toBe(1.5);
      expect(new Set(amounts.slice(0, 30_000))).toEqual(new Set([1.25]));
      expect(loaded.columnFormats[0]).toMatchObject({ format: 'comma', ambiguous: false });
      expect(loaded.stats.errorCount).toBe(0);
    },
  );

  it.each(sources(`Name;Amount;Start\n${'A;1.250;2024-01-01\n'.repeat(30_000)}B;12.5;2024-01-02\n`))(
    'reads a ; file with a decimal point when a late row says so (%s)',
    async (_, source) => {
      const { loaded, values } = await load(source, {}, 64 * 1024);
      expect(new Set(values(1).slice(0, 30_000))).toEqual(new Set([1.25]));
      expect(values(1)[30_000]).toBe(12.5);
      expect(loaded.columnFormats[0]).toMatchObject({ format: 'dot', ambiguous: false });
    },
  );

  it('does not ask about a column its own values settle', async () => {
    const { loaded, values } = await load({ kind: 'text', text: 'Name;Amount;Start\nA;45.000;2024-01-01\nB;1.234,50;25/12/2024\n' });
    expect(values(1)).toEqual([45000, 1234.5]);
    expect(loaded.columnFormats).toEqual([
      { kind: 'number', field: 'amount', format: 'comma', ambiguous: false, example: '45.000', chosen: false },
      { kind: 'date', field: 'start', order: 'dmy', ambiguous: false, example: undefined, chosen: false },
    ]);
  });
});
