import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import { type TableConfig, TableValidator } from './table-validator.js';
import type { CellError, RowOptions } from './types.js';
import { validateRow } from './validate-row.js';
import { validateTable } from './validate-table.js';

const contacts = {
  fields: [
    { key: 'email', label: 'Email', type: 'email', unique: true },
    { key: 'name', label: 'Name', type: 'string', required: true },
    { key: 'account', label: 'Account', type: 'string' },
  ] satisfies FieldDefinition[],
  duplicateKey: 'account',
};

const shape = (errors: readonly CellError[]) => errors.map(({ row, field, code }) => [row, field, code]);

function validatorOf(rows: string[][], config: TableConfig = contacts, options: RowOptions = {}): TableValidator {
  const validator = new TableValidator(config, options);
  validator.addRows(rows);
  return validator;
}

describe('TableValidator: unique', () => {
  it('marks every row after the first with the same value as duplicate_value', () => {
    const validator = validatorOf([
      ['ann@example.com', 'Ann', ''],
      ['bob@example.com', 'Bob', ''],
      ['ann@example.com', 'Ann 2', ''],
      ['ann@example.com', 'Ann 3', ''],
    ]);
    expect(shape(validator.finish().errors)).toEqual([
      [2, 'email', 'duplicate_value'],
      [3, 'email', 'duplicate_value'],
    ]);
    expect(validator.errorsOf(2)).toEqual([{ row: 2, field: 'email', code: 'duplicate_value', message: 'Email must be unique; an earlier row has this value' }]);
  });

  it('compares emails without case but keeps each as written', () => {
    const validator = validatorOf([
      ['Ann@Example.com', 'Ann', ''],
      ['ann@EXAMPLE.COM', 'Ann', ''],
    ]);
    expect(shape(validator.finish().errors)).toEqual([[1, 'email', 'duplicate_value']]);
    expect(validator.valueAt(0, 'email')).toBe('Ann@example.com');
  });

  it('compares strings exactly and numbers by value', () => {
    const config = {
      fields: [
        { key: 'code', label: 'Code', type: 'string', unique: true },
        { key: 'n', label: 'N', type: 'number', unique: true },
      ] satisfies FieldDefinition[],
    };
    const validator = validatorOf(
      [
        ['ABC', '1'],
        ['abc', '1.0'],
        ['ABC ', '1e0'],
      ],
      config,
    );
    expect(shape(validator.finish().errors)).toEqual([
      [1, 'n', 'duplicate_value'],
      [2, 'code', 'duplicate_value'],
      [2, 'n', 'duplicate_value'],
    ]);
  });

  it('does not count empty or invalid cells as duplicates', () => {
    const validator = validatorOf([
      ['', 'A', ''],
      ['', 'B', ''],
      ['not-an-email', 'C', ''],
      ['not-an-email', 'D', ''],
    ]);
    expect(shape(validator.finish().errors)).toEqual([
      [2, 'email', 'invalid_email'],
      [3, 'email', 'invalid_email'],
    ]);
  });
});

describe('TableValidator: duplicateKey', () => {
  it('groups rows sharing the key and marks the repeats duplicate_key', () => {
    const result = validatorOf([
      ['a@x.com', 'A', 'acme'],
      ['b@x.com', 'B', 'globex'],
      ['c@x.com', 'C', 'acme'],
      ['d@x.com', 'D', ''],
      ['e@x.com', 'E', ''],
      ['f@x.com', 'F', 'acme'],
      ['g@x.com', 'G', 'globex'],
    ]).finish();
    expect(result.duplicateGroups).toEqual([
      { key: 'acme', rows: [0, 2, 5] },
      { key: 'globex', rows: [1, 6] },
    ]);
    expect(shape(result.errors)).toEqual([
      [2, 'account', 'duplicate_key'],
      [5, 'account', 'duplicate_key'],
      [6, 'account', 'duplicate_key'],
    ]);
  });

  it('reports a unique duplicateKey field once, as duplicate_key', () => {
    const config = { fields: [{ key: 'sku', label: 'SKU', type: 'string', unique: true }] satisfies FieldDefinition[], duplicateKey: 'sku' };
    const result = validatorOf([['A1'], ['A1']], config).finish();
    expect(shape(result.errors)).toEqual([[1, 'sku', 'duplicate_key']]);
    expect(result.duplicateGroups).toEqual([{ key: 'A1', rows: [0, 1] }]);
  });

  it('keeps the first or the last row of each group', () => {
    const rows = [
      ['a@x.com', 'A', 'acme'],
      ['b@x.com', 'B', 'acme'],
      ['c@x.com', 'C', 'acme'],
      ['d@x.com', 'D', 'globex'],
    ];
    const first = validatorOf(rows);
    expect(first.resolveDuplicates('keep-first')).toEqual([1, 2]);
    expect(first.finish()).toMatchObject({ errors: [], duplicateGroups: [], excludedRows: [1, 2] });

    const last = validatorOf(rows);
    expect(last.resolveDuplicates('keep-last')).toEqual([0, 1]);
    expect(last.finish()).toMatchObject({ errors: [], duplicateGroups: [], excludedRows: [0, 1] });
    expect(last.errorCount).toBe(0);
  });

  it('refuses a duplicateKey that names no field', () => {
    expect(() => new TableValidator({ fields: contacts.fields, duplicateKey: 'nope' })).toThrow(RangeError);
  });
});

