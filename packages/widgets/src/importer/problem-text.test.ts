// What the review says of a cell's problem (engine/problem-wording.ts, problem-text.ts): every
// problem core reports, each way core words it, is named for the element's problem strings, which
// each shipped language has; English, and messages of the page's own, are shown as core sent them.
import { type CellError, cellWarnings, type FieldDefinition, IMPRECISE, NESTED, type RowOptions, type TableConfig, UNREADABLE, validateTable } from '@inlay/core';
import { expect } from '@open-wc/testing';
import type { LocalePack } from '../base/locale.js';
import type { RefusalCode } from './engine/file-kind.js';
import type { CellIssue } from './engine/protocol.js';
import { problemWording } from './engine/problem-wording.js';
import { defaultImporterStrings, type ImporterStrings, type ProblemStrings, type ProblemWording } from './importer.strings.js';
import de from './locales/de.js';
import es from './locales/es.js';
import fr from './locales/fr.js';
import ja from './locales/ja.js';
import ptBR from './locales/pt-BR.js';
import { problemText } from './problem-text.js';

const CONFIG: TableConfig = {
  fields: [
    { key: 'id', label: 'Customer ID', type: 'string', required: true, unique: true, minLength: 2, maxLength: 5 },
    { key: 'email', label: 'Email', type: 'email' },
    { key: 'seats', label: 'Seats', type: 'number', min: 1, max: 1000 },
    { key: 'born', label: 'Born', type: 'date', min: '1900-01-01', max: '2030-12-31' },
    { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['Free', 'Pro', 'Team', 'Business', 'Enterprise', 'Partner', 'Reseller'] },
    { key: 'tier', label: 'Tier', type: 'enum', enumValues: ['Gold', 'Silver'] },
    { key: 'news', label: 'Newsletter', type: 'boolean' },
    { key: 'site', label: 'Website', type: 'url' },
    { key: 'sku', label: 'SKU', type: 'string', pattern: '[A-Z]{3}-\\d{4}' },
    { key: 'code', label: 'Code', type: 'string', pattern: '[a-z]+', patternMessage: 'Use lower-case letters only' },
    { key: 'ref', label: 'Reference', type: 'string' },
  ],
  duplicateKey: 'ref',
};
const KEYS = CONFIG.fields.map((field) => field.key);

/** A problem core reported, with what the widget words it from. */
interface Problem {
  error: CellError;
  field: FieldDefinition;
  raw: string;
}

/** The problems core reports for rows given as `{field key: cell}` (the id is valid unless given). */
function problems(rows: Record<string, string>[], options: RowOptions = {}): Problem[] {
  const cells = rows.map((row, i) => KEYS.map((key) => row[key] ?? (key === 'id' ? `r${i}` : '')));
  const validation = validateTable(CONFIG, cells, { numberFormat: 'dot', dateOrder: null, ...options });
  return [...validation.errors, ...cellWarnings(CONFIG, validation)].map((error) => ({
    error,
    field: CONFIG.fields.find((field) => field.key === error.field) as FieldDefinition,
    raw: cells[error.row]?.[KEYS.indexOf(error.field)] ?? '',
  }));
}

/** The only problem of one row. */
function only(row: Record<string, string>, options?: RowOptions): Problem {
  const found = problems([row], options);
  expect(found, JSON.stringify(row)).to.have.length(1);
  return found[0] as Problem;
}

