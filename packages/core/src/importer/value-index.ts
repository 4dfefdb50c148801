import type { ImportValue } from './types.js';

/** A key `unique` or `duplicateKey` compares: a valid value (emails compared without case). @internal */
export type IndexKey = string | number | boolean;

/** {@link ValueIndex.add}: the row is the first with its key and no other row changed. @internal */
export const ADDED_FIRST = -1;
/** {@link ValueIndex.add}: an earlier row has the key, so the added row is a repeat. @internal */
export const ADDED_REPEAT = -2;

const EMPTY = -1;
const DELETED = -2;
const NONE = -1;

const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);

/**
 * Which rows hold each value of one field, kept sorted so that "every row after the first is a
 * repeat" stays true however cells are edited.
 *
 * Built for a million rows in a worker: an open-addressing hash table in typed arrays whose slots
 * hold the first row of each value, and rows of one value linked in order through per-row
 * `next`/`prev` arrays. The values themselves are read from the field's column, never copied, so
 * the index adds about 20 bytes a row and nothing for the garbage collector to trace (a `Map`
 * of a million strings costs several times that and slows every major collection).
 *
 * The index reads a row's value from the column when the row is added or removed: remove a row
 * *before* its cell changes and add it after.
 * @internal
 */
export class ValueIndex {
  // Slot i is table[2i] (the value's first row, EMPTY or DELETED) and table[2i + 1] (its hash):
  // side by side, so a probe costs one cache miss.
  private table = emptyTable(1024);
  private tails = new Int32Array(1024);
  private next = new Int32Array(1024).fill(NONE);
  private prev = new Int32Array(1024).fill(NONE);
  private used = 0;

  /**
   * @param column the field's values by row
   * @param ignoreCase compare strings as `toLowerCase` does (emails)
   */
  constructor(
    private readonly column: readonly ImportValue[],
    private readonly ignoreCase: boolean,
  ) {}

  /**
   * Adds `row` under its value. Returns {@link ADDED_REPEAT} when an earlier row holds it,
   * {@link ADDED_FIRST} when none does, or — when `row` is now first of a group that had another
   * first — that row, which has become a repeat.
   */
  add(row: number): number {
    if (row >= this.next.length) this.growRows(row);
    if ((this.used + 1) * 2 > this.tails.length) this.rehash();
    const value = this.column[row] as IndexKey;
    const hash = this.hashOf(value);
    const table = this.table;
    const mask = this.tails.length - 1;
    let slot = hash & mask;
    let free = -1;
    for (;;) {
      const head = table[slot * 2] as number;
      if (head === EMPTY) break;
      if (head === DELETED) {
        if (free < 0) free = slot;
      } else if (table[slot * 2 + 1] === hash && this.same(this.column[head] as IndexKey, value)) {
        return this.link(slot, row);
      }
      slot = (slot + 1) & mask;
    }
    if (free >= 0) slot = free;
    else this.used += 1;
    table[slot * 2] = row;
    table[slot * 2 + 1] = hash;
    this.tails[slot] = row;
    return ADDED_FIRST;
  }

  /** Removes `row`, which must have been added with its current value. Returns the row that has become first instead, or -1. */
  remove(row: number): number {
    const slot = this.slotOf(this.column[row] as IndexKey);
    if (slot < 0) return -1;
    const head = this.table[slot * 2] as number;
    if (row !== head && (row >= this.prev.length || this.prev[row] === NONE)) return -1;
    const before = this.prev[row] as number;
    const after = this.next[row] as number;
    this.prev[row] = NONE;
    this.next[row] = NONE;
    if (before !== NONE) this.next[before] = after;
    if (after !== NONE) this.prev[after] = before;
    if (row === this.tails[slot]) this.tails[slot] = before;
    if (row !== head) return -1;
    // Deleted slots stay marked so later probes walk past them; `rehash` clears them.
    this.table[slot * 2] = after === NONE ? DELETED : after;
    return after;
  }

  /** The rows holding `value`, ascending. */
  rowsOf(value: IndexKey): number[] {
    const slot = this.slotOf(value);
    return slot < 0 ? [] : this.chain(this.table[slot * 2] as number);
  }