describe('TableValidator: revalidateCell', () => {
  const rows = () => [
    ['ann@example.com', 'Ann', ''],
    ['bob@example.com', 'Bob', ''],
    ['ann@example.com', 'Ann 2', ''],
    ['cy@example.com', 'Cy', ''],
  ];

  it('clears the next row of a value when its first row changes, reporting both rows', () => {
    const validator = validatorOf(rows());
    expect(validator.revalidateCell(0, 'email', 'dee@example.com')).toEqual({ value: 'dee@example.com', error: null, changedRows: [2] });
    expect(validator.finish().errors).toEqual([]);
  });

  it('marks a later row that takes an earlier value', () => {
    const validator = validatorOf(rows());
    const change = validator.revalidateCell(3, 'email', 'bob@example.com');
    expect(change.changedRows).toEqual([3]);
    expect(change.error).toMatchObject({ row: 3, code: 'duplicate_value' });
    expect(shape(validator.finish().errors)).toEqual([
      [2, 'email', 'duplicate_value'],
      [3, 'email', 'duplicate_value'],
    ]);
  });

  it('moves the error to the old first row when an earlier row takes its value', () => {
    const validator = validatorOf(rows());
    expect(validator.revalidateCell(1, 'email', 'CY@example.com')).toEqual({ value: 'CY@example.com', error: null, changedRows: [3] });
    expect(shape(validator.finish().errors)).toEqual([
      [2, 'email', 'duplicate_value'],
      [3, 'email', 'duplicate_value'],
    ]);
  });

  it('takes an invalid or emptied cell out of uniqueness', () => {
    const validator = validatorOf(rows());
    expect(validator.revalidateCell(0, 'email', 'ann@')).toMatchObject({ value: null, error: { code: 'invalid_email' }, changedRows: [0, 2] });
    expect(shape(validator.finish().errors)).toEqual([[0, 'email', 'invalid_email']]);
    expect(validator.revalidateCell(0, 'email', '  ')).toEqual({ value: null, error: null, changedRows: [0] });
    expect(validator.finish().errors).toEqual([]);
    expect(validator.revalidateCell(0, 'email', 'ann@example.com').changedRows).toEqual([2]);
    expect(shape(validator.finish().errors)).toEqual([[2, 'email', 'duplicate_value']]);
  });

  it('restores a value as it was, without reading it again, re-checking uniqueness', () => {
    const validator = validatorOf(rows());
    validator.revalidateCell(2, 'email', 'x@example.com');
    expect(validator.restoreValue(2, 'email', 'ann@example.com')).toMatchObject({ value: 'ann@example.com', error: { code: 'duplicate_value' }, changedRows: [2] });
    expect(validator.restoreValue(1, 'name', null)).toMatchObject({ value: null, error: { code: 'required' } });
    const comma = new TableValidator({ fields: [{ key: 'n', label: 'N', type: 'number' }] }, { mapping: { n: 0 }, numberFormat: 'comma' });
    comma.addRows([['1,5']]);
    comma.revalidateCell(0, 'n', '2');
    // "1.5" read again with a decimal comma would be fifteen, not one and a half.
    expect(comma.restoreValue(0, 'n', 1.5)).toMatchObject({ value: 1.5, error: null });
  });

  it('reports no changed rows when an edit keeps the cell as it was', () => {
    const validator = validatorOf(rows());
    expect(validator.revalidateCell(1, 'email', ' bob@example.com ').changedRows).toEqual([]);
    expect(validator.revalidateCell(2, 'email', 'ann@example.com').changedRows).toEqual([2]);
  });

  it('keeps the error list sorted by row after edits out of order', () => {
    const validator = validatorOf(rows());
    validator.revalidateCell(3, 'name', '');
    validator.revalidateCell(1, 'name', '');
    validator.revalidateCell(0, 'name', '');
    expect(shape(validator.finish().errors)).toEqual([
      [0, 'name', 'required'],
      [1, 'name', 'required'],
      [2, 'email', 'duplicate_value'],
      [3, 'name', 'required'],
    ]);
    expect(validator.errorCount).toBe(4);
  });

  it('keeps a row errors in field order', () => {
    const validator = validatorOf(rows());
    validator.revalidateCell(2, 'name', '');
    validator.revalidateCell(2, 'email', 'x');
    expect(validator.errorsOf(2).map((error) => error.field)).toEqual(['email', 'name']);
  });

  it('refuses a row or field that does not exist', () => {
    const validator = validatorOf(rows());
    expect(() => validator.revalidateCell(4, 'email', 'a@b.co')).toThrow(RangeError);
    expect(() => validator.revalidateCell(-1, 'email', 'a@b.co')).toThrow(RangeError);
    expect(() => validator.revalidateCell(0, 'phone', '1')).toThrow(RangeError);
  });
});

