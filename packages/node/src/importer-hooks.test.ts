import type { HookRow, ImporterConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { validateRowsWithHooks } from './importer-hooks.js';
import { validateRows } from './importer.js';

const CONFIG: ImporterConfig = {
  fields: [
    { key: 'email', label: 'Email', type: 'email', required: true, unique: true },
    { key: 'name', label: 'Name', type: 'string', maxLength: 20 },
    { key: 'seats', label: 'Seats', type: 'number', min: 1 },
  ],
};

describe('validateRowsWithHooks', () => {
  it('runs transformRow then validateRow over batches of records, as the widget does', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ email: `user${i}@example.com`, name: ` user ${i} `, seats: i }));
    const seen: HookRow[][] = [];
    const result = await validateRowsWithHooks(CONFIG, rows, {
      batchSize: 2,
      transformRow: (batch) => batch.map((row) => ({ row: row.row, values: { name: String(row.values.name).toUpperCase() } })),
      validateRow: async (batch) => {
        seen.push([...batch]);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return batch.filter((row) => row.values.email === 'user3@example.com').map((row) => ({ row: row.row, field: 'email', message: 'Already a contact' }));
      },
    });
    expect(seen.map((batch) => batch.map((row) => row.row))).toEqual([[0, 1], [2, 3], [4]]);
    expect(seen[0]?.[1]?.values).toEqual({ email: 'user1@example.com', name: 'USER 1', seats: 1 });
    expect(result.errors.map((error) => [error.row, error.field, error.code, error.message])).toEqual([
      [0, 'seats', 'below_min', 'Seats must be at least 1'],
      [3, 'email', 'custom', 'Already a contact'],
    ]);
    expect(result.invalidRowCount).toBe(2);
  });

  it('reads cells in the file\'s number format and writes transformed numbers in it', async () => {
    const result = await validateRowsWithHooks(CONFIG, [['ann@example.com', 'Ann', '1,5']], {
      transformRow: (batch) => batch.map((row) => ({ row: row.row, values: { seats: (row.values.seats as number) + 1 } })),
    }, { numberFormat: 'comma' });
    expect(result.columns[2]).toEqual([2.5]);
    expect(result.errors).toEqual([]);
  });

  it('answers what validateRows answers when no hook is given', async () => {
    const rows = [{ email: 'ann@example.com', name: '=HYPERLINK("x")', seats: 0 }, { email: 'ann@example.com' }];
    expect(await validateRowsWithHooks(CONFIG, rows, {})).toEqual(validateRows(CONFIG, rows));
    expect(validateRows(CONFIG, rows).warnings).toEqual([{ row: 0, field: 'name', code: 'formula', message: expect.any(String) }]);
  });
});
