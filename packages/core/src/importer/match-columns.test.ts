import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import { mappingFromMatches, matchColumns } from './match-columns.js';
import { rememberMapping } from './remembered-mapping.js';

const fields: FieldDefinition[] = [
  { key: 'email', label: 'Email', type: 'email', aliases: ['Mail', 'E-mail address'] },
  { key: 'first_name', label: 'First name', type: 'string', aliases: ['Prenom', 'Given name'] },
  { key: 'last_name', label: 'Last name', type: 'string' },
  { key: 'company', label: 'Company', type: 'string' },
  { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
];

const pick = (headers: string[], remembered?: Parameters<typeof matchColumns>[2]) =>
  matchColumns(headers, fields, remembered).map(({ fieldKey, method }) => [fieldKey, method]);

describe('matchColumns', () => {
  it('matches key and label exactly with confidence 1', () => {
    expect(matchColumns(['email', 'First name'], fields)).toEqual([
      { column: 0, header: 'email', fieldKey: 'email', confidence: 1, method: 'exact' },
      { column: 1, header: 'First name', fieldKey: 'first_name', confidence: 1, method: 'exact' },
    ]);
  });

  it('matches aliases ignoring case, accents and punctuation', () => {
    expect(pick(['MAIL', 'Prénom', 'e-mail_address ', 'given-name'])).toEqual([
      ['email', 'alias'],
      ['first_name', 'alias'],
      [null, null],
      [null, null],
    ]);
  });

  it('matches keys and labels after normalisation', () => {
    expect(matchColumns(['E-MAIL', 'last_Name', ' COMPANY '], fields).map(({ fieldKey, method, confidence }) => [fieldKey, method, confidence])).toEqual([
      ['email', 'normalized', 0.9],
      ['last_name', 'normalized', 0.9],
      ['company', 'normalized', 0.9],
    ]);
  });

  it('matches a near miss within the threshold, with lower confidence', () => {
    const [company, last] = matchColumns(['Compnay', 'Lastnme'], fields);
    expect(company).toMatchObject({ fieldKey: 'company', method: 'fuzzy' });
    expect(last).toMatchObject({ fieldKey: 'last_name', method: 'fuzzy' });
    expect(company?.confidence).toBeGreaterThan(0.5);
    expect(company?.confidence).toBeLessThan(0.85);
  });

  it('leaves a header beyond the fuzzy threshold unmatched', () => {
    expect(matchColumns(['Cmpy', 'Affiliation', 'Pl', 'Notes', ''], fields)).toEqual([
      { column: 0, header: 'Cmpy', fieldKey: null, confidence: 0, method: null },
      { column: 1, header: 'Affiliation', fieldKey: null, confidence: 0, method: null },
      { column: 2, header: 'Pl', fieldKey: null, confidence: 0, method: null },
      { column: 3, header: 'Notes', fieldKey: null, confidence: 0, method: null },
      { column: 4, header: '', fieldKey: null, confidence: 0, method: null },
    ]);
  });

  it('assigns each field at most once, to the best-scoring column', () => {
    expect(matchColumns(['Emails'], fields)[0]).toMatchObject({ fieldKey: 'email', method: 'fuzzy' });
    expect(pick(['Emails', 'Mail', 'Email'])).toEqual([
      [null, null],
      [null, null],
      ['email', 'exact'],
    ]);
  });

  it('gives a field to the first of two equal columns', () => {
    expect(pick(['Email', 'Email'])).toEqual([
      ['email', 'exact'],
      [null, null],
    ]);
  });

  it('lets a column that loses its best field take its next best', () => {
    const companyFields: FieldDefinition[] = [
      { key: 'company', label: 'Company', type: 'string' },
      { key: 'company_id', label: 'Company ID', type: 'string' },
    ];
    // 'Companyy' is closer to company (0.74) than to company_id (0.66), but company is taken.
    expect(matchColumns(['Companyy'], companyFields)[0]?.fieldKey).toBe('company');
    expect(matchColumns(['Company', 'Companyy'], companyFields).map(({ fieldKey, method }) => [fieldKey, method])).toEqual([
      ['company', 'exact'],
      ['company_id', 'fuzzy'],
    ]);
  });

  it('puts a remembered mapping first, by column when the headers are the same', () => {
    const headers = ['Email', 'Contact', 'Firma'];
    const remembered = rememberMapping([
      { header: 'Email', fieldKey: null },
      { header: 'Contact', fieldKey: 'email' },
      { header: 'Firma', fieldKey: 'company' },
    ]);
    expect(matchColumns(headers, fields, remembered)).toEqual([
      { column: 0, header: 'Email', fieldKey: null, confidence: 1, method: 'remembered' },
      { column: 1, header: 'Contact', fieldKey: 'email', confidence: 1, method: 'remembered' },
      { column: 2, header: 'Firma', fieldKey: 'company', confidence: 1, method: 'remembered' },
    ]);
  });

  it('uses a remembered mapping by header name when the header row changed', () => {
    const remembered = rememberMapping([
      { header: 'Contact', fieldKey: 'email' },
      { header: 'Firma', fieldKey: 'company' },
    ]);
    expect(matchColumns(['Firma', 'Notes', 'contact', 'Plan'], fields, remembered).map(({ fieldKey, method, confidence }) => [fieldKey, method, confidence])).toEqual([
      ['company', 'remembered', 0.97],
      [null, null, 0],
      ['email', 'remembered', 0.97],
      ['plan', 'exact', 1],
    ]);
  });

  it('reads a remembered mapping by header, not by position, when the same headers come in another order', () => {
    const remembered = rememberMapping([
      { header: 'Contact', fieldKey: 'email' },
      { header: 'Firma', fieldKey: 'company' },
    ]);
    expect(pick(['Firma', 'Contact'], remembered)).toEqual([
      ['company', 'remembered'],
      ['email', 'remembered'],
    ]);
  });

  it('passes over remembered columns without a header', () => {
    const remembered = rememberMapping([
      { header: '', fieldKey: null },
      { header: ' ', fieldKey: 'first_name' },
      { header: 'Firma', fieldKey: 'company' },
    ]);
    expect(pick(['Firma', 'Notes'], remembered)).toEqual([
      ['company', 'remembered'],
      [null, null],
    ]);
  });

  it('ignores a remembered field the importer no longer has', () => {
    const remembered = rememberMapping([{ header: 'Email', fieldKey: 'phone' }]);
    expect(pick(['Email'], remembered)).toEqual([['email', 'exact']]);
  });

  it('maps two remembered columns with the same header back to their two fields', () => {
    const remembered = rememberMapping([
      { header: 'Name', fieldKey: 'first_name' },
      { header: 'Name', fieldKey: 'last_name' },
      { header: 'X', fieldKey: null },
    ]);
    expect(pick(['Name', 'Name'], remembered)).toEqual([
      ['first_name', 'remembered'],
      ['last_name', 'remembered'],
    ]);
  });
});

describe('mappingFromMatches', () => {
  it('maps each matched field to its column', () => {
    expect(mappingFromMatches(matchColumns(['Notes', 'Company', 'email'], fields))).toEqual({ company: 1, email: 2 });
  });
});
