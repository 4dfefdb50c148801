/**
 * The importer benchmark's workbook (scripts/importer-bench.mjs): the rows of a generated CSV
 * (importer-bench-data.mjs) as Excel saves them once opened — text in shared strings (ids keep
 * their leading zeros as text), numbers as numbers, valid ISO dates as date serials with the
 * built-in date format 14 — zipped with fflate as Excel zips a workbook (deflate).
 */
import { strToU8, zipSync } from 'fflate';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const xml = (body) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n${body}`;
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** CSV records of the generated file (its only quoting is a whole field in `"…"` without inner quotes). */
export function records(csv) {
  return csv
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells = [];
      for (let at = 0; at <= line.length; ) {
        if (line[at] === '"') {
          const close = line.indexOf('"', at + 1);
          cells.push(line.slice(at + 1, close));
          at = close + 2;
        } else {
          const comma = line.indexOf(',', at);
          const end = comma < 0 ? line.length : comma;
          cells.push(line.slice(at, end));
          at = end + 1;
        }
      }
      return cells;
    });
}

/** A cell a spreadsheet (or a JSON export) holds as a number: no leading zero to keep. */
export const NUMBER = /^-?(?:[1-9]\d*|0)(?:\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The 1900-system serial of a real date, or undefined. */
function serialOf(text) {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time / 86_400_000 + 25569;
}

const column = (i) => String.fromCharCode(65 + i);

/** An .xlsx of the CSV's rows. */
export function csvToXlsx(csv) {
  const strings = new Map();
  const stringIndex = (text) => {
    let index = strings.get(text);
    if (index === undefined) strings.set(text, (index = strings.size));
    return index;
  };
  const sheet = [];
  records(csv).forEach((cells, r) => {
    let row = `<row r="${r + 1}">`;
    cells.forEach((cell, c) => {
      const ref = `${column(c)}${r + 1}`;
      const serial = r === 0 ? undefined : serialOf(cell);
      if (serial !== undefined) row += `<c r="${ref}" s="1"><v>${serial}</v></c>`;
      else if (r > 0 && NUMBER.test(cell) && !/^0\d/.test(cell)) row += `<c r="${ref}"><v>${cell}</v></c>`;
      else if (cell !== '') row += `<c r="${ref}" t="s"><v>${stringIndex(cell)}</v></c>`;
    });
    sheet.push(`${row}</row>`);
  });
  const sst = [...strings.keys()].map((text) => `<si><t>${escape(text)}</t></si>`).join('');
  const files = {
    '[Content_Types].xml': strToU8(
      xml(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`),
    ),
    '_rels/.rels': strToU8(xml(`<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`)),
    'xl/workbook.xml': strToU8(xml(`<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`)),
    'xl/_rels/workbook.xml.rels': strToU8(
      xml(
        `<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    ),
    'xl/styles.xml': strToU8(xml(`<styleSheet xmlns="${MAIN}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`)),
    'xl/sharedStrings.xml': strToU8(xml(`<sst xmlns="${MAIN}" count="${strings.size}" uniqueCount="${strings.size}">${sst}</sst>`)),
    'xl/worksheets/sheet1.xml': strToU8(xml(`<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>${sheet.join('')}</sheetData></worksheet>`)),
  };
  return zipSync(files, { level: 6 });
}