/** Every problem core reports, each way it words it, and the wording the engine must name for it. */
const CASES: [name: string, problem: () => Problem, wording: ProblemWording][] = [
  ['required', () => only({ id: '' }), ['problemRequired', 'Customer ID']],
  ['invalid_number, dot', () => only({ seats: 'ten' }), ['problemInvalidNumber', 'dot']],
  ['invalid_number, comma', () => only({ seats: 'ten' }, { numberFormats: { seats: 'comma' } }), ['problemInvalidNumber', 'comma']],
  ['invalid_number, too many digits', () => only({ seats: '12345678901234567890' }), ['problemInvalidNumber', null]],
  ['invalid_date, not ISO', () => only({ born: 'next Tuesday' }), ['problemInvalidDate', 'not_iso']],
  ['invalid_date, not ISO with a suggestion', () => only({ born: '15 Mar 2020' }), ['problemInvalidDate', 'not_iso']],
  ['invalid_date, no such day', () => only({ born: '2026-02-30' }), ['problemInvalidDate', 'not_real']],
  ['invalid_date, no such day written another way', () => only({ born: '31/02/2026' }), ['problemInvalidDate', 'not_real']],
  ['invalid_date, ambiguous', () => only({ born: '03/04/2026' }), ['problemInvalidDate', 'ambiguous']],
  ['invalid_date, two-digit year', () => only({ born: '03/04/26' }), ['problemInvalidDate', 'two_digit_year']],
  ['invalid_email', () => only({ email: 'ann@' }), ['problemInvalidEmail']],
  ['invalid_enum, more than five options', () => only({ plan: 'Gold' }), ['problemInvalidEnum', ['Free', 'Pro', 'Team', 'Business', 'Enterprise'], 2]],
  ['invalid_enum, few options', () => only({ tier: 'Bronze' }), ['problemInvalidEnum', ['Gold', 'Silver'], 0]],
  ['invalid_boolean', () => only({ news: 'maybe' }), ['problemInvalidBoolean']],
  ['invalid_url', () => only({ site: 'example.com/page' }), ['problemInvalidUrl']],
  ['spreadsheet_error', () => only({ seats: ' #DIV/0! ' }), ['problemSpreadsheetError', '#DIV/0!']],
  ['duplicate_value', () => repeat({ id: 'A1' }), ['problemDuplicateValue', 'Customer ID']],
  ['duplicate_key', () => repeat({ ref: 'x' }), ['problemDuplicateKey', 'Reference']],
  ['below_min, number', () => only({ seats: '0' }), ['problemBelowMin', 'Seats', 1]],
  ['above_max, number', () => only({ seats: '1001' }), ['problemAboveMax', 'Seats', 1000]],
  ['below_min, date', () => only({ born: '1899-12-31' }), ['problemBelowMin', 'Born', '1900-01-01']],
  ['above_max, date', () => only({ born: '2031-01-01' }), ['problemAboveMax', 'Born', '2030-12-31']],
  ['too_short', () => only({ id: 'A' }), ['problemTooShort', 'Customer ID', 2]],
  ['too_long', () => only({ id: 'ABCDEF' }), ['problemTooLong', 'Customer ID', 5]],
  ['pattern_mismatch', () => only({ sku: 'abc' }), ['problemPatternMismatch', 'SKU']],
  ['invalid_character', () => only({ email: `ann${UNREADABLE}@example.com` }), ['problemInvalidCharacter']],
  ['nested_value', () => only({ ref: `${NESTED}[{"a":1}]` }), ['problemNestedValue']],
  ['imprecise_number', () => only({ seats: `${IMPRECISE}12345678901234567890` }), ['problemImpreciseNumber']],
  ['formula (a warning)', () => only({ ref: '=HYPERLINK("x")' }), ['problemFormula']],
  ['replacement_character (a warning)', () => only({ ref: 'caf\ufffd' }), ['problemReplacementCharacter']],
];

/** The problem of the second of two rows with the same cells. */
function repeat(row: Record<string, string>): Problem {
  const found = problems([row, row]);
  expect(found, JSON.stringify(row)).to.have.length(1);
  return found[0] as Problem;
}

/** Every problem string (the compiler checks that none is missing). */
const PROBLEM_KEYS = Object.keys({
  problemRequired: true,
  problemInvalidNumber: true,
  problemInvalidDate: true,
  problemInvalidEmail: true,
  problemInvalidEnum: true,
  problemInvalidBoolean: true,
  problemInvalidUrl: true,
  problemSpreadsheetError: true,
  problemDuplicateValue: true,
  problemDuplicateKey: true,
  problemBelowMin: true,
  problemAboveMax: true,
  problemTooShort: true,
  problemTooLong: true,
  problemPatternMismatch: true,
  problemInvalidCharacter: true,
  problemNestedValue: true,
  problemImpreciseNumber: true,
  problemFormula: true,
  problemReplacementCharacter: true,
} satisfies Record<keyof ProblemStrings, true>);

const LOCALES: [tag: string, pack: LocalePack<ImporterStrings>][] = [
  ['de', de],
  ['es', es],
  ['fr', fr],
  ['ja', ja],
  ['pt-BR', ptBR],
];

/** The problem as the engine sends it to the element. */
function issueOf({ error, field, raw }: Problem): CellIssue {
  const wording = problemWording(error, field, raw);
  return wording === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, wording };
}

const german = (): ImporterStrings => ({ ...defaultImporterStrings, ...de('de') });

