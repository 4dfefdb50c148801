import { describe, expect, it } from 'vitest';
import type { TableConfig } from './table-validator.js';
import { formulaWarnings, isFormulaText, neutralizeRecords } from './formulas.js';
import { validateTable } from './validate-table.js';

describe('formula cells', () => {
  it.each([
    ['=1+1', true],
    ['=HYPERLINK("http://evil.example","click")', true],
    ['@SUM(A1:A2)', true],
    ['+cmd|\' /C calc\'!A0', true],
    ['-2+3+cmd|\' /C calc\'!A0', true],
    ['\t=1', true],
    ['\r=1', true],
    ['+44 20 7946 0958', false],
    ['-12.5', false],
    ['-', false],
    ['+1 (555) 010-9999', false],
    ['Ann', false],
    ['a=b', false],
    ['', false],
  ])('%j is a formula: %s', (text, formula) => {
    expect(isFormulaText(text)).toBe(formula);
  });

  const config: TableConfig & { neutralizeFormulas?: boolean } = {
    fields: [
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'email', label: 'Email', type: 'email' },
      { key: 'n', label: 'N', type: 'number' },
      { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['-', '=x'] },
    ],
  };

  it('warns about text cells without counting them as errors, and leaves numbers and enum values alone', () => {
    const result = validateTable(config, [
      ['=cmd|x', 'ann@example.com', '-5', '=x'],
      ['Bob', 'bob@example.com', '+5', '-'],
      ['@me', 'carol@example.com', '', ''],
    ], { numberFormat: 'dot', dateOrder: null });
    expect(result.errors).toEqual([]);
    expect(result.invalidRowCount).toBe(0);
    expect(formulaWarnings(config, result)).toEqual([
      { row: 0, field: 'name', code: 'formula', message: expect.any(String) },
      { row: 2, field: 'name', code: 'formula', message: expect.any(String) },
    ]);
  });

  it('prefixes formula text with a quote only when the config says so', () => {
    const records = () => [{ name: '=1+1', email: 'a@b.co', n: -5, plan: '=x' }, { name: 'Bob', email: null, n: null, plan: null }];
    expect(neutralizeRecords(config, records())).toEqual(records());
    expect(neutralizeRecords({ ...config, neutralizeFormulas: true }, records())).toEqual([
      { name: "'=1+1", email: 'a@b.co', n: -5, plan: '=x' },
      { name: 'Bob', email: null, n: null, plan: null },
    ]);
  });

  it('prefixes by default for server delivery, unless the config turns it off', () => {
    const records = () => [{ name: '@SUM(A1)', email: null, n: 1, plan: null }];
    expect(neutralizeRecords({ ...config, delivery: 'server' }, records())).toEqual([{ name: "'@SUM(A1)", email: null, n: 1, plan: null }]);
    expect(neutralizeRecords({ ...config, delivery: 'server', neutralizeFormulas: false }, records())).toEqual(records());
    expect(neutralizeRecords({ ...config, delivery: 'page' }, records())).toEqual(records());
  });
});