describe('TableValidator: suggestions and exclusion', () => {
  const events = {
    fields: [
      { key: 'day', label: 'Day', type: 'date', unique: true },
      { key: 'amount', label: 'Amount', type: 'number' },
    ] satisfies FieldDefinition[],
  };

  it('applies one suggestion, checking uniqueness of the new value', () => {
    const validator = validatorOf(
      [
        ['2026-12-31', '1'],
        ['31/12/2026', '1,5'],
      ],
      events,
    );
    expect(validator.applySuggestion(1, 'amount')).toEqual({ value: 1.5, error: null, changedRows: [1] });
    expect(validator.applySuggestion(1, 'day')).toMatchObject({ value: '2026-12-31', error: { code: 'duplicate_value' } });
    expect(validator.applySuggestion(0, 'day')).toBeNull();
  });

  it('applies every suggestion of a column at once', () => {
    const validator = validatorOf(
      [
        ['25/12/2026', 'x'],
        ['26/12/2026', '1,5'],
        ['03/04/2026', '2'],
        ['2026-01-01', '3'],
      ],
      events,
    );
    expect(validator.applySuggestions('day')).toBe(2);
    expect(shape(validator.finish().errors)).toEqual([
      [0, 'amount', 'invalid_number'],
      [1, 'amount', 'invalid_number'],
      [2, 'day', 'invalid_date'],
    ]);
    expect(validator.applySuggestions()).toBe(1);
    expect(validator.finish().columns).toEqual([
      ['2026-12-25', '2026-12-26', null, '2026-01-01'],
      [null, 1.5, 2, 3],
    ]);
  });

  it('leaves an excluded row out of results and uniqueness, and brings it back', () => {
    const validator = validatorOf([
      ['ann@example.com', '', ''],
      ['ann@example.com', 'Ann', ''],
      ['ann@example.com', 'Ann', ''],
    ]);
    expect(validator.errorCount).toBe(3);
    expect(validator.setRowExcluded(0, true)).toEqual([0, 1]);
    expect(validator.finish()).toMatchObject({ errors: [{ row: 2, code: 'duplicate_value' }], excludedRows: [0], invalidRowCount: 1 });
    expect(validator.errorCount).toBe(1);
    expect(validator.setRowExcluded(0, true)).toEqual([]);
    expect(validator.setRowExcluded(0, false)).toEqual([0, 1]);
    expect(shape(validator.finish().errors)).toEqual([
      [0, 'name', 'required'],
      [1, 'email', 'duplicate_value'],
      [2, 'email', 'duplicate_value'],
    ]);
    expect(validator.errorCount).toBe(3);
  });

  it('edits an excluded row without touching uniqueness', () => {
    const validator = validatorOf([
      ['ann@example.com', 'A', ''],
      ['bob@example.com', 'B', ''],
    ]);
    validator.setRowExcluded(1, true);
    expect(validator.revalidateCell(1, 'email', 'ann@example.com')).toEqual({ value: 'ann@example.com', error: null, changedRows: [] });
    expect(validator.setRowExcluded(1, false)).toEqual([1]);
    expect(shape(validator.finish().errors)).toEqual([[1, 'email', 'duplicate_value']]);
  });
});

