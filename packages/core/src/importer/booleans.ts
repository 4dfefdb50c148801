/*
 * Boolean reading (DESIGN.md §8): the words spreadsheets and databases write for yes and no are
 * accepted as values, in any case — true/false, t/f, yes/no, y/n, 1/0, on/off. A few other
 * languages' words and check marks are only suggested: they are unambiguous to a person but not
 * a convention a file format promises.
 */

const ACCEPTED: ReadonlyMap<string, boolean> = withCasings([
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
]);

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

// The lower, upper and title casings are looked up directly so that the common cells cost one
// map lookup and no `toLowerCase` string.
function withCasings(words: [string, boolean][]): Map<string, boolean> {
  const map = new Map<string, boolean>();
  for (const [word, value] of words) {
    map.set(word, value);
    map.set(word.toUpperCase(), value);
    map.set(word.charAt(0).toUpperCase() + word.slice(1), value);
  }
  return map;
}

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
  return ACCEPTED.get(text) ?? (text.length <= 5 ? ACCEPTED.get(text.toLowerCase()) : undefined);
}

/** A boolean to offer for a cell that is not one (`ja`, `✓`, `-1`), or `undefined`. @internal */
export function suggestBoolean(text: string): boolean | undefined {
  return text.length <= 4 ? SUGGESTED.get(text.toLowerCase()) : undefined;
}
