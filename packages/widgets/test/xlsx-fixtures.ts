// Real .xlsx archives for the reader's tests, zipped with fflate from hand-written XML parts as
// Excel writes them: a workbook with its relationships, styles (built-in and custom number
// formats), shared strings with rich text and phonetic runs, and sheets in any state.
import { strToU8, zipSync } from 'fflate';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export interface FixtureSheet {
  name: string;
  /** `<sheetData>`'s inner XML. */
  data: string;
  state?: 'visible' | 'hidden' | 'veryHidden';
}

export interface FixtureOptions {
  sheets: FixtureSheet[];
  /** `<si>` elements' inner XML, in order. */
  sharedStrings?: string[];
  /** Custom formats: id → format code. */
  numFmts?: Record<number, string>;
  /** The `numFmtId` of each cell style, in order (style 0 first). */
  cellXfs?: number[];
  date1904?: boolean;
  /** Store the parts without compression (some writers do). */
  stored?: boolean;
  /** A namespace prefix on every SpreadsheetML element (`x:`), as some libraries write. */
  prefix?: string;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n${body}`;

/** The parts of a workbook, by path. */
export function workbookParts(options: FixtureOptions): Record<string, string> {
  const p = options.prefix ?? '';
  const ns = p === '' ? `xmlns="${MAIN}"` : `xmlns:${p.slice(0, -1)}="${MAIN}"`;
  const parts: Record<string, string> = {
    '[Content_Types].xml': xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    ),
    '_rels/.rels': xml(`<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': xml(
      `<${p}workbook ${ns} xmlns:r="${REL}"><${p}workbookPr${options.date1904 ? ' date1904="1"' : ''} defaultThemeVersion="164011"/><${p}bookViews><${p}workbookView activeTab="0"/></${p}bookViews><${p}sheets>${options.sheets
        .map(
          (sheet, i) =>
            `<${p}sheet name="${sheet.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}" sheetId="${i + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${i + 1}"/>`,
        )
        .join('')}</${p}sheets></${p}workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': xml(
      `<Relationships xmlns="${PACKAGE_REL}">${options.sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('')}<Relationship Id="rIdS" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rIdT" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/styles.xml': xml(
      `<${p}styleSheet ${ns}><${p}numFmts count="${Object.keys(options.numFmts ?? {}).length}">${Object.entries(options.numFmts ?? {})
        .map(([id, code]) => `<${p}numFmt numFmtId="${id}" formatCode="${code.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"/>`)
        .join('')}</${p}numFmts><${p}cellStyleXfs count="1"><${p}xf numFmtId="14" fontId="0"/></${p}cellStyleXfs><${p}cellXfs>${(options.cellXfs ?? [0])
        .map((id) => `<${p}xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${id === 0 ? '' : ' applyNumberFormat="1"'}/>`)
        .join('')}</${p}cellXfs></${p}styleSheet>`,
    ),
    'xl/sharedStrings.xml': xml(`<${p}sst ${ns} count="${(options.sharedStrings ?? []).length}">${(options.sharedStrings ?? []).map((si) => `<${p}si>${si}</${p}si>`).join('')}</${p}sst>`),
  };
  options.sheets.forEach((sheet, i) => {
    parts[`xl/worksheets/sheet${i + 1}.xml`] = xml(
      `<${p}worksheet ${ns} xmlns:r="${REL}"><${p}dimension ref="A1"/><${p}sheetData>${sheet.data}</${p}sheetData><${p}pageMargins left="0.7"/></${p}worksheet>`,
    );
  });
  return parts;
}

/** A workbook as a Blob, zipped from its parts. */
export function workbookBlob(options: FixtureOptions, replace: Record<string, string | null> = {}): Blob {
  const parts = { ...workbookParts(options), ...replace };
  const files: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(parts)) if (text !== null) files[path] = strToU8(text);
  return new Blob([zipSync(files, { level: options.stored ? 0 : 6 })]);
}
