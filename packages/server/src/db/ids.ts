import { randomBytes } from 'node:crypto';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A new object id: `prefix_` + 9 base36 characters of milliseconds + 14 random base36
 * characters. Ids sort by creation time in any collation (lower-case letters and digits only),
 * which makes them usable as list cursors.
 */
export function newId(prefix: string): string {
  const time = Date.now().toString(36).padStart(9, '0');
  const bytes = randomBytes(14);
  let random = '';
  for (const byte of bytes) random += BASE36[byte % 36];
  return `${prefix}_${time}${random}`;
}

/** Now, as the ISO 8601 string every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}
