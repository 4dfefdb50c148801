/**
 * Reading bytes as text (docs/importer.md): a byte-order mark decides (UTF-8, UTF-16 LE/BE, and is
 * dropped); without one the start of the file is tried as strict UTF-8, and Windows-1252 — what
 * spreadsheet programs write on Windows — is the fallback. A file whose start is plain ASCII is
 * followed further ({@link untilNotUtf8}): if its first character beyond ASCII is not UTF-8, the
 * rest is read as Windows-1252. The user can override the choice.
 * @internal
 */

import { markUnreadable, UNREADABLE } from '@inlay/core';

/** Bytes looked at to tell UTF-8 from a legacy encoding. */
const SNIFF_BYTES = 256 * 1024;

/** The encoding of `head`, the first bytes of a file. */
export function detectEncoding(head: Uint8Array): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // UTF-16 without a mark: every other byte of ASCII text is zero.
  const zeros = countZeros(head);
  if (zeros.even > head.length / 4 && zeros.odd < head.length / 20) return 'utf-16be';
  if (zeros.odd > head.length / 4 && zeros.even < head.length / 20) return 'utf-16le';
  try {
    // `stream: true`: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, SNIFF_BYTES), { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

function countZeros(bytes: Uint8Array): { even: number; odd: number } {
  let even = 0;
  let odd = 0;
  const end = Math.min(bytes.length, 4096);
  for (let i = 0; i < end; i++) {
    if (bytes[i] === 0) {
      if (i % 2 === 0) even += 1;
      else odd += 1;
    }
  }
  return { even, odd };
}

/** Whether every byte is ASCII: a start that tells nothing about the encoding. */
export function isAscii(bytes: Uint8Array): boolean {
  return firstHighByte(bytes) < 0;
}

/** The index of the first byte >= 0x80, or -1. */
function firstHighByte(bytes: Uint8Array): number {
  let at = 0;
  // Four bytes at a time where the view is aligned (the reader's pieces are).
  if (bytes.byteOffset % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
    let word = 0;
    while (word < words.length && ((words[word] as number) & 0x80808080) === 0) word++;
    at = word << 2;
  }
  while (at < bytes.length && (bytes[at] as number) < 0x80) at++;
  return at < bytes.length ? at : -1;
}

/** The UTF-8 sequence starting at `at` (a byte >= 0x80): well-formed, not, or cut by the end of `bytes` (more may follow unless `last`). */
function utf8SequenceAt(bytes: Uint8Array, at: number, last: boolean): 'valid' | 'invalid' | 'cut' {
  const lead = bytes[at] as number;
  // The second byte's range depends on the lead (no overlong forms, surrogates or code points past U+10FFFF).
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return 'invalid';
  for (let i = 1; i < length; i++) {
    if (at + i >= bytes.length) return last ? 'invalid' : 'cut';
    const byte = bytes[at + i] as number;
    if (i === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return 'invalid';
  }
  return 'valid';
}

/**
 * The pieces of a file detected as UTF-8 from a plain-ASCII start, watched up to its first byte
 * beyond ASCII: if that byte starts a well-formed UTF-8 character the file stays UTF-8 (a broken
 * character later is read as U+FFFD, and the cell holding it is refused); if not, the file is
 * Windows-1252 after all, and the piece is cut there and the rest marked `legacy`. Everything
 * before is ASCII, which both encodings read alike, so nothing read so far has to be read again.
 */
export async function* untilNotUtf8(chunks: AsyncIterable<ByteChunk>): AsyncGenerator<ByteChunk> {
  let watching = true;
  let legacy = false;
  /** A character cut at the end of a piece, copied (the piece's buffer is reused). */
  let carry: Uint8Array | null = null;
  for await (const chunk of chunks) {
    if (!watching) {
      yield legacy ? { ...chunk, legacy } : chunk;
      continue;
    }
    let bytes = chunk.bytes;
    if (carry !== null) {
      bytes = new Uint8Array(carry.length + chunk.bytes.length);
      bytes.set(carry);
      bytes.set(chunk.bytes, carry.length);
      carry = null;
    }
    const at = firstHighByte(bytes);
    if (at < 0) {
      yield { ...chunk, bytes };
      continue;
    }
    const before = { bytes: bytes.subarray(0, at), done: chunk.done - (bytes.length - at), total: chunk.total, last: false };
    const sequence = utf8SequenceAt(bytes, at, chunk.last);
    if (sequence === 'cut') {
      yield before;
      carry = bytes.slice(at);
      continue;
    }
    watching = false;
    if (sequence === 'valid') {
      yield { ...chunk, bytes };
      continue;
    }
    legacy = true;
    yield before;
    yield { bytes: bytes.subarray(at), done: chunk.done, total: chunk.total, last: chunk.last, legacy };
  }
}

/** The first bytes of a blob, for {@link detectEncoding} and format sniffing. */
export async function headOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
}

/** One piece of a text, in order, and how far into the source it reaches. */
export interface TextChunk {
  text: string;
  /** Bytes (files) or characters (pasted text) read so far. */
  done: number;
  total: number;
  last: boolean;
}

/**
 * The text of a file in pieces of at most `pieceBytes`, decoded as a stream so that a character
 * cut between two pieces is read whole; the byte-order mark is dropped.
 *
 * Memory (the engine should need no more than a few times the file): V8 puts strings over 128 KB
 * where only a full collection frees them, so the text is decoded in small pieces that die young;
 * and the bytes are read into one reused buffer (see {@link blobBytes}).
 */
export async function* fileText(blob: Blob, encoding: string, pieceBytes: number, watch = false): AsyncGenerator<TextChunk> {
  let decoder = new MarkingDecoder(encoding);
  const pieces = watch ? untilNotUtf8(fileBytes(blob, pieceBytes)) : fileBytes(blob, pieceBytes);
  let switched = false;
  for await (const { bytes, done, total, last, legacy } of pieces) {
    if (legacy === true && !switched) {
      // Only ASCII was read before: the UTF-8 decoder holds nothing.
      decoder = new MarkingDecoder('windows-1252');
      switched = true;
    }
    yield { text: decoder.decode(bytes, !last), done, total, last };
  }
}

/**
 * A stream decoder whose text marks each character it could not read as core's `UNREADABLE`, not
 * U+FFFD, so that a U+FFFD written in a UTF-8 file is told from bytes that are not UTF-8
 * (docs/importer.md, "Files the importer reads"). In other encodings every U+FFFD is unreadable.
 */
export class MarkingDecoder {
  readonly #decoder: InstanceType<typeof TextDecoder>;
  readonly #utf8: boolean;
  /** The last two bytes decoded, copied (pieces are views of a reused buffer). */
  #before = new Uint8Array(0);

  constructor(encoding: string, options?: { ignoreBOM?: boolean }) {
    this.#decoder = new TextDecoder(encoding, options);
    this.#utf8 = this.#decoder.encoding === 'utf-8';
  }

  get encoding(): string {
    return this.#decoder.encoding;
  }

  decode(bytes: Uint8Array, stream: boolean): string {
    const text = this.#decoder.decode(bytes, { stream });
    if (!this.#utf8) return text.includes('\ufffd') ? text.replaceAll('\ufffd', UNREADABLE) : text;
    const marked = markUnreadable(text, bytes, this.#before);
    if (bytes.length >= 2) this.#before = bytes.slice(bytes.length - 2);
    else if (bytes.length === 1) this.#before = Uint8Array.of(this.#before[this.#before.length - 1] ?? 0, bytes[0] as number);
    return marked;
  }
}

/** One piece of a file's bytes (valid until the next piece is asked for), and how far into the file it reaches. */
export interface ByteChunk {
  bytes: Uint8Array;
  done: number;
  total: number;
  last: boolean;
  /** Set by {@link untilNotUtf8} from the first byte that showed the file is Windows-1252, not UTF-8. */
  legacy?: boolean;
}

/**
 * The bytes of a file in pieces of at most `pieceBytes`, for the engine's byte path (UTF-8
 * files): each piece is a view of one reused buffer, so reading a large file leaves nothing for
 * the garbage collector (see {@link blobBytes}). The last piece may be empty.
 */
export async function* fileBytes(blob: Blob, pieceBytes: number): AsyncGenerator<ByteChunk> {
  const total = blob.size;
  let done = 0;
  for await (const bytes of blobBytes(blob)) {
    for (let at = 0; at < bytes.length; at += pieceBytes) {
      const stop = Math.min(bytes.length, at + pieceBytes);
      done += stop - at;
      yield { bytes: bytes.subarray(at, stop), done, total, last: false };
    }
  }
  yield { bytes: new Uint8Array(0), done, total, last: true };
}

/** Bytes read into the reused buffer at a time. */
const READ_BYTES = 256 * 1024;

/**
 * The bytes of a blob in order. Where the runtime can (a byte stream's BYOB reader) they are read
 * into one buffer, reused: each view is valid only until the next is asked for. A plain stream
 * hands out megabyte buffers instead, which outlive a young-generation collection while they are
 * read and then wait — a hundred megabytes of them for a large file — for a full one.
 */
async function* blobBytes(blob: Blob): AsyncGenerator<Uint8Array> {
  const stream = blob.stream();
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    byob = undefined;
  }
  if (byob === undefined) {
    const reader = stream.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
    } finally {
      reader.releaseLock();
    }
    return;
  }
  let buffer = new ArrayBuffer(READ_BYTES);
  try {
    for (;;) {
      const read = await byob.read(new Uint8Array(buffer));
      if (read.done || read.value === undefined) break;
      yield read.value;
      buffer = read.value.buffer as ArrayBuffer;
    }
  } finally {
    byob.releaseLock();
  }
}

/** Pasted text in pieces, so that a large paste is parsed in slices too. */
export function* stringText(text: string, chunkChars: number): Generator<TextChunk> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const total = body.length;
  if (total === 0) {
    yield { text: '', done: 0, total, last: true };
    return;
  }
  for (let start = 0; start < total; start += chunkChars) {
    let end = Math.min(total, start + chunkChars);
    // Never split a surrogate pair.
    if (end < total && isHighSurrogate(body.charCodeAt(end - 1))) end += 1;
    yield { text: body.slice(start, end), done: end, total, last: end >= total };
    start = end - chunkChars;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Counts the characters a {@link MarkingDecoder} could not read. */
export function countUnreadable(text: string): number {
  let count = 0;
  for (let at = text.indexOf(UNREADABLE); at >= 0; at = text.indexOf(UNREADABLE, at + 1)) count += 1;
  return count;
}
