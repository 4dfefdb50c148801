/*
 * Boolean reading (docs/importer.md): the words spreadsheets and databases write for yes and no are
 * accepted as values, in any case — true/false, t/f, yes/no, y/n, 1/0, on/off. A few other
 * languages' words and check marks are only suggested: they are unambiguous to a person but not
 * a convention a file format promises.
 */

const ACCEPTED: readonly (readonly [string, boolean])[] = [
  ['true', true],
  ['false', false],
  ['t', true],
  ['f', false],
  ['yes', true],
  ['no', false],
  ['y', true],
  ['n', false],
  ['1', true],
  ['0', false],
  ['on', true],
  ['off', false],
];

/** The accepted words by length: a cell is compared with the few of its length, in any case. */
const ACCEPTED_BY_LENGTH: readonly (readonly (readonly [string, boolean])[])[] = Array.from({ length: 6 }, (_, length) =>
  ACCEPTED.filter(([word]) => word.length === length),
);

const SUGGESTED: ReadonlyMap<string, boolean> = new Map([
  ['ja', true],
  ['nein', false],
  ['oui', true],
  ['non', false],
  ['si', true],
  ['sí', true],
  ['sim', true],
  ['não', false],
  ['nao', false],
  ['da', true],
  ['nee', false],
  ['✓', true],
  ['✔', true],
  ['☑', true],
  ['✗', false],
  ['✘', false],
  ['☐', false],
  ['1.0', true],
  ['0.0', false],
  ['-1', true],
]);

/**
 * The boolean a trimmed cell means, or `undefined`.
 *
 * @example
 * parseBoolean('Yes')  // true
 * parseBoolean('off')  // false
 * parseBoolean('ja')   // undefined (suggested, see suggestBoolean)
 * @internal
 */
export function parseBoolean(text: string): boolean | undefined {
  // No lower-cased copy, no hashing: the words are ASCII, compared letter by letter with A–Z folded
  // to a–z (as `toLowerCase` would: no other character lower-cases to one of their letters).
  const words = ACCEPTED_BY_LENGTH[text.length];
  if (words === undefined) return undefined;
  for (const [word, value] of words) if (sameIgnoringAsciiCase(text, word)) return value;
  return undefined;
}

/** Whether `text` is `word` (lower-case ASCII) in any case. */
function sameIgnoringAsciiCase(text: string, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = text.charCodeAt(i);
    const lower = code >= 65 && code <= 90 ? code + 32 : code;
    if (lower !== word.charCodeAt(i)) return false;
  }
  return true;
}

/** A boolean to offer for a cell that is not one (`ja`, `✓`, `-1`), or `undefined`. @internal */
export function suggestBoolean(text: string): boolean | undefined {
  return text.length <= 4 ? SUGGESTED.get(text.toLowerCase()) : undefined;
}
