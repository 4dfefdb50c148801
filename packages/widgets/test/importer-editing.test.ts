// The review step's spreadsheet edits in the engine (Node, no DOM): undo and redo of every
// change, fill-down, paste, removal of a selection's rows, sorted and filtered views, copy,
// the value mapping of enum columns and the CSV of rows with problems.
import type { ImporterConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { parseTsv } from '../src/importer/tsv.js';
import { EditHistory } from '../src/importer/engine/history.js';
import { csvField, problemsCsv } from '../src/importer/engine/problems-csv.js';
import type { GridRow } from '../src/importer/engine/protocol.js';
import { ReviewTable } from '../src/importer/engine/review-table.js';
import { Slicer } from '../src/importer/engine/slicer.js';
import { engine } from './engine-driver.js';

const CONFIG: ImporterConfig = {
  fields: [
    { key: 'id', label: 'Customer ID', type: 'string', unique: true },
    { key: 'email', label: 'Email', type: 'email', required: true },
    { key: 'amount', label: 'Amount', type: 'number' },
    { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['Free', 'Pro', 'Enterprise'] },
  ],
  duplicateKey: 'email',
};

const CSV = [
  'Customer ID;Email;Amount;Plan',
  '1;ann@example.com;1,5;Free',
  '2;bob@example.com;2,25;pro',
  '3;cid@example.com;;PRO',
  '4;dee@example.com;=1+1;Gold',
  '5;eve@example.com;10;pro',
].join('\n');

async function load(csv = CSV, config: ImporterConfig = CONFIG) {
  const e = engine();
  const opened = await e.call('open', { source: { kind: 'text', text: csv } });
  const mapping = { id: 0, email: 1, amount: 2, plan: 3 };
  await e.call('load', { headerRow: opened.headerRow, mapping, config });
  const all = async (): Promise<GridRow[]> => {
    const { size } = await e.call('view', { errors: false });
    return e.call('rows', { start: 0, count: size });
  };
  return { e, all };
}

const column = (rows: GridRow[], col: number) => rows.map((row) => row.raw[col] ?? row.values[col]);

describe('undo and redo', () => {
  it('undoes an edit that made a unique value repeat, re-checking uniqueness, and redoes it', async () => {
    const { e, all } = await load();
    const before = await all();
    const edited = await e.call('edit', { row: 2, field: 'id', raw: '1' });
    expect(edited.history).toMatchObject({ undo: 1, redo: 0, undoLabel: 'edit' });
    expect((await all())[2]?.issues[0]?.code).toBe('duplicate_value');
    const undone = await e.call('undo', {});
    expect(undone.changedRows).toContain(2);
    expect(undone.history).toMatchObject({ undo: 0, redo: 1, redoLabel: 'edit' });
    expect(await all()).toEqual(before);
    await e.call('redo', {});
    expect((await all())[2]?.values[0]).toBe('1');
    expect((await all())[2]?.issues[0]?.code).toBe('duplicate_value');
  });

  it('moves a repeat error back to the later row when the first row of a value is undone', async () => {
    const { e, all } = await load('Customer ID;Email\n1;a@example.com\n2;b@example.com\n2;c@example.com\n');
    await e.call('edit', { row: 1, field: 'id', raw: '9' });
    expect((await all())[2]?.issues[0]).toBeNull();
    await e.call('undo', {});
    expect((await all())[1]?.issues[0]).toBeNull();
    expect((await all())[2]?.issues[0]?.code).toBe('duplicate_value');
  });

  it('puts back a decimal-comma number, an unreadable text and an empty cell exactly', async () => {
    const { e, all } = await load();
    const before = await all();
    await e.call('edit', { row: 0, field: 'amount', raw: '7' });
    await e.call('edit', { row: 3, field: 'amount', raw: '8' });
    await e.call('edit', { row: 2, field: 'amount', raw: '9' });
    for (let i = 0; i < 3; i++) await e.call('undo', {});
    expect(await all()).toEqual(before);
    expect(column(before, 2)).toEqual([1.5, 2.25, null, '=1+1', 10]);
  });

  it('undoes every kind of change: apply-to-others, suggestions, find and replace, removals, duplicates', async () => {
    const dupes = 'Customer ID;Email;Amount;Plan\n1;a@example.com;1;pro\n2;a@example.com;2;pro\n3;b@example.com;x;pro\n';
    const { e, all } = await load(dupes);
    const before = await all();
    const changes = [
      () => e.call('replaceSimilar', { field: 'plan', from: 'pro', to: 'Pro' }),
      () => e.call('acceptSuggestions', { field: 'plan' }),
      () => e.call('findReplace', { field: 'amount', find: 'x', replace: '3', matchCase: false, wholeCell: true }),
      () => e.call('remove', { rows: [0], removed: true }),
      () => e.call('resolveDuplicates', { strategy: 'keep-last' }),
    ];
    for (const change of changes) {
      const result = await change();
      expect(result.changed).toBeGreaterThan(0);
      await e.call('undo', {});
      expect(await all()).toEqual(before);
      expect((await e.call('view', { errors: false })).size).toBe(3);
    }
    const restored = await e.call('remove', { rows: [1], removed: true });
    expect(restored.stats.rowCount).toBe(2);
    const undone = await e.call('undo', {});
    expect(undone.viewSize).toBe(3);
    expect(undone.stats.duplicateRows).toBe(1);
  });

  it('forgets what could be redone after a new change, and does nothing with nothing to undo', async () => {
    const { e } = await load();
    const empty = await e.call('undo', {});
    expect(empty).toMatchObject({ changed: 0, history: { undo: 0, redo: 0 } });
    await e.call('edit', { row: 0, field: 'id', raw: 'a' });
    await e.call('undo', {});
    const next = await e.call('edit', { row: 0, field: 'id', raw: 'b' });
    expect(next.history).toMatchObject({ undo: 1, redo: 0 });
    // A request that changes nothing records nothing.
    const none = await e.call('findReplace', { field: 'id', find: 'zzz', replace: 'y', matchCase: false, wholeCell: false });
    expect(none.history).toMatchObject({ undo: 1 });
  });

  it('keeps only the changed cells, forgetting the oldest steps past its limit', () => {
    const table = new ReviewTable({ fields: [{ key: 'a', label: 'A', type: 'string' }] }, { mapping: { a: 0 } });
    table.addRows(Array.from({ length: 10 }, (_, i) => [String(i)]));
    const history = new EditHistory(table, 5);
    const slicer = new Slicer(50);
    return (async () => {
      await history.track('paste', () => [0, 1, 2].forEach((row) => table.setCell(row, 'a', 'x')));
      await history.track('paste', () => [3, 4, 5].forEach((row) => table.setCell(row, 'a', 'y')));
      expect(history.state.undo).toBe(1);
      await history.undo(slicer);
      expect([0, 3].map((row) => table.textOf(row, 'a'))).toEqual(['x', '3']);
    })();
  });
});

describe('fill-down, paste and removal of a selection', () => {
  it('fills each column of a range with its top cell, exactly, and undoes it as one step', async () => {
    const { e, all } = await load();
    const before = await all();
    const filled = await e.call('fillDown', { start: 0, end: 3, fromCol: 2, toCol: 3 });
    expect(filled.history?.undoLabel).toBe('fill-down');
    const rows = await all();
    expect(column(rows, 2)).toEqual([1.5, 1.5, 1.5, 1.5, 10]);
    expect(column(rows, 3)).toEqual(['Free', 'Free', 'Free', 'Free', 'pro']);
    expect(rows[3]?.issues[2]).toBeNull();
    await e.call('undo', {});
    expect(await all()).toEqual(before);
  });

  it('pastes a block from the top-left of the selection, leaving out what falls outside', async () => {
    const { e, all } = await load();
    await e.call('paste', { range: { start: 3, end: 3, fromCol: 2, toCol: 2 }, cells: parseTsv('5\tFree\textra\n6\tPro\n7\tPro\n') });
    const rows = await all();
    expect(column(rows, 2)).toEqual([1.5, 2.25, null, 5, 6]);
    expect(column(rows, 3)).toEqual(['Free', 'pro', 'PRO', 'Free', 'Pro']);
    await e.call('undo', {});
    expect(column(await all(), 3)).toEqual(['Free', 'pro', 'PRO', 'Gold', 'pro']);
  });

  it('fills the whole selection with one pasted cell, revalidating uniqueness', async () => {
    const { e, all } = await load();
    const pasted = await e.call('paste', { range: { start: 1, end: 2, fromCol: 0, toCol: 0 }, cells: [['1']] });
    expect(pasted.changed).toBe(2);
    expect((await all()).map((row) => row.issues[0]?.code ?? null)).toEqual([null, 'duplicate_value', 'duplicate_value', null, null]);
  });

  it('removes the rows of a selection in a sorted view, and brings them back with undo', async () => {
    const { e, all } = await load();
    await e.call('view', { errors: false, sort: { field: 'id', direction: 'desc' } });
    const removed = await e.call('removeView', { start: 0, end: 1 });
    expect(removed.viewSize).toBe(3);
    expect(removed.stats.removedCount).toBe(2);
    expect((await e.call('rows', { start: 0, count: 5 })).map((row) => row.row)).toEqual([2, 1, 0]);
    const undone = await e.call('undo', {});
    expect(undone.viewSize).toBe(5);
    expect((await all()).length).toBe(5);
  });

  it('copies a range as tab-separated text that pastes back the same', async () => {
    const { e } = await load('Customer ID;Email\n"a\tb";x@example.com\n"say ""hi""";y@example.com\n');
    const text = await e.call('copy', { start: 0, end: 1, fromCol: 0, toCol: 1 });
    expect(text).toBe('"a\tb"\tx@example.com\n"say ""hi"""\ty@example.com');
    expect(parseTsv(text)).toEqual([
      ['a\tb', 'x@example.com'],
      ['say "hi"', 'y@example.com'],
    ]);
    expect(parseTsv('a\r\nb\r\n')).toEqual([['a'], ['b']]);
  });
});

describe('sorted and filtered views', () => {
  it('sorts by a column both ways with empty cells last, without changing the order rows are imported in', async () => {
    const { e } = await load();
    await e.call('view', { errors: false, sort: { field: 'amount', direction: 'desc' } });
    const desc = await e.call('rows', { start: 0, count: 5 });
    expect(desc.map((row) => row.row)).toEqual([4, 1, 0, 3, 2]);
    await e.call('view', { errors: false, sort: { field: 'amount', direction: 'asc' } });
    expect((await e.call('rows', { start: 0, count: 5 })).map((row) => row.row)).toEqual([0, 1, 4, 3, 2]);
    await e.call('view', { errors: false, sort: { field: 'plan', direction: 'asc' } });
    expect((await e.call('rows', { start: 0, count: 5 })).map((row) => row.row)).toEqual([0, 3, 1, 2, 4]);
    const chunks: unknown[] = [];
    await e.call('records', { onlyValid: false }, (p) => chunks.push(...(p.records ?? []).map((record) => record['id'])));
    expect(chunks).toEqual(['1', '2', '3', '4', '5']);
  });

  it('filters by text in a column and by problems, and keeps the filter when rows are removed', async () => {
    const { e } = await load();
    expect(await e.call('view', { errors: false, contains: { field: 'plan', text: 'PR' } })).toEqual({ size: 3 });
    expect(await e.call('view', { errors: true, field: 'plan', contains: { field: 'email', text: 'EVE' } })).toEqual({ size: 1 });
    const removed = await e.call('remove', { rows: [4], removed: true });
    expect(removed.viewSize).toBe(0);
    expect(await e.call('view', { errors: false, contains: { field: 'plan', text: '' } })).toEqual({ size: 4 });
  });
});

describe('enum values and the CSV of problems', () => {
  it('lists the refused values of enum columns with suggestions, and maps them in one undoable step', async () => {
    const { e, all } = await load();
    const values = await e.call('enumValues', {});
    expect(values).toEqual([
      {
        field: 'plan',
        values: [
          { text: 'pro', count: 2, suggestion: 'Pro' },
          { text: 'Gold', count: 1, suggestion: null },
          { text: 'PRO', count: 1, suggestion: 'Pro' },
        ],
        more: 0,
      },
    ]);
    const mapped = await e.call('mapValues', { field: 'plan', map: [['pro', 'Pro'], ['Gold', 'Enterprise'], ['PRO', 'PRO']] });
    expect(mapped.changed).toBe(3);
    expect(mapped.stats.fieldErrors['plan']).toBe(1);
    expect(column(await all(), 3)).toEqual(['Free', 'Pro', 'PRO', 'Enterprise', 'Pro']);
    await e.call('undo', {});
    expect(column(await all(), 3)).toEqual(['Free', 'pro', 'PRO', 'Gold', 'pro']);
  });

  it('writes the rows with problems as CSV, neutralising text that would run as a formula', async () => {
    const { e } = await load('Customer ID;Email;Amount;Plan\n=cmd|x;a@example.com;-5;Free\n+1;@b;1;Free\n"\tx";c@example.com;2;Free\n-2;d@example.com;"a,b";Free\n');
    const listed = await e.call('problemRows', { headers: ['Customer ID', 'Email', 'Amount', 'Plan'], problemsHeader: 'Problems' });
    expect(listed.problems).toHaveLength(2);
    // As English words them: core's message.
    const lines = problemsCsv(listed, (issue) => issue.message).split('\r\n');
    expect(lines[0]).toBe('\ufeffCustomer ID,Email,Amount,Plan,Problems');
    expect(lines[1]).toMatch(/^'\+1,'@b,1,Free,"?Email: /);
    expect(lines[2]).toMatch(/^'-2,d@example.com,"a,b",Free,"?Amount: /);
    expect(lines).toHaveLength(4);
    expect(csvField('-5', true)).toBe('-5');
    expect(['=1', '+1', '-1', '@a', '\tx', '\rx', 'a"b', ' x'].map((text) => csvField(text))).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\tx",
      '"\'\rx"',
      '"a""b"',
      '" x"',
    ]);
  });
});
