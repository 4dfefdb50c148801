import { describe, expect, it } from 'vitest';
import { compactHeader, normalizeHeader } from './normalize-header.js';

describe('normalizeHeader', () => {
  it.each([
    ['Email', 'email'],
    ['  E-Mail_Adresse ', 'e mail adresse'],
    ['Prénom', 'prenom'],
    ['Straße', 'strasse'],
    ['Ørsted Æble', 'orsted aeble'],
    ['firstName', 'first name'],
    ['FIRST NAME', 'first name'],
    ['Phone #', 'phone'],
    ['zip/postal code', 'zip postal code'],
    ['Çalışma', 'calisma'],
    ['名前', '名前'],
    ['---', ''],
  ])('normalises %j to %j', (header, normalized) => {
    expect(normalizeHeader(header)).toBe(normalized);
  });

  it('makes e-mail, E_MAIL and Email compact-equal', () => {
    expect(new Set(['e-mail', 'E_MAIL', 'Email', ' e mail '].map(compactHeader))).toEqual(new Set(['email']));
  });
});
