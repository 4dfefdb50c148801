import { describe, expect, it } from 'vitest';
import { type HookRow, runRowHooks, validatorHookTarget } from './hooks.js';
import { TableValidator, type TableConfig } from './table-validator.js';

const config: TableConfig = {
  fields: [
    { key: 'email', label: 'Email', type: 'email', unique: true },
    { key: 'country', label: 'Country', type: 'string', minLength: 2, maxLength: 2 },
    { key: 'seats', label: 'Seats', type: 'number' },
  ],
};
const keys = config.fields.map((field) => field.key);

function table(rows: string[][], numberFormat: 'dot' | 'comma' = 'dot') {
  const validator = new TableValidator(config, { numberFormat });
  validator.addRows(rows);
  return validator;
}

describe('row hooks', () => {
  it('transforms in batches, then validates the transformed values, with messages as custom errors', async () => {
    const validator = table([
      ['ann@example.com', 'gb', '1'],
      ['bob@example.com', 'France', '2'],
      ['taken@example.com', 'de', '3'],
      ['dan@example.com', 'us', '4'],
      ['eve@example.com', 'it', '5'],
    ]);
    const batches: number[][] = [];
    await runRowHooks(
      validatorHookTarget(validator, keys, 'dot'),
      {
        batchSize: 2,
        transformRow: (rows) => {
          batches.push(rows.map((row) => row.row));
          return rows.map((row) => ({ row: row.row, values: { country: row.values.country === null ? 'FR' : String(row.values.country).toUpperCase() } }));
        },
        validateRow: async (rows: readonly HookRow[]) => {
          await Promise.resolve();
          return rows.filter((row) => row.values.email === 'taken@example.com').map((row) => ({ row: row.row, field: 'email', message: 'Already a member' }));
        },
      },
      keys,
    );
    expect(batches).toEqual([[0, 1], [2, 3], [4]]);
    // `France` was too long (null): the transform's `FR` was validated again and fixed it.
    expect(validator.finish().columns[1]).toEqual(['GB', 'FR', 'DE', 'US', 'IT']);
    expect(validator.finish().errors).toEqual([{ row: 2, field: 'email', code: 'custom', message: 'Already a member' }]);
    expect(validator.errorCount).toBe(1);
  });

  it('validates a changed value again by its rules and uniqueness, numbers in the table\'s format', async () => {
    const validator = table([['ann@example.com', 'gb', '1,5'], ['bob@example.com', 'gb', '2']], 'comma');
    await runRowHooks(
      validatorHookTarget(validator, keys, 'comma'),
      { transformRow: (rows) => rows.map((row) => ({ row: row.row, values: { email: 'ann@example.com', country: 'GBR', seats: (row.values.seats as number) * 2 } })) },
      keys,
    );
    expect(validator.finish().columns[2]).toEqual([3, 4]);
    expect(validator.finish().errors.map((error) => [error.row, error.field, error.code])).toEqual([
      [0, 'country', 'too_long'],
      [1, 'email', 'duplicate_value'],
      [1, 'country', 'too_long'],
    ]);
  });

  it('keeps the engine\'s own error of a cell over a hook message, and replaces a row\'s messages when run again', async () => {
    const validator = table([['not-an-email', 'gb', '1']]);
    const target = validatorHookTarget(validator, keys, 'dot');
    const everything = () => [{ row: 0, field: 'email', message: 'no' }, { row: 0, field: 'seats', message: 'Too many seats' }];
    await runRowHooks(target, { validateRow: everything }, keys);
    expect(validator.errorsOf(0).map((error) => error.code)).toEqual(['invalid_email', 'custom']);
    await runRowHooks(target, { validateRow: () => [] }, keys);
    expect(validator.errorsOf(0).map((error) => error.code)).toEqual(['invalid_email']);
  });

  it('refuses answers about rows outside the batch or unknown fields', async () => {
    const validator = table([['ann@example.com', 'gb', '1']]);
    const target = validatorHookTarget(validator, keys, 'dot');
    await expect(runRowHooks(target, { validateRow: () => [{ row: 5, field: 'email', message: 'x' }] }, keys)).rejects.toThrow(/row 5, which is not in its batch/);
    await expect(runRowHooks(target, { transformRow: () => [{ row: 0, values: { phone: '1' } }] }, keys)).rejects.toThrow(/field "phone"/);
    await expect(runRowHooks(target, { validateRow: () => undefined as never }, keys)).rejects.toThrow(/must return an array/);
  });
});
