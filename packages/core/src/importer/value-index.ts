import type { ColumnReader } from './value-columns.js';

/** A key `unique` or `duplicateKey` compares: a valid value (emails compared without case). @internal */
export type IndexKey = string | number | boolean;

/** {@link ValueIndex.add}: the row is the first with its key and no other row changed. @internal */
export const ADDED_FIRST = -1;
/** {@link ValueIndex.add}: an earlier row has the key, so the added row is a repeat. @internal */
export const ADDED_REPEAT = -2;
/** {@link ValueIndex.addHash}: a value with that hash is in the index; nothing was added. @internal */
export const HASH_TAKEN = -3;

/** Cells whose slots {@link ValueIndex.warm} is asked to load at once (a few kilobytes of cache). @internal */
export const WARM_ROWS = 64;

/** An estimate past this is not trusted with memory up front: the index grows beyond it instead. */
const MAX_PRESIZED_ROWS = 1 << 22;
const EMPTY = -1;
const DELETED = -2;
const NONE = -1;

// `ignoreBOM`: a U+FEFF at the start of a cell is text, as it is to the file's own decoder.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);

/**
 * Which rows hold each value of one field, kept sorted so that "every row after the first is a
 * repeat" stays true however cells are edited.
 *
 * Built for a million rows in a worker: an open-addressing hash table in typed arrays whose slots
 * hold the first row and the hash of each value, and rows of one value linked in order through
 * per-row `next`/`prev` arrays — made only once a value repeats (a column of unique ids never
 * needs them). The values themselves are read from the field's column, never copied, so the index
 * adds about 11 bytes a row and nothing for the garbage collector to trace (a `Map` of a million
 * strings costs several times that and slows every major collection).
 *
 * The index reads a row's value from the column when the row is added or removed: remove a row
 * *before* its cell changes and add it after.
 * @internal
 */
export class ValueIndex {
  // Slot i is table[2i] (the value's first row, EMPTY or DELETED) and table[2i + 1] (its hash):
  // side by side, so a probe costs one cache miss, and eight bytes a slot.
  private table: Int32Array;
  private slots: number;
  // Rows of one value in order: `next` from the first to the last, `prev` back — and the first
  // row's `prev` is the last row (NONE while the value has one row), so appending is O(1) without
  // a third word per slot. Rows at or past their length are linked to nothing.
  private next = new Int32Array(0);
  private prev = new Int32Array(0);
  private readonly expectedRows: number;
  private used = 0;
  private warmth = 0;

  /**
   * @param column the field's values by row
   * @param ignoreCase compare strings as `toLowerCase` does (emails)
   * @param expectedRows rows the index will likely hold: sized for them at once, it never has to
   *   grow (growing copies, and leaves the old arrays to the garbage collector)
   */
  constructor(
    private readonly column: ColumnReader,
    private readonly ignoreCase: boolean,
    expectedRows = 0,
  ) {
    const rows = Math.ceil(Math.min(MAX_PRESIZED_ROWS, Math.max(1024, Number.isFinite(expectedRows) ? expectedRows : 0)));
    this.expectedRows = rows;
    const slots = Math.ceil((rows * 4) / 3) + 1;
    this.slots = slots;
    this.table = emptyTable(slots);
  }

  /**
   * Adds `row` under its value. Returns {@link ADDED_REPEAT} when an earlier row holds it,
   * {@link ADDED_FIRST} when none does, or — when `row` is now first of a group that had another
   * first — that row, which has become a repeat. `value` is the row's value in the column, when
   * the caller has it at hand, and `hash` its {@link hashOf} (from {@link warm}).
   */
  add(row: number, value: IndexKey = this.column.get(row) as IndexKey, hash: number = this.hashOf(value)): number {
    return this.insert(row, hash, value);
  }

