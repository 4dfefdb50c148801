/*
 * Tab-separated text as spreadsheets copy and paste it (Excel, Google Sheets, Numbers): rows by
 * line, cells by tab, a cell holding a tab, line break or quote in double quotes. Shared by the
 * grid (main thread) and the engine.
 * @internal
 */

/** One cell for the clipboard. */
export function tsvField(text: string): string {
  return /[\t\r\n"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Parses text copied from a spreadsheet: rows by line, cells by tab, with Excel's quoting of
 * cells that hold a tab, line break or quote. A last empty line (spreadsheets end with one) is dropped.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === '\t') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (char === '\r' && text[i + 1] === '\n') i += 1;
    } else cell += char;
    i += 1;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