  /** Every value held by two or more rows: its key (emails lower-cased) and rows ascending. */
  *groups(): IterableIterator<[IndexKey, number[]]> {
    for (let slot = 0; slot < this.tails.length; slot++) {
      const head = this.table[slot * 2] as number;
      if (head >= 0 && this.next[head] !== NONE) yield [this.keyOf(this.column[head] as IndexKey), this.chain(head)];
    }
  }

  private keyOf(value: IndexKey): IndexKey {
    return this.ignoreCase && typeof value === 'string' ? value.toLowerCase() : value;
  }

  private chain(head: number): number[] {
    const rows: number[] = [];
    for (let row = head; row !== NONE; row = this.next[row] as number) rows.push(row);
    return rows;
  }

  /** Puts `row` into the ordered list of the value in `slot`. */
  private link(slot: number, row: number): number {
    const head = this.table[slot * 2] as number;
    const tail = this.tails[slot] as number;
    if (row > tail) {
      this.next[tail] = row;
      this.prev[row] = tail;
      this.tails[slot] = row;
      return ADDED_REPEAT;
    }
    if (row < head) {
      this.next[row] = head;
      this.prev[head] = row;
      this.table[slot * 2] = row;
      return head;
    }
    // Only edits land here: walk to the row's place.
    let before = head;
    while ((this.next[before] as number) < row) before = this.next[before] as number;
    const after = this.next[before] as number;
    this.next[before] = row;
    this.prev[row] = before;
    this.next[row] = after;
    this.prev[after] = row;
    return ADDED_REPEAT;
  }

  private slotOf(value: IndexKey): number {
    const hash = this.hashOf(value);
    const mask = this.tails.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const head = this.table[slot * 2] as number;
      if (head === EMPTY) return -1;
      if (head >= 0 && this.table[slot * 2 + 1] === hash && this.same(this.column[head] as IndexKey, value)) return slot;
    }
  }

  private same(a: IndexKey, b: IndexKey): boolean {
    if (a === b) return true;
    return this.ignoreCase && typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
  }

  private hashOf(value: IndexKey): number {
    if (typeof value === 'string') return this.hashString(value);
    if (typeof value === 'boolean') return value ? 0x5bd1e995 : 0x1b873593;
    float[0] = value === 0 ? 0 : value; // -0 and 0 are one key, as in a Map
    return mix(Math.imul((words[0] as number) ^ Math.imul(words[1] as number, 0x9e3779b1), 0x85ebca6b));
  }

  // FNV-1a over UTF-16 code units, folding ASCII case for emails. A string with other characters
  // is hashed lower-cased whole, so the hash agrees with `toLowerCase` comparison.
  private hashString(text: string): number {
    if (!this.ignoreCase) return hashExact(text);
    let hash = FNV_OFFSET;
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i);
      if (code > 127) return hashExact(text.toLowerCase());
      if (code >= 65 && code <= 90) code += 32;
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
    return mix(hash);
  }

  private growRows(row: number): void {
    let size = this.next.length * 2;
    while (size <= row) size *= 2;
    const next = new Int32Array(size).fill(NONE);
    const prev = new Int32Array(size).fill(NONE);
    next.set(this.next);
    prev.set(this.prev);
    this.next = next;
    this.prev = prev;
  }

  // Doubles the table when live values fill half of it, else only clears deleted slots.
  private rehash(): void {
    const { table, tails } = this;
    let live = 0;
    for (let old = 0; old < tails.length; old++) if ((table[old * 2] as number) >= 0) live += 1;
    const size = (live + 1) * 4 > tails.length ? tails.length * 2 : tails.length;
    this.table = emptyTable(size);
    this.tails = new Int32Array(size);
    const mask = size - 1;
    for (let old = 0; old < tails.length; old++) {
      const head = table[old * 2] as number;
      if (head < 0) continue;
      const hash = table[old * 2 + 1] as number;
      let slot = hash & mask;
      while (this.table[slot * 2] !== EMPTY) slot = (slot + 1) & mask;
      this.table[slot * 2] = head;
      this.table[slot * 2 + 1] = hash;
      this.tails[slot] = tails[old] as number;
    }
    this.used = live;
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashExact(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return mix(hash);
}

function emptyTable(slots: number): Int32Array {
  const table = new Int32Array(slots * 2);
  for (let slot = 0; slot < slots; slot++) table[slot * 2] = EMPTY;
  return table;
}

// Murmur3's finaliser: spreads FNV's weak low bits, which pick the slot.
function mix(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