  /**
   * {@link add} for a value known only by its hash (the importer's byte path, which has no string
   * of the cell yet): when no value in the index has that hash, adds `row` as the first of its
   * value and answers {@link ADDED_FIRST}; otherwise adds nothing and answers {@link HASH_TAKEN},
   * and the caller calls {@link add} with the value — a repeat, or rarely another value with the
   * same hash.
   */
  addHash(row: number, hash: number): number {
    return this.insert(row, hash, undefined);
  }

  /** {@link add}, or {@link addHash} when `value` is undefined. */
  private insert(row: number, hash: number, value: IndexKey | undefined): number {
    // Linear probing stays quick up to three quarters full: probes mostly share a cache line.
    if ((this.used + 1) * 4 > this.slots * 3) this.rehash();
    const table = this.table;
    const slots = this.slots;
    let slot = firstSlot(hash, slots);
    let free = -1;
    for (;;) {
      const head = table[slot * 2] as number;
      if (head === EMPTY) break;
      if (head === DELETED) {
        if (free < 0) free = slot;
      } else if (table[slot * 2 + 1] === hash) {
        if (value === undefined) return HASH_TAKEN;
        if (this.same(this.column.get(head) as IndexKey, value)) return this.link(slot, row);
      }
      slot = slot + 1 === slots ? 0 : slot + 1;
    }
    if (free >= 0) slot = free;
    else this.used += 1;
    table[slot * 2] = row;
    table[slot * 2 + 1] = hash;
    return ADDED_FIRST;
  }

