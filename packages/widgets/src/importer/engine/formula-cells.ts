import { formulaFieldKeys, isFormulaText } from '@inlay/core';
import type { FormulaCells } from './protocol.js';
import type { ReviewTable } from './review-table.js';

/**
 * The text cells a spreadsheet would run as formulas, among the rows still to import (removed
 * rows left out): the review flags them, and the config's `neutralizeFormulas` decides whether
 * they go out behind a `'` (docs/importer.md, "Formula cells").
 */
export function formulaCells(table: ReviewTable): FormulaCells {
  // Text fields only: numbers and phone numbers starting `-` or `+` are values, not formulas.
  const keys = formulaFieldKeys(table.config);
  if (keys.length === 0) return { count: 0, fields: [] };
  const excluded = new Set(table.validation().excludedRows);
  const found = new Set<string>();
  let count = 0;
  for (let row = 0; row < table.rowCount; row++) {
    if (excluded.has(row)) continue;
    for (const key of keys) {
      const value = table.validator.valueAt(row, key);
      if (typeof value === 'string' && isFormulaText(value)) {
        count += 1;
        found.add(key);
      }
    }
  }
  return { count, fields: keys.filter((key) => found.has(key)) };
}
