import { normalizeHeader } from './normalize-header.js';

/**
 * A column mapping the user confirmed, remembered per importer (the widget keeps it in the
 * browser) so the next file with the same headers maps itself. `fieldKey: null` remembers that
 * the user chose to skip a column. Validate stored values with `RememberedMappingSchema`.
 *
 * @example
 * { fingerprint: 'h1.3.1x2y3z', columns: [{ header: 'Mail', fieldKey: 'email' }, { header: 'Notes', fieldKey: null }] }
 */
export interface RememberedMapping {
  fingerprint: string;
  columns: { header: string; fieldKey: string | null }[];
}

/**
 * A stable, short identity of a header row: the same for headers that differ only in case,
 * accents, spacing or punctuation, different when a column is added, removed or moved.
 *
 * @example
 * headerFingerprint(['Email', 'First name']) === headerFingerprint([' email', 'first_name'])  // true
 */
export function headerFingerprint(headers: readonly string[]): string {
  return `h1.${headers.length}.${hash53(headers.map(normalizeHeader).join('\u001f')).toString(36)}`;
}

/**
 * What to remember once the user confirms a mapping: each column's header and chosen field.
 *
 * @example
 * const remembered = rememberMapping(matches);          // after the user confirmed them
 * localStorage.setItem(`inlay-mapping:${importerId}`, JSON.stringify(remembered));
 * matchColumns(nextHeaders, fields, remembered);        // next time
 */
export function rememberMapping(columns: readonly { header: string; fieldKey: string | null }[]): RememberedMapping {
  return {
    fingerprint: headerFingerprint(columns.map((column) => column.header)),
    columns: columns.map(({ header, fieldKey }) => ({ header, fieldKey })),
  };
}

// cyrb53 (public domain): a fast 53-bit string hash, ample for telling header rows apart.
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
