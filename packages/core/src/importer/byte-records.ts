import { markUnreadable } from './reader-marks.js';
import type { ByteRecords } from './types.js';

/*
 * Reading the cells of {@link ByteRecords} as strings: what the importer's byte path does for the
 * cells its fast checks leave to the string path, for the rows it reports invalid, and for the
 * first rows of a file (read as strings to settle its number format and date order).
 */

// `ignoreBOM`: a U+FEFF at the start of a cell is text, as it is to the file's own decoder.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The text of a record's cell (`undefined` past its last cell), as the string reader would give it. @internal */
export function cellText(records: ByteRecords, record: number, column: number): string | undefined {
  const c = (records.first[record] as number) + column;
  if (c >= (records.first[record + 1] as number)) return undefined;
  const bytes = records.bytes.subarray(records.starts[c] as number, records.ends[c] as number);
  const text = markUnreadable(utf8.decode(bytes), bytes);
  return records.escaped[c] === 1 ? text.replaceAll('""', '"') : text;
}

/** Every cell of a record as text. @internal */
export function recordCells(records: ByteRecords, record: number): string[] {
  const cells: string[] = [];
  const count = (records.first[record + 1] as number) - (records.first[record] as number);
  for (let column = 0; column < count; column++) cells.push(cellText(records, record, column) as string);
  return cells;
}

/**
 * The cells of records `from`… as text, as {@link recordCells} gives them, for many records at
 * once: when their bytes are ASCII (a character a byte) they are decoded in one call and each
 * cell is a slice of that text — a decoder call per cell costs far more than the cell in a
 * browser. @internal
 */
export function recordsCells(records: ByteRecords, from = 0): string[][] {
  const rows: string[][] = [];
  if (from >= records.count) return rows;
  const { bytes, first, starts, ends, escaped } = records;
  const base = starts[first[from] as number] ?? 0;
  const stop = Math.max(base, ends[(first[records.count] as number) - 1] ?? base);
  let bits = 0;
  for (let i = base; i < stop; i++) bits |= bytes[i] as number;
  if (bits >= 0x80) {
    for (let r = from; r < records.count; r++) rows.push(recordCells(records, r));
    return rows;
  }
  const text = utf8.decode(bytes.subarray(base, stop));
  for (let r = from; r < records.count; r++) {
    const cells: string[] = [];
    for (let c = first[r] as number; c < (first[r + 1] as number); c++) {
      const cell = text.slice((starts[c] as number) - base, (ends[c] as number) - base);
      cells.push(escaped[c] === 1 ? cell.replaceAll('""', '"') : cell);
    }
    rows.push(cells);
  }
  return rows;
}

/**
 * Whether the cells of records `from`… would read as text holding U+FFFD: bytes that are not
 * UTF-8 (or U+FFFD itself). Such cells are refused (`invalid_character`), which only the string
 * path checks, so records that have them are read as strings. ASCII records, nearly all of them,
 * are told by one pass over their bytes. @internal
 */
export function hasUnreadable(records: ByteRecords, from = 0): boolean {
  if (from >= records.count) return false;
  const { bytes, first, starts, ends } = records;
  const base = starts[first[from] as number] ?? 0;
  const stop = Math.max(base, ends[(first[records.count] as number) - 1] ?? base);
  let bits = 0;
  let at = base;
  if (bytes.byteOffset % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
    for (; at < stop && (at & 3) !== 0; at++) bits |= bytes[at] as number;
    const wordStop = stop >> 2;
    let word = at >> 2;
    for (; word < wordStop; word++) bits |= words[word] as number;
    at = Math.max(at, wordStop << 2);
  }
  for (; at < stop; at++) bits |= bytes[at] as number;
  if ((bits & 0x80808080) === 0) return false;
  return utf8.decode(bytes.subarray(base, stop)).includes('\ufffd');
}
