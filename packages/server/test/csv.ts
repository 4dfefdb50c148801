/**
 * A strict RFC 4180 reader for tests: CRLF line ends, fields quoted with `"` and quotes doubled
 * inside them. Throws on anything else, so a test fails on output a spreadsheet could misread.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const field = (): string => {
    if (text[i] !== '"') {
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '\r') {
        if (text[end] === '"' || text[end] === '\n') throw new Error(`bare ${JSON.stringify(text[end])} in an unquoted field at ${end}`);
        end++;
      }
      const value = text.slice(i, end);
      i = end;
      return value;
    }
    let value = '';
    i++;
    for (;;) {
      const quote = text.indexOf('"', i);
      if (quote < 0) throw new Error('unterminated quoted field');
      value += text.slice(i, quote);
      i = quote + 1;
      if (text[i] !== '"') return value;
      value += '"';
      i++;
    }
  };
  while (i < text.length) {
    row.push(field());
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      i += 2;
      rows.push(row);
      row = [];
      continue;
    }
    throw new Error(`expected , or CRLF at ${i}`);
  }
  if (row.length > 0) throw new Error('the last record has no CRLF');
  return rows;
}
