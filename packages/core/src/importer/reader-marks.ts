/**
 * Marks a file reader leaves in a cell's text for what the cell cannot be imported as
 * (docs/importer.md, "Files the importer reads"). They are Unicode noncharacters, which text meant
 * for interchange never holds, so a mark is never confused with the file's own text:
 *
 * - {@link UNREADABLE}: bytes the decoder could not read, anywhere in the cell. A U+FFFD written
 *   in the file as a character of valid UTF-8 is text like any other, delivered as written (with a
 *   `replacement_character` warning).
 * - {@link NESTED}: the first character of a JSON cell that holds a list of objects or lists,
 *   followed by that JSON.
 * - {@link IMPRECISE}: the first character of a JSON number with more digits than a double holds
 *   exactly (an id such as 12345678901234567890), followed by the digits that were read.
 *
 * Cells with a mark are refused by every field type ({@link readerRefusal}); the review shows them
 * with {@link shownText}.
 */
import type { ImportErrorCode } from './types.js';

/** Stands for one character the decoder could not read. */
export const UNREADABLE = '\ufdd0';
/** Starts a JSON cell holding a list of objects or lists. */
export const NESTED = '\ufdd1';
/** Starts a JSON number too long to read exactly. */
export const IMPRECISE = '\ufdd2';

/** The message of a cell with bytes that could not be read. */
export const UNREADABLE_MESSAGE = 'Some characters could not be read (shown as \ufffd): retype them, or upload the file again saved as UTF-8';
const NESTED_MESSAGE = 'Holds a list of objects or lists, which does not fit in one cell: flatten it in the file, or leave the column unmapped';
const IMPRECISE_MESSAGE = 'Has more digits than can be read exactly as a number: write it in quotes in the file to import it as text';

/** The refusal a reader's mark calls for, or `undefined` for a cell without one. */
export function readerRefusal(text: string): { code: ImportErrorCode; message: string } | undefined {
  const first = text.charCodeAt(0);
  if (first === 0xfdd1) return { code: 'nested_value', message: NESTED_MESSAGE };
  if (first === 0xfdd2) return { code: 'imprecise_number', message: IMPRECISE_MESSAGE };
  // In a Latin-1 string V8 answers at once.
  if (text.includes(UNREADABLE)) return { code: 'invalid_character', message: UNREADABLE_MESSAGE };
  return undefined;
}

/** A cell's text as the user should see it: unreadable characters as U+FFFD, no leading mark. */
export function shownText(text: string): string {
  const first = text.charCodeAt(0);
  const body = first === 0xfdd1 || first === 0xfdd2 ? text.slice(1) : text;
  return body.includes(UNREADABLE) ? body.replaceAll(UNREADABLE, '\ufffd') : body;
}

/** `EF BF BD`, U+FFFD written as UTF-8. */
function countWrittenReplacements(bytes: Uint8Array, from: number): number {
  let count = 0;
  for (let at = bytes.indexOf(0xef, from); at >= 0 && at + 2 < bytes.length; at = bytes.indexOf(0xef, at + 1)) {
    if (bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd) count += 1;
  }
  return count;
}

/**
 * `text`, decoded from UTF-8 `bytes`, with the U+FFFD the decoder wrote for bytes it could not read
 * turned into {@link UNREADABLE}. `before` is up to two bytes that came just before `bytes` in the
 * file (a U+FFFD written across two pieces is told by them). When a piece holds both written U+FFFD
 * and unreadable bytes, every U+FFFD of it is counted unreadable: a cell is refused rather than
 * one imported with a character the file did not hold.
 */
export function markUnreadable(text: string, bytes: Uint8Array, before?: Uint8Array): string {
  if (!text.includes('\ufffd')) return text;
  let written = 0;
  if (before !== undefined && before.length > 0) {
    const joint = new Uint8Array(before.length + Math.min(2, bytes.length));
    joint.set(before);
    joint.set(bytes.subarray(0, 2), before.length);
    written += countWrittenReplacements(joint, 0) - countWrittenReplacements(before, 0);
  }
  written += countWrittenReplacements(bytes, 0);
  let found = 0;
  for (let at = text.indexOf('\ufffd'); at >= 0; at = text.indexOf('\ufffd', at + 1)) found += 1;
  return found === written ? text : text.replaceAll('\ufffd', UNREADABLE);
}