describe('TableValidator: progress and records', () => {
  it('counts rows and errors as chunks arrive', () => {
    const validator = new TableValidator(contacts);
    validator.addRows([['a@x.com', 'A', '']]);
    expect([validator.rowCount, validator.errorCount]).toEqual([1, 0]);
    validator.addRows([
      ['a@x.com', '', ''],
      ['bad', 'C', ''],
    ]);
    expect([validator.rowCount, validator.errorCount]).toEqual([3, 3]);
  });

  it('returns a row as a record keyed by field', () => {
    const validator = validatorOf([['a@x.com', 'A', '00123']]);
    expect(validator.record(0)).toEqual({ email: 'a@x.com', name: 'A', account: '00123' });
  });
});

// ---- Equivalence with an independent reference ------------------------------------------------

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mixed = {
  fields: [
    { key: 'email', label: 'Email', type: 'email', unique: true },
    { key: 'code', label: 'Code', type: 'string', unique: true, required: true },
    { key: 'amount', label: 'Amount', type: 'number' },
    { key: 'day', label: 'Day', type: 'date', unique: true },
    { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
    { key: 'active', label: 'Active', type: 'boolean' },
    { key: 'site', label: 'Site', type: 'url' },
    { key: 'customer', label: 'Customer', type: 'string' },
  ] satisfies FieldDefinition[],
  duplicateKey: 'customer',
};
const mapping = { customer: 0, email: 1, code: 2, amount: 3, day: 4, plan: 5, active: 6, site: 7 };
const pools = [
  ['c1', 'c2', 'c3', 'c4', '', 'c1 '],
  ['a@x.com', 'A@X.com', 'b@x.com', 'c@x.com', 'bad@', '', 'd@x.com'],
  ['K1', 'K2', 'K3', 'k1', '', '007'],
  ['1', '1,5', '1.5', '2,000', 'x', ''],
  ['2026-01-01', '2026-01-02', '31/12/2026', '2026-02-30', '', '45000'],
  ['free', 'pro', 'Pro', 'gold', ''],
  ['yes', 'no', 'ja', 'maybe', ''],
  ['https://a.com', 'www.a.com', 'nope', ''],
];

function randomCell(random: () => number, column: number): string {
  const pool = pools[column] as string[];
  return pool[Math.floor(random() * pool.length)] as string;
}

function randomRows(random: () => number, count: number): string[][] {
  return Array.from({ length: count }, () => pools.map((_, column) => randomCell(random, column)));
}

/** Errors computed the slow, obvious way: each row alone, then a scan per indexed field. */
function referenceErrors(rows: string[][], options: RowOptions): [number, string, string][] {
  const perRow = rows.map((cells, row) => validateRow(mixed.fields, cells, row, { ...options, mapping }));
  const found: [number, number, string][] = [];
  perRow.forEach(({ errors }, row) => {
    for (const error of errors) found.push([row, mixed.fields.findIndex((field) => field.key === error.field), error.code]);
  });
  mixed.fields.forEach((field, i) => {
    if (!('unique' in field && field.unique) && field.key !== mixed.duplicateKey) return;
    const seen = new Set<unknown>();
    perRow.forEach(({ values }, row) => {
      const value = values[i];
      if (value === null || value === undefined) return;
      const key = field.type === 'email' ? String(value).toLowerCase() : value;
      if (seen.has(key)) found.push([row, i, field.key === mixed.duplicateKey ? 'duplicate_key' : 'duplicate_value']);
      seen.add(key);
    });
  });
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return found.map(([row, i, code]) => [row, (mixed.fields[i] as FieldDefinition).key, code]);
}

describe('TableValidator: equivalence', () => {
  const options: RowOptions = { mapping, numberFormat: 'dot', dateOrder: null };

  it('gives the same result chunk by chunk as validateTable at once, and as the reference', () => {
    const random = mulberry32(1);
    const rows = randomRows(random, 400);
    const oneShot = validateTable(mixed, rows, options);
    const incremental = new TableValidator(mixed, options);
    for (let start = 0; start < rows.length; start += 37) {
      incremental.addRows(rows.slice(start, start + 37));
      incremental.finish();
    }
    expect(incremental.finish()).toEqual(oneShot);
    expect(shape(oneShot.errors)).toEqual(referenceErrors(rows, options));
    expect(oneShot.errors.length).toBeGreaterThan(100);
    expect(oneShot.duplicateGroups.length).toBeGreaterThan(0);
  });

  it('adds rows in bulk as it adds them one by one, and names each row with errors as it goes', () => {
    // Bulk adds hash the indexed cells ahead: cells whose value is not their text ('c1 ',
    // 'A@X.com', '45000' as a date) must still be filed under their value.
    const random = mulberry32(5);
    const rows = randomRows(random, 300);
    const single = new TableValidator(mixed, options);
    for (const cells of rows) single.add(cells);
    const bulk = new TableValidator(mixed, options);
    const named: number[] = [];
    bulk.addRows(rows, (row, cells) => {
      expect(cells).toBe(rows[row]);
      expect(bulk.errorsOf(row).length).toBeGreaterThan(0);
      named.push(row);
    });
    expect(bulk.finish()).toEqual(single.finish());
    const withErrors = rows.map((_, row) => row).filter((row) => single.errorsOf(row).length > 0);
    expect(named).toEqual(withErrors);
    expect(named.length).toBeGreaterThan(100);
  });

  it.each([2, 3, 4])('after random edits equals a fresh validation of the edited rows (seed %i)', (seed) => {
    const random = mulberry32(seed);
    const rows = randomRows(random, 60);
    const validator = new TableValidator(mixed, options);
    validator.addRows(rows);
    for (let edit = 0; edit < 400; edit++) {
      const row = Math.floor(random() * rows.length);
      const column = Math.floor(random() * pools.length);
      const raw = randomCell(random, column);
      (rows[row] as string[])[column] = raw;
      const fieldKey = Object.entries(mapping).find(([, c]) => c === column)?.[0] as string;
      validator.revalidateCell(row, fieldKey, raw);
    }
    const fresh = validateTable(mixed, rows, options);
    expect(validator.finish()).toEqual(fresh);
    expect(validator.errorCount).toBe(fresh.errors.length);
    expect(shape(fresh.errors)).toEqual(referenceErrors(rows, options));
  });
});

describe('TableValidator: many rows', () => {
  // Past one block of text (256 rows) and one page of typed values (65,536 rows), with the
  // indexes sized for fewer rows than come: values, repeats and edits read back the same.
  const config: TableConfig = {
    fields: [
      { key: 'id', label: 'ID', type: 'string', unique: true },
      { key: 'email', label: 'Email', type: 'email' },
      { key: 'n', label: 'N', type: 'number' },
      { key: 'ok', label: 'OK', type: 'boolean' },
      { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
    ],
    duplicateKey: 'email',
  };
  const rowOf = (i: number) => [`id${i % 70_000}`, `U${i % 80_000}@Example.com`, i % 3 === 0 ? '' : String(i / 4), i % 2 ? 'yes' : 'no', i % 5 ? 'pro' : 'gold'];

  it('keeps every value and finds repeats across blocks and pages', () => {
    const validator = new TableValidator(config, { expectedRows: 50_000 });
    for (let i = 0; i < 90_000; i++) validator.add(rowOf(i));
    const review = validator.review();
    const { columns, ...rest } = validator.finish();
    expect(rest).toEqual(review);
    expect(review.duplicateGroups.length).toBe(10_000);
    expect(review.errors.filter((error) => error.code === 'duplicate_value').length).toBe(20_000);
    expect(review.errors.filter((error) => error.code === 'invalid_enum').length).toBe(18_000);
    for (const row of [0, 255, 256, 65_535, 65_536, 89_999]) {
      expect([row, ...columns.map((column) => column[row])]).toEqual([row, `id${row % 70_000}`, `U${row % 80_000}@example.com`, row % 3 === 0 ? null : row / 4, row % 2 === 1, row % 5 ? 'pro' : null]);
      expect(validator.columnAt(1).get(row)).toBe(columns[1]?.[row]);
    }
    // An edit deep in a sealed block moves the repeat to the next row holding the value.
    expect(validator.revalidateCell(5, 'id', 'fresh').changedRows).toEqual([70_005]);
    expect(validator.valueAt(5, 'id')).toBe('fresh');
    expect(validator.errorsOf(70_005).map((error) => error.code)).toEqual(['invalid_enum']);
  });
});
