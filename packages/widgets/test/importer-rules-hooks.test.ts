// Validation rules and the host's row hooks through the importer's engine in Node: the rows go
// through the worker's protocol (`hookRows`, `hookTransform`, `hookValidate`) exactly as the element
// drives them from the main thread.
import type { ImporterConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import type { SourceInput } from '../src/importer/engine/protocol.js';
import { runImporterHooks } from '../src/importer/row-hooks.js';
import { engine } from './engine-driver.js';

const CONFIG: ImporterConfig = {
  fields: [
    { key: 'sku', label: 'SKU', type: 'string', required: true, unique: true, pattern: '[A-Z]{3}-\\d{4}', patternMessage: 'Use a SKU such as ABC-1234' },
    { key: 'qty', label: 'Quantity', type: 'number', min: 1, max: 99 },
    { key: 'note', label: 'Note', type: 'string', maxLength: 8 },
  ],
};

const file = (content: string): SourceInput => ({ kind: 'file', file: new Blob([content]), name: 'data.csv' });

async function load(csv: string) {
  const e = engine();
  const opened = await e.call('open', { source: file(csv) });
  const loaded = await e.call('load', { headerRow: opened.headerRow, mapping: { sku: 0, qty: 1, note: 2 }, config: CONFIG });
  return { e, loaded };
}

describe('validation rules in the engine', () => {
  it('reports rule errors of a UTF-8 file (the byte path) per cell, and re-checks edits', async () => {
    const rows = ['ABC-1234,5,ok', 'abc-1234,0,fine', 'XYZ-0001,100,far too long', 'QRS-0002,3,"quoted,"'];
    const { e, loaded } = await load(`SKU,Qty,Note\n${rows.join('\n')}\n`);
    expect(loaded.stats).toMatchObject({ rowCount: 4, errorCount: 4, invalidRowCount: 2 });
    const grid = await e.call('rows', { start: 0, count: 10 });
    expect(grid.map((row) => row.issues.map((issue) => issue?.code ?? null))).toEqual([
      [null, null, null],
      ['pattern_mismatch', 'below_min', null],
      [null, 'above_max', 'too_long'],
      [null, null, null],
    ]);
    expect(grid[1]?.issues[0]?.message).toBe('Use a SKU such as ABC-1234');
    // The element words the rules' problems in its language; the page's patternMessage stays as written.
    expect(grid.map((row) => row.issues.map((issue) => issue?.wording ?? null))).toEqual([
      [null, null, null],
      [null, ['problemBelowMin', 'Quantity', 1], null],
      [null, ['problemAboveMax', 'Quantity', 99], ['problemTooLong', 'Note', 8]],
      [null, null, null],
    ]);
    expect(grid[1]?.raw[0]).toBe('abc-1234');
    const edited = await e.call('edit', { row: 1, field: 'sku', raw: 'ABC-9999' });
    expect(edited.stats.errorCount).toBe(3);
  });
});

describe('row hooks through the engine', () => {
  it('transforms in batches, validates the transformed rows, and counts hook messages as errors', async () => {
    const csv = `SKU,Qty,Note\n${Array.from({ length: 7 }, (_, i) => `abc-000${i},${i + 1},n${i}`).join('\n')}\n`;
    const { e, loaded } = await load(csv);
    expect(loaded.stats.errorCount).toBe(7);
    const batches: number[][] = [];
    const result = await runImporterHooks(
      (method, params) => e.call(method, params),
      {
        batchSize: 3,
        transformRow: async (rows) => {
          batches.push(rows.map((row) => row.row));
          await new Promise((resolve) => setTimeout(resolve, 1));
          // The pattern refused the lower-case SKUs, so their values are null: rebuild them from the row.
          return rows.map((row) => ({ row: row.row, values: { sku: `ABC-000${row.row}`, qty: (row.values.qty as number) * 10 } }));
        },
        validateRow: (rows) => rows.filter((row) => row.values.note === 'n4').map((row) => ({ row: row.row, field: 'note', message: 'Notes may not say n4' })),
      },
      { rowCount: loaded.stats.rowCount, numberFormat: loaded.numberFormat, fieldKeys: CONFIG.fields.map((field) => field.key) },
    );
    expect(batches).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(result?.stats.errorCount).toBe(1);
    const grid = await e.call('rows', { start: 0, count: 10 });
    expect(grid.map((row) => row.values)).toEqual(Array.from({ length: 7 }, (_, i) => [`ABC-000${i}`, (i + 1) * 10, `n${i}`]));
    expect(grid[4]?.issues[2]).toEqual({ code: 'custom', message: 'Notes may not say n4' });
    // Only the hook's message is left: the row it refuses is the one left out of the valid rows.
    const records: unknown[] = [];
    await e.call('records', { onlyValid: true }, (progress) => records.push(...(progress.records ?? [])));
    expect(records).toHaveLength(6);
  });

  it('runs validateRow again for one edited row, replacing its messages', async () => {
    const { e, loaded } = await load('SKU,Qty,Note\nABC-0001,1,bad\nABC-0002,2,ok\n');
    const hooks = { validateRow: (rows: readonly { row: number; values: Readonly<Record<string, unknown>> }[]) => rows.filter((row) => row.values.note === 'bad').map((row) => ({ row: row.row, field: 'note', message: 'Not bad' })) };
    const table = { rowCount: loaded.stats.rowCount, numberFormat: loaded.numberFormat, fieldKeys: ['sku', 'qty', 'note'] };
    expect((await runImporterHooks((method, params) => e.call(method, params), hooks, table))?.stats.errorCount).toBe(1);
    await e.call('edit', { row: 0, field: 'note', raw: 'good' });
    expect((await runImporterHooks((method, params) => e.call(method, params), hooks, table, [0]))?.stats.errorCount).toBe(0);
  });
});
