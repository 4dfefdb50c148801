/**
 * Columns nobody mapped (docs/importer.md, "Columns nobody mapped"): with the importer's
 * `unmappedColumns: "keep"`, each delivered row carries the cells of the file columns no field is
 * mapped to under {@link EXTRA_KEY}, file header to text. Without zod, for the widget's bundle.
 */

/** The key of a delivered row that holds its unmapped cells. */
export const EXTRA_KEY = 'extra';

/** A file column no field is mapped to: where it is in a record, and the header it is delivered under. */
export interface ExtraColumn {
  column: number;
  header: string;
}

/**
 * The columns of a file that no field is mapped to, with their headers: a column without a header
 * (or a file without a header row) is named `Column N` (1-based), and a header that repeats one
 * before it gets ` (2)`, ` (3)`… so no cell overwrites another. `__proto__` is taken as a repeat
 * too (`__proto__ (2)`): JSON bodies with that key are refused by the server's parser.
 */
export function extraColumns(headers: readonly string[], mapped: Iterable<number>): ExtraColumn[] {
  const taken = new Set(mapped);
  const used = new Set<string>(['__proto__']);
  const columns: ExtraColumn[] = [];
  headers.forEach((header, column) => {
    if (taken.has(column)) return;
    const base = header.trim() === '' ? `Column ${column + 1}` : header.trim();
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base} (${n})`;
    used.add(name);
    columns.push({ column, header: name });
  });
  return columns;
}
