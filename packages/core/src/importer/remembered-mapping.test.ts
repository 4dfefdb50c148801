import { describe, expect, it } from 'vitest';
import { RememberedMappingSchema } from '../schemas/remembered-mapping.js';
import { headerFingerprint, rememberMapping } from './remembered-mapping.js';

describe('headerFingerprint', () => {
  it('is the same for headers differing only in case, accents and punctuation', () => {
    expect(headerFingerprint(['Email', 'Prénom', 'Last-Name'])).toBe(headerFingerprint([' email', 'PRENOM', 'last name']));
  });

  it('changes when a column is added, removed, renamed or moved', () => {
    const base = headerFingerprint(['Email', 'Name']);
    expect(headerFingerprint(['Email', 'Name', 'Plan'])).not.toBe(base);
    expect(headerFingerprint(['Email'])).not.toBe(base);
    expect(headerFingerprint(['Email', 'Nome'])).not.toBe(base);
    expect(headerFingerprint(['Name', 'Email'])).not.toBe(base);
    expect(headerFingerprint(['EmailName'])).not.toBe(headerFingerprint(['Email', 'Name']));
  });

  it('is a short stable string', () => {
    expect(headerFingerprint(['Email', 'Name'])).toMatch(/^h1\.2\.[0-9a-z]{1,11}$/);
    expect(headerFingerprint([])).toBe(headerFingerprint([]));
  });
});

describe('rememberMapping', () => {
  it('keeps each column header and chosen field, with the fingerprint of the headers', () => {
    const matches = [
      { column: 0, header: 'Mail', fieldKey: 'email', confidence: 0.95, method: 'alias' as const },
      { column: 1, header: 'Notes', fieldKey: null, confidence: 0, method: null },
    ];
    expect(rememberMapping(matches)).toEqual({
      fingerprint: headerFingerprint(['Mail', 'Notes']),
      columns: [
        { header: 'Mail', fieldKey: 'email' },
        { header: 'Notes', fieldKey: null },
      ],
    });
  });

  it('round-trips through JSON and the schema', () => {
    const remembered = rememberMapping([{ header: 'E-mail', fieldKey: 'email' }]);
    expect(RememberedMappingSchema.parse(JSON.parse(JSON.stringify(remembered)))).toEqual(remembered);
  });

  it('refuses stored data that is not a remembered mapping', () => {
    expect(RememberedMappingSchema.safeParse({ fingerprint: 'x', columns: [{ header: 'A', fieldKey: 'bad key!' }] }).success).toBe(false);
    expect(RememberedMappingSchema.safeParse({ fingerprint: 'x' }).success).toBe(false);
  });
});
