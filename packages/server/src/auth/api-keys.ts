import { createHash, randomBytes } from 'node:crypto';
import type { KeyKind, KeyMode } from '@inlay/core';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 32 uniformly random base62 characters (rejection sampling: no modulo bias). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new key: `svc_{mode}_{kind}_` + 32 base62 characters (docs/concepts.md). */
export function generateApiKey(mode: KeyMode, kind: KeyKind): string {
  return `svc_${mode}_${kind}_${randomBase62(32)}`;
}

/** Keys are stored only as this hash. They are 190 bits of randomness, so no salt or KDF is needed. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
