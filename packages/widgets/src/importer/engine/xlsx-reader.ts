import readXlsxFile from 'read-excel-file/universal';

/**
 * The XLSX reader (read-excel-file), in a chunk of its own that is loaded only when a workbook is
 * opened, so CSV imports never download it (docs/importer.md). Cells become the strings the CSV path
 * would have read: numbers as JavaScript writes them (`1234.5`), dates as ISO dates, booleans as
 * `true`/`false`. Text cells stay as typed — `00123` is `00123`.
 * @internal
 */

/** A workbook's sheets, converted to text on first use. */
export interface Workbook {
  names: string[];
  rows(sheet: number): string[][];
}

export async function readWorkbook(data: Blob): Promise<Workbook> {
  const sheets = await readXlsxFile(data);
  const converted = new Map<number, string[][]>();
  return {
    names: sheets.map((sheet) => sheet.sheet),
    rows(sheet) {
      let rows = converted.get(sheet);
      if (!rows) {
        const source = sheets[sheet];
        if (!source) throw new RangeError(`The workbook has no sheet ${sheet + 1}.`);
        rows = source.data.map((row) => row.map(cellText));
        // The converted rows replace the parsed ones: one copy of a large sheet in memory.
        source.data = [];
        converted.set(sheet, rows);
      }
      return rows;
    },
  };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    const iso = value.toISOString();
    // Spreadsheet dates have no time zone; read-excel-file gives them at UTC midnight.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  return String(value);
}
