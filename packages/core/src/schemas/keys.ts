import { z } from 'zod';

/** A key's mode: test data and live data never mix (docs/concepts.md). */
export const KeyModeSchema = z.enum(['test', 'live']);
export type KeyMode = z.infer<typeof KeyModeSchema>;

/** Publishable keys go in browsers; secret keys stay on servers. */
export const KeyKindSchema = z.enum(['pub', 'sec']);
export type KeyKind = z.infer<typeof KeyKindSchema>;

/** `svc_{test|live}_{pub|sec}_` followed by 32 base62 characters. */
export const API_KEY_PATTERN = /^svc_(test|live)_(pub|sec)_[0-9A-Za-z]{32}$/;

export const ApiKeySchema = z.string().regex(API_KEY_PATTERN, {
  error: 'expected an Inlay key: svc_{test|live}_{pub|sec}_ followed by 32 letters and digits',
});

export interface ParsedApiKey {
  mode: KeyMode;
  kind: KeyKind;
}

/**
 * Reads mode and kind from a key's prefix, or returns null when the string is not a key.
 *
 * @example parseApiKey('svc_test_pub_…') // { mode: 'test', kind: 'pub' }
 */
export function parseApiKey(value: string): ParsedApiKey | null {
  const match = API_KEY_PATTERN.exec(value);
  if (!match) return null;
  return { mode: match[1] as KeyMode, kind: match[2] as KeyKind };
}

/** Human name of a key kind, for messages. */
export function keyKindName(kind: KeyKind): string {
  return kind === 'pub' ? 'publishable key' : 'secret key';
}
