/**
 * Header normalisation for column matching (docs/importer.md): case, accents, punctuation, spaces,
 * underscores and dashes do not distinguish one column name from another.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
const CAMEL_BOUNDARY = /(\p{Ll})(\p{Lu})/gu;
// Letters NFD does not decompose but people write both ways (Straße / Strasse).
const FOLDED: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const FOLDABLE = /[ßæœøłđðþı]/g;

/**
 * A header as words: accents stripped (NFD, combining marks removed), lower case, camelCase
 * split, and every run of spaces, punctuation, underscores or dashes turned into one space.
 *
 * @example
 * normalizeHeader('  E-Mail_Adresse ')  // 'e mail adresse'
 * normalizeHeader('Prénom')             // 'prenom'
 * normalizeHeader('firstName')          // 'first name'
 */
export function normalizeHeader(header: string): string {
  return header
    .replace(CAMEL_BOUNDARY, '$1 $2')
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => FOLDED[letter] ?? letter)
    .replace(SEPARATORS, ' ')
    .trim();
}

/**
 * {@link normalizeHeader} without spaces, so `E-mail`, `email` and `e_mail` compare equal.
 * @internal
 */
export function compactHeader(header: string): string {
  return normalizeHeader(header).replaceAll(' ', '');
}
