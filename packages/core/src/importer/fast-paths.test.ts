// The validators' fast paths (hand-written scans for the common cells) against the patterns they
// stand in for, on many generated cells: any difference — a value, or valid against invalid — fails.
import { describe, expect, it } from 'vitest';
import { parseBoolean } from './booleans.js';
import { parseEmail } from './emails.js';
import { parseNumber } from './number-format.js';
import type { NumberFormat } from './types.js';
import { isHttpUrl, isPlainUrl } from './urls.js';

/** A deterministic pseudo-random source, so a failure is reproducible. */
function randomOf(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** `count` strings of 0 to `maxLength` pieces drawn from `pieces`, with the given prefixes mixed in. */
function cells(seed: number, pieces: readonly string[], count: number, maxLength: number, prefixes: readonly string[] = ['']): string[] {
  const random = randomOf(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, () => pick(prefixes) + Array.from({ length: Math.floor(random() * (maxLength + 1)) }, () => pick(pieces)).join(''));
}

// The patterns as they read before the fast paths (number-format.ts, emails.ts, urls.ts).
const PLAIN = { dot: /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/, comma: /^[+-]?(?:\d+(?:,\d+)?|,\d+)(?:[eE][+-]?\d+)?$/ };
const GROUPED = {
  dot: /^[+-]?[1-9]\d{0,2}([, '\u00a0\u202f])\d{3}(?:\1\d{3})*(?:\.\d+)?$/,
  comma: /^[+-]?[1-9]\d{0,2}([. '\u00a0\u202f])\d{3}(?:\1\d{3})*(?:,\d+)?$/,
};
function referenceNumber(text: string, format: NumberFormat): number {
  let value = Number.NaN;
  if (PLAIN[format].test(text)) value = Number(format === 'dot' ? text : text.replace(',', '.'));
  else {
    const grouped = GROUPED[format].exec(text);
    if (grouped) {
      const digits = text.replaceAll(grouped[1] as string, '');
      value = Number(format === 'dot' ? digits : digits.replace(',', '.'));
    }
  }
  return Number.isFinite(value) ? value : Number.NaN;
}

const EMAIL = /^[^\s@"(),:;<>[\]\\]+@(?:[^\s@"(),:;<>[\]\\.]+\.)+[^\s@"(),:;<>[\]\\.]{2,}$/;
function referenceEmail(text: string): string | undefined {
  if (text.length > 254 || !EMAIL.test(text)) return undefined;
  const at = text.indexOf('@');
  if (text.charCodeAt(0) === 46 || text.charCodeAt(at - 1) === 46 || text.lastIndexOf('..', at) >= 0) return undefined;
  return text.slice(0, at + 1) + text.slice(at + 1).toLowerCase();
}

const PLAIN_URL = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}(?:[/?#]\S*)?$/i;

describe('fast paths agree with the patterns', () => {
  it.each(['dot', 'comma'] as const)('parseNumber (%s)', (format) => {
    const samples = cells(1, ['0', '1', '7', '9', '.', ',', '-', '+', 'e', ' ', 'x', '123', '999999999', '\u00a0'], 40_000, 8, ['', '-', '+', '.']);
    samples.push('9'.repeat(15), '9'.repeat(16), '-0', `1${'0'.repeat(400)}.5`, `1${'0'.repeat(400)},5`, '007', '1.', ',5');
    for (const text of samples) expect([text, parseNumber(text, format)]).toEqual([text, referenceNumber(text, format)]);
    expect(Object.is(parseNumber('-0', format), -0)).toBe(true);
  });

  it('parseBoolean', () => {
    const words = ['true', 'false', 't', 'f', 'yes', 'no', 'y', 'n', '1', '0', 'on', 'off'];
    const reference = (text: string) => {
      const lower = text.toLowerCase();
      const at = words.indexOf(lower);
      return at < 0 ? undefined : at % 2 === 0;
    };
    const samples = cells(4, ['t', 'R', 'u', 'E', 'f', 'A', 'l', 's', 'Y', 'n', 'O', '1', '0', ' ', 'İ', '\u212a', 'ß'], 40_000, 6);
    for (const text of samples) expect([text, parseBoolean(text)]).toEqual([text, reference(text)]);
    expect(samples.filter((text) => reference(text) !== undefined).length).toBeGreaterThan(500);
  });

  it('parseEmail', () => {
    const samples = cells(2, ['a', 'B', '1', '.', '@', '-', '_', '+', 'x.co', 'é', ' ', '"', ',', '[', '\\', 'EXAMPLE', 'com'], 60_000, 10, ['', 'ann', 'a@b', 'x.']);
    samples.push(`${'a'.repeat(250)}@b.co`, 'ann@example.com', '.ann@example.com', 'ann.@example.com', 'a..b@example.com', 'ann@example..com', 'ann@.example.com', 'ann@example.c', 'Ann@Example.COM');
    for (const text of samples) expect([text, parseEmail(text)]).toEqual([text, referenceEmail(text)]);
  });

  it('isHttpUrl on the plain cases', () => {
    const random = randomOf(3);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const label = () => (random() < 0.1 ? '' : pick(['a', 'Z', 'x', '0', '9'])) + Array.from({ length: Math.floor(random() * 4) }, () => pick(['a', 'Z', 'x', '0', '-', '-', 'é', '_'])).join('') + pick(['', 'a', '0', '-']);
    const samples = Array.from({ length: 30_000 }, () => {
      const host = Array.from({ length: 1 + Math.floor(random() * 3) }, label).join('.');
      return pick(['http://', 'https://', 'HTTPS://', 'Http://', 'http:/', 'ftp://', 'https://user@']) + host + pick(['', ':8080', '/', '/a b', '/path?q=1#x', '?x', '#', '\t', '/é']);
    });
    samples.push(`https://${'a'.repeat(63)}.com`, `https://${'a'.repeat(64)}.com`, `https://example.${'c'.repeat(63)}`, `https://example.${'c'.repeat(64)}`, 'https://a-.com', 'https://-a.com', 'https://example.c0m-', 'https://1example.2com');
    let plain = 0;
    for (const text of samples) {
      const pattern = PLAIN_URL.test(text);
      // Never more than the pattern; the same for ASCII. Where it says no, the general path decides, as before.
      if (/^[\x21-\x7e]*$/.test(text)) expect([text, isPlainUrl(text)]).toEqual([text, pattern]);
      else if (isPlainUrl(text)) expect([text, pattern]).toEqual([text, true]);
      if (pattern) {
        plain += 1;
        expect([text, isHttpUrl(text)]).toEqual([text, true]);
      }
    }
    expect(plain).toBeGreaterThan(1000);
  });
});
