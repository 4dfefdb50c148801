import { randomFillSync } from 'node:crypto';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 14;

let lastTime = 0;
let lastRandom: number[] = [];

/** Random bytes drawn from the OS in blocks: one call per id costs more than the rest of newId. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function freshRandom(): number[] {
  if (poolOffset + RANDOM_LENGTH > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  // 14 base36 digits from 14 bytes; the slight modulo bias is irrelevant for ids.
  const digits = new Array<number>(RANDOM_LENGTH);
  for (let i = 0; i < RANDOM_LENGTH; i += 1) digits[i] = (pool[poolOffset + i] ?? 0) % 36;
  poolOffset += RANDOM_LENGTH;
  return digits;
}

/** Adds one to a base36 digit array (ULID's monotonic rule); wraps to fresh randomness if full. */
function increment(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i -= 1) {
    const digit = next[i] ?? 0;
    if (digit < 35) {
      next[i] = digit + 1;
      return next;
    }
    next[i] = 0;
  }
  return freshRandom();
}

/**
 * A new object id: `prefix_` + 9 base36 characters of milliseconds + 14 base36 characters,
 * random for a new millisecond and incremented within one (as ULIDs are), so ids made by this
 * process sort in creation order. Lower-case letters and digits sort the same in any collation,
 * which makes ids usable as list cursors and as the "newest first" order.
 */
export function newId(prefix: string): string {
  const now = Date.now();
  if (now > lastTime) {
    lastTime = now;
    lastRandom = freshRandom();
  } else {
    lastRandom = increment(lastRandom);
  }
  const time = lastTime.toString(36).padStart(9, '0');
  return `${prefix}_${time}${lastRandom.map((digit) => BASE36[digit]).join('')}`;
}

/** Now, as the ISO 8601 string every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}