describe('problems in the review', () => {
  for (const [name, problem, wording] of CASES) {
    it(`names the string that words ${name}, shown in English as core words it`, () => {
      const found = problem();
      expect(problemWording(found.error, found.field, found.raw)).to.deep.equal(wording);
      expect(problemText(issueOf(found), defaultImporterStrings)).to.equal(found.error.message);
    });
  }

  it('covers every code core reports but the page’s own, and every problem string', () => {
    const codes = new Set(CASES.map(([, problem]) => problem().error.code));
    expect([...codes].sort()).to.deep.equal(
      [
        'required',
        'invalid_number',
        'invalid_date',
        'invalid_email',
        'invalid_enum',
        'invalid_boolean',
        'invalid_url',
        'spreadsheet_error',
        'duplicate_value',
        'duplicate_key',
        'below_min',
        'above_max',
        'too_short',
        'too_long',
        'pattern_mismatch',
        'formula',
        'invalid_character',
        'nested_value',
        'imprecise_number',
        'replacement_character',
      ].sort(),
    );
    expect([...new Set(CASES.map(([, , wording]) => wording[0]))].sort()).to.deep.equal([...PROBLEM_KEYS].sort());
  });

  for (const [tag, pack] of LOCALES) {
    it(`words every problem in ${tag}`, () => {
      const strings = pack(tag);
      expect(PROBLEM_KEYS.filter((key) => !Object.hasOwn(strings, key))).to.deep.equal([]);
      const t = { ...defaultImporterStrings, ...strings };
      for (const [name, problem] of CASES) {
        const found = problem();
        const text = problemText(issueOf(found), t);
        expect(text, name).not.to.equal(found.error.message);
        expect(text.trim(), name).not.to.equal('');
      }
    });
  }

  it('formats numbers in the language and keeps the field’s label, options and the sheet’s error as they are', () => {
    expect(problemText(issueOf(only({ seats: '1001' })), german())).to.equal('Seats darf höchstens 1.000 sein');
    expect(problemText(issueOf(only({ plan: 'Gold' })), german())).to.equal('Erwartet wird einer dieser Werte: Free, Pro, Team, Business, Enterprise, …');
    expect(problemText(issueOf(only({ seats: '#N/A' })), german())).to.equal('Die Tabelle zeigt hier #N/A');
    expect(problemText(issueOf(only({ seats: 'ten' }, { numberFormats: { seats: 'comma' } })), german())).to.equal('Erwartet wird eine Zahl wie 1234,5');
    expect(problemText(issueOf(only({ born: '03/04/26' })), german())).to.equal('Schreiben Sie das Jahr vierstellig, als JJJJ-MM-TT');
  });

  it('shows the page’s own messages, and wordings it does not know, as given', () => {
    const patternMessage = only({ code: 'ABC' });
    expect(patternMessage.error.code).to.equal('pattern_mismatch');
    expect(problemText(issueOf(patternMessage), german())).to.equal('Use lower-case letters only');
    const field = patternMessage.field;
    expect(problemWording({ code: 'custom', message: 'Already a member' }, field, null)).to.equal(undefined);
    // A code or wording core may add later: its English rather than a wrong translation.
    expect(problemWording({ code: 'invalid_date', message: 'Expected a date in the past' }, field, null)).to.equal(undefined);
    expect(problemWording({ code: 'not_yet_known' as CellError['code'], message: 'Something new' }, field, null)).to.equal(undefined);
    expect(problemText({ code: 'custom', message: 'Already a member' }, german())).to.equal('Already a member');
  });

  it('lets the page reword one problem through `strings`, the others staying in the language', () => {
    const strings = { ...german(), problemRequired: (label: string) => `Bitte ${label} angeben` };
    expect(problemText(issueOf(only({ id: '' })), strings)).to.equal('Bitte Customer ID angeben');
    expect(problemText(issueOf(only({ email: 'ann@' })), strings)).to.equal('Erwartet wird eine E-Mail-Adresse wie name@example.com');
  });
});

/** Every code a file is refused with: the compiler says when one is missing. */
const REFUSAL_CODES = Object.keys({
  pdf: 0,
  image: 0,
  old_excel: 0,
  gzip: 0,
  zip_archive: 0,
  word_document: 0,
  presentation: 0,
  opendocument: 0,
  damaged_zip: 0,
  binary: 0,
  invalid_json: 0,
  not_json: 0,
  no_sheets: 0,
} satisfies Record<RefusalCode, 0>);

describe('the shipped translations', () => {
  for (const [tag, pack] of LOCALES) {
    it(`translate every string in ${tag}, the reasons a file is refused included`, () => {
      const strings = pack(tag);
      expect(Object.keys(defaultImporterStrings).filter((key) => !Object.hasOwn(strings, key))).to.deep.equal([]);
      // Every code has a text of its own (not the fallback's), and none is English.
      const english = new Set(REFUSAL_CODES.map((code) => defaultImporterStrings.refusedFile(code)));
      const texts = REFUSAL_CODES.map((code) => strings.refusedFile?.(code) ?? '');
      expect(new Set(texts).size).to.equal(REFUSAL_CODES.length);
      expect(texts.filter((text) => text === '' || english.has(text))).to.deep.equal([]);
    });
  }
});
