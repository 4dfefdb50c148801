import { describe, expect, it } from 'vitest';
import { extraColumns } from './extra-columns.js';
import { neutralizeRecords } from './formulas.js';

describe('extraColumns', () => {
  it('names the unmapped columns by header, by place when a header is empty, and never twice', () => {
    expect(extraColumns(['Email', 'Notes', '', 'Notes', ' __proto__ ', 'Name'], [0, 5])).toEqual([
      { column: 1, header: 'Notes' },
      { column: 2, header: 'Column 3' },
      { column: 3, header: 'Notes (2)' },
      { column: 4, header: '__proto__ (2)' },
    ]);
    expect(extraColumns(['a', 'b'], [0, 1])).toEqual([]);
  });
});

describe('neutralizeRecords with kept columns', () => {
  it('puts a quote before formula text in extra too, only when the importer keeps unmapped columns', () => {
    const fields = [{ key: 'name', label: 'Name', type: 'string' as const }];
    const kept = neutralizeRecords({ fields, neutralizeFormulas: true, unmappedColumns: 'keep' }, [{ name: '=1+2', extra: { Notes: '=HYPERLINK("x")', Phone: '+44 20' } }]);
    expect(kept).toEqual([{ name: "'=1+2", extra: { Notes: '\'=HYPERLINK("x")', Phone: '+44 20' } }]);
    const other = neutralizeRecords({ fields: [...fields, { key: 'extra', label: 'Extra', type: 'string' as const }], neutralizeFormulas: true }, [{ name: 'a', extra: '=1' }]);
    expect(other).toEqual([{ name: 'a', extra: "'=1" }]);
  });
});