  /**
   * The {@link hashOf} of the text of UTF-8 `bytes[start…end)`, without making the string when the
   * bytes are ASCII (their bytes are then the string's UTF-16 code units).
   */
  hashOfBytes(bytes: Uint8Array, start: number, end: number): number {
    let hash = FNV_OFFSET;
    const fold = this.ignoreCase;
    for (let i = start; i < end; i++) {
      let code = bytes[i] as number;
      if (code > 127) return this.hashString(utf8.decode(bytes.subarray(start, end)));
      if (fold && code >= 65 && code <= 90) code += 32;
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
    return mix(hash);
  }

  /**
   * Reads the first slot each of `hashes[from…from + count)` probes, so that adding their values next finds
   * those slots in the cache. A slot is one cache miss (the table is megabytes, read at random);
   * taken one row at a time, between the row's other cells, every miss is waited for in turn.
   * This loop has nothing else to do and its loads do not depend on one another, so the processor
   * overlaps them: adding a million keys this way takes about half as long.
   */
  warm(hashes: Int32Array, count: number, from = 0): void {
    const { table, slots } = this;
    let seen = 0;
    for (let k = from; k < from + count; k++) seen ^= table[firstSlot(hashes[k] as number, slots) * 2] as number;
    // Kept, so that the loads are not left out as unused.
    this.warmth ^= seen;
  }

  /** Removes `row`, which must have been added with its current value. Returns the row that has become first instead, or -1. */
  remove(row: number): number {
    const slot = this.slotOf(this.column.get(row) as IndexKey);
    if (slot < 0) return -1;
    const head = this.table[slot * 2] as number;
    if (row !== head && this.linkOf(this.prev, row) === NONE) return -1;
    const tail = this.tailOf(head);
    const after = this.linkOf(this.next, row);
    if (row === head) {
      // The next row becomes first, and so holds the last row unless it is the last itself.
      if (after !== NONE) this.prev[after] = after === tail ? NONE : tail;
      // Deleted slots stay marked so later probes walk past them; `rehash` clears them.
      this.table[slot * 2] = after === NONE ? DELETED : after;
    } else {
      const before = this.prev[row] as number;
      this.next[before] = after;
      if (after !== NONE) this.prev[after] = before;
      else this.prev[head] = before === head ? NONE : before;
    }
    if (row < this.next.length) {
      this.prev[row] = NONE;
      this.next[row] = NONE;
    }
    return row === head ? after : -1;
  }

  /** The rows holding `value`, ascending. */
  rowsOf(value: IndexKey): number[] {
    const slot = this.slotOf(value);
    return slot < 0 ? [] : this.chain(this.table[slot * 2] as number);
  }

  /** Every value held by two or more rows: its key (emails lower-cased) and rows ascending. */
  *groups(): IterableIterator<[IndexKey, number[]]> {
    for (let slot = 0; slot < this.slots; slot++) {
      const head = this.table[slot * 2] as number;
      if (head >= 0 && this.linkOf(this.next, head) !== NONE) yield [this.keyOf(this.column.get(head) as IndexKey), this.chain(head)];
    }
  }

  private keyOf(value: IndexKey): IndexKey {
    return this.ignoreCase && typeof value === 'string' ? value.toLowerCase() : value;
  }

  private chain(head: number): number[] {
    const rows: number[] = [];
    for (let row = head; row !== NONE; row = this.linkOf(this.next, row)) rows.push(row);
    return rows;
  }

  private linkOf(links: Int32Array, row: number): number {
    return row < links.length ? (links[row] as number) : NONE;
  }

  /** The last row of the value whose first row is `head`. */
  private tailOf(head: number): number {
    const tail = this.linkOf(this.prev, head);
    return tail === NONE ? head : tail;
  }

  /** Puts `row` into the ordered list of the value in `slot`. */
  private link(slot: number, row: number): number {
    const head = this.table[slot * 2] as number;
    const tail = this.tailOf(head);
    if (Math.max(row, tail) >= this.next.length) this.growRows(Math.max(row, tail));
    if (row > tail) {
      this.next[tail] = row;
      this.prev[row] = tail;
      this.prev[head] = row;
      return ADDED_REPEAT;
    }
    if (row < head) {
      this.next[row] = head;
      this.prev[head] = row;
      this.prev[row] = tail;
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
    const slots = this.slots;
    for (let slot = firstSlot(hash, slots); ; slot = slot + 1 === slots ? 0 : slot + 1) {
      const head = this.table[slot * 2] as number;
      if (head === EMPTY) return -1;
      if (head >= 0 && this.table[slot * 2 + 1] === hash && this.same(this.column.get(head) as IndexKey, value)) return slot;
    }
  }

  private same(a: IndexKey, b: IndexKey): boolean {
    if (a === b) return true;
    return this.ignoreCase && typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
  }

  /** The hash {@link add} files `value` under (see {@link warm}). */
  hashOf(value: IndexKey): number {
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
    let size = Math.max(this.expectedRows, this.next.length * 2);
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
    const { table, slots } = this;
    let live = 0;
    for (let old = 0; old < slots; old++) if ((table[old * 2] as number) >= 0) live += 1;
    const size = (live + 1) * 2 > slots ? slots * 2 : slots;
    const fresh = emptyTable(size);
    for (let old = 0; old < slots; old++) {
      const head = table[old * 2] as number;
      if (head < 0) continue;
      const hash = table[old * 2 + 1] as number;
      let slot = firstSlot(hash, size);
      while (fresh[slot * 2] !== EMPTY) slot = slot + 1 === size ? 0 : slot + 1;
      fresh[slot * 2] = head;
      fresh[slot * 2 + 1] = hash;
    }
    this.table = fresh;
    this.slots = size;
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

/**
 * The slot a hash starts probing at, for a table of any size (Lemire's "fastrange": the high bits
 * of hash × slots, exact in a double): no power-of-two size, whose rounding up could cost a third
 * of the table's memory.
 */
function firstSlot(hash: number, slots: number): number {
  return Math.floor(((hash >>> 0) * slots) / 4294967296);
}

function emptyTable(slots: number): Int32Array {
  const table = new Int32Array(slots * 2);
  for (let slot = 0; slot < slots; slot++) table[slot * 2] = EMPTY;
  return table;
}

// Murmur3's finaliser: spreads FNV's weak bits over the whole word.
function mix(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
