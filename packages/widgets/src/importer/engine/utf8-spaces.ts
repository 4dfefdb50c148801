/*
 * UTF-8 bytes the byte CSV reader (csv-bytes.ts) must recognise without decoding them: the
 * byte-order mark a file may start with, and the whitespace String.prototype.trim removes — which
 * Papa Parse skips between a closing quote and the delimiter, so the byte reader skips it too.
 */

/** 3 for a UTF-8 byte-order mark, -1 for bytes that may still become one, else 0. @internal */
export function byteOrderMark(bytes: Uint8Array, length: number): number {
  const mark = [0xef, 0xbb, 0xbf];
  for (let at = 0; at < 3; at++) {
    if (at === length) return -1;
    if (bytes[at] !== mark[at]) return 0;
  }
  return 3;
}

/**
 * The first byte from `at` that is not whitespace by String.prototype.trim (the delimiter and
 * line break never are), or `length` — also when a character is cut by the end of the bytes.
 * @internal
 */
export function skipSpaces(bytes: Uint8Array, at: number, length: number, delimiter: number, newline: number): number {
  while (at < length) {
    const byte = bytes[at] as number;
    if (byte === delimiter || byte === newline) return at;
    if (byte === 32 || (byte >= 9 && byte <= 13)) {
      at++;
      continue;
    }
    if (byte < 0x80) return at;
    const size = unicodeSpaceSize(bytes, at, length);
    if (size < 0) return length;
    if (size === 0) return at;
    at += size;
  }
  return length;
}

/**
 * The UTF-8 length of the whitespace character at `at` (U+00A0, U+1680, U+2000–U+200A, U+2028,
 * U+2029, U+202F, U+205F, U+3000, U+FEFF), 0 when it is another character, -1 when cut short.
 */
function unicodeSpaceSize(bytes: Uint8Array, at: number, length: number): number {
  const lead = bytes[at] as number;
  const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (at + size > length) return -1;
  if (size === 2) return lead === 0xc2 && bytes[at + 1] === 0xa0 ? 2 : 0;
  if (size !== 3) return 0;
  const second = bytes[at + 1] as number;
  const third = bytes[at + 2] as number;
  if (lead === 0xe1) return second === 0x9a && third === 0x80 ? 3 : 0;
  if (lead === 0xe2) {
    if (second === 0x80) return (third >= 0x80 && third <= 0x8a) || third === 0xa8 || third === 0xa9 || third === 0xaf ? 3 : 0;
    return second === 0x81 && third === 0x9f ? 3 : 0;
  }
  if (lead === 0xe3) return second === 0x80 && third === 0x80 ? 3 : 0;
  if (lead === 0xef) return second === 0xbb && third === 0xbf ? 3 : 0;
  return 0;
}
