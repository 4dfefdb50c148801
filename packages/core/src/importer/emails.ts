/*
 * Email reading (docs/importer.md), pragmatic rather than RFC 5322: no spaces, exactly one `@`, a
 * local part without leading, trailing or doubled dots, and a domain of at least two non-empty
 * labels whose last has two or more characters. Quoted local parts and IP-literal domains are
 * refused: no one imports them on purpose. The domain is lower-cased in the value (domains are
 * case-insensitive, RFC 5321 §2.4); the local part is kept as written, since it may not be.
 */

// Dots in the local part are checked apart from the pattern: lookarounds made it 3× slower.
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@(?:[^\s@"(),:;<>[\]\\.]+\.)+[^\s@"(),:;<>[\]\\.]{2,}$/;
const MAX_LENGTH = 254;
const NOT_LOWER = /[A-Z\u0080-\uffff]/g;
const ANGLE_ADDRESS = /^[^<>]*<([^<>]+)>$/;
const MAILTO = /^mailto:/i;
const TRAILING_PUNCTUATION = /[.,;:]+$/;
const WHITESPACE = /\s+/g;

/**
 * The value of a trimmed email cell — the address with its domain lower-cased — or `undefined`
 * when it is not an address.
 *
 * @example
 * parseEmail('Ann@Example.COM')  // 'Ann@example.com'
 * parseEmail('ann@example')      // undefined
 * @internal
 */
export function parseEmail(text: string): string | undefined {
  if (text.length > MAX_LENGTH) return undefined;
  const plain = plainAscii(text);
  if (plain === ASCII_VALID) return text;
  if (plain === ASCII_INVALID) return undefined;
  if (!EMAIL.test(text)) return undefined;
  const at = text.indexOf('@');
  if (text.charCodeAt(0) === 46 || text.charCodeAt(at - 1) === 46 || text.lastIndexOf('..', at) >= 0) return undefined;
  // Most domains are lower case already: look before allocating a lower-cased copy.
  NOT_LOWER.lastIndex = at;
  if (!NOT_LOWER.test(text)) return text;
  const domain = text.slice(at + 1);
  const lower = domain.toLowerCase();
  return lower === domain ? text : text.slice(0, at + 1) + lower;
}

const ASCII_VALID = 0;
const ASCII_INVALID = 1;
const NOT_PLAIN = 2;
const AT = 64;
const DOT = 46;

/**
 * EMAIL and the dot rules in one pass, for text of printable ASCII (0x21–0x7E; no spaces)
 * whose domain is lower case — nearly every cell. NOT_PLAIN for anything else (upper case in the
 * domain, spaces, other characters), which the patterns then read.
 */
function plainAscii(text: string): number {
  const length = text.length;
  let at = -1;
  let labelStart = -1;
  let labels = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) return NOT_PLAIN;
    if (FORBIDDEN[code] === 1) {
      if (code !== AT || at >= 0) return ASCII_INVALID;
      // `@`: the local part is non-empty and has no dot at either end nor two in a row.
      if (i === 0 || text.charCodeAt(0) === DOT || text.charCodeAt(i - 1) === DOT) return ASCII_INVALID;
      at = i;
      labelStart = i + 1;
    } else if (code === DOT) {
      if (at < 0) {
        if (text.charCodeAt(i + 1) === DOT) return ASCII_INVALID;
      } else {
        if (i === labelStart) return ASCII_INVALID;
        labels += 1;
        labelStart = i + 1;
      }
    } else if (at >= 0 && code >= 65 && code <= 90) {
      return NOT_PLAIN;
    }
  }
  // At least one label before the last, which has two characters or more.
  return at >= 0 && labels > 0 && length - labelStart >= 2 ? ASCII_VALID : ASCII_INVALID;
}

/** 1 for the characters EMAIL refuses anywhere (besides the one `@`): `@"(),:;<>[]\`. @internal */
export const FORBIDDEN = new Uint8Array(128);
for (const char of '@"(),:;<>[]\\') FORBIDDEN[char.charCodeAt(0)] = 1;

/**
 * An address to offer for a cell that is not one: `mailto:` dropped, the address taken out of
 * `Ann <ann@example.com>`, spaces removed, trailing punctuation dropped, a comma in the domain
 * read as a dot. `undefined` when no repair gives a valid address.
 * @internal
 */
export function suggestEmail(text: string): string | undefined {
  let candidate = text.replace(MAILTO, '');
  const angle = ANGLE_ADDRESS.exec(candidate);
  if (angle) candidate = angle[1] as string;
  candidate = candidate.replace(WHITESPACE, '').replace(TRAILING_PUNCTUATION, '');
  const at = candidate.indexOf('@');
  if (at < 0 || candidate.indexOf('@', at + 1) >= 0) return undefined;
  candidate = candidate.slice(0, at + 1) + candidate.slice(at + 1).replaceAll(',', '.').replace(/\.{2,}/g, '.');
  return parseEmail(candidate);
}

