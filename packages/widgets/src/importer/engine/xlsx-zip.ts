import { FileRefusedError } from './file-kind.js';

/**
 * The ZIP container of an XLSX, read from its central directory and inflated piece by piece
 * (docs/decisions.md, "Importer: XLSX read as a stream"): a sheet's XML is never held whole, only
 * the piece being read. Stored and deflated entries, ZIP64 sizes and offsets.
 * @internal
 */

/** One file of the archive. */
export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly headerOffset: number;
}

/** A piece of an entry's inflated bytes, with how far through its compressed bytes reading has got. */
export interface EntryPiece {
  bytes: Uint8Array;
  done: number;
  total: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

async function bytesOf(blob: Blob, start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

/** A workbook whose archive cannot be read: refused as damaged (file-kind.ts), back at the upload step. */
function notWorkbook(detail?: string): Error {
  return new FileRefusedError('damaged_zip', detail);
}

/** The entries of the archive, by lower-cased name (part names in an XLSX ignore case). */
export async function readZipDirectory(blob: Blob): Promise<Map<string, ZipEntry>> {
  // The end record is in the last 22 bytes, plus a comment of up to 65,535.
  const tailStart = Math.max(0, blob.size - 65_557);
  const tail = await bytesOf(blob, tailStart, blob.size);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notWorkbook();
  let count = view.getUint16(end + 10, true);
  let directorySize = view.getUint32(end + 12, true);
  let directoryOffset = view.getUint32(end + 16, true);
  if ((count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) && end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) {
    const recordAt = Number(view.getBigUint64(end - 12, true));
    const record = await bytesOf(blob, recordAt, recordAt + 56);
    const recordView = new DataView(record.buffer, record.byteOffset, record.byteLength);
    if (recordView.getUint32(0, true) !== ZIP64_END) throw notWorkbook();
    count = Number(recordView.getBigUint64(32, true));
    directorySize = Number(recordView.getBigUint64(40, true));
    directoryOffset = Number(recordView.getBigUint64(48, true));
  }
  const directory = await bytesOf(blob, directoryOffset, directoryOffset + directorySize);
  const dir = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const names = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let i = 0; i < count && at + 46 <= directory.length; i++) {
    if (dir.getUint32(at, true) !== DIRECTORY_ENTRY) throw notWorkbook();
    const method = dir.getUint16(at + 10, true);
    let compressedSize = dir.getUint32(at + 20, true);
    let size = dir.getUint32(at + 24, true);
    const nameLength = dir.getUint16(at + 28, true);
    const extraLength = dir.getUint16(at + 30, true);
    const commentLength = dir.getUint16(at + 32, true);
    let headerOffset = dir.getUint32(at + 42, true);
    const name = names.decode(directory.subarray(at + 46, at + 46 + nameLength));
    // ZIP64: the sizes and offset that overflowed 32 bits are in extra field 1, in this order.
    for (let x = at + 46 + nameLength, xEnd = x + extraLength; x + 4 <= xEnd; ) {
      const id = dir.getUint16(x, true);
      const length = dir.getUint16(x + 2, true);
      if (id === 1) {
        let field = x + 4;
        if (size === 0xffffffff) {
          size = Number(dir.getBigUint64(field, true));
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(dir.getBigUint64(field, true));
          field += 8;
        }
        if (headerOffset === 0xffffffff) headerOffset = Number(dir.getBigUint64(field, true));
      }
      x += 4 + length;
    }
    entries.set(name.replace(/^\/+/, '').toLowerCase(), { name, method, compressedSize, size, headerOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's compressed bytes start: after its local header, whose lengths may differ from the directory's. */
async function dataStart(blob: Blob, entry: ZipEntry): Promise<number> {
  const header = await bytesOf(blob, entry.headerOffset, entry.headerOffset + 30);
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (header.length < 30 || view.getUint32(0, true) !== LOCAL_HEADER) throw notWorkbook();
  return entry.headerOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
}

/**
 * Most inflated bytes handed on at once. The browser's inflater answers 16 KB at a time: too
 * little for a piece, which the reader decodes, tokenizes and reports progress for.
 */
const PIECE_BYTES = 256 * 1024;

/**
 * An entry's bytes, inflated as its compressed bytes are read in slices of `sliceBytes`. Each
 * piece is new (the caller may keep it); `done`/`total` count compressed bytes taken by the
 * inflater. Deflated entries go through the browser's own inflater (`DecompressionStream`),
 * several times faster than one in JavaScript (docs/decisions.md, "Importer: XLSX read as a stream").
 */
export async function* entryPieces(blob: Blob, entry: ZipEntry, sliceBytes: number): AsyncGenerator<EntryPiece> {
  if (entry.method !== 0 && entry.method !== 8) throw notWorkbook(`Its part ${entry.name} is compressed in a way that cannot be read (method ${entry.method}).`);
  const start = await dataStart(blob, entry);
  const total = entry.compressedSize;
  const step = Math.max(1, sliceBytes);
  if (entry.method === 0) {
    for (let done = 0; done < total; ) {
      const next = Math.min(total, done + step);
      const bytes = await bytesOf(blob, start + done, start + next);
      done = next;
      yield { bytes, done, total };
    }
    if (total === 0) yield { bytes: new Uint8Array(0), done: 0, total };
    return;
  }
  const inflater = new DecompressionStream('deflate-raw');
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  let fed = 0;
  /** The file could not be read (it changed or went away), as against bytes that do not inflate. */
  let unreadable: unknown;
  // Slices go in as the inflater takes them (its queue holds one), so at most a slice or two
  // are read ahead of what was handed on. A failure here fails the reading below too.
  const feeding = (async () => {
    for (let done = 0; done < total; ) {
      const next = Math.min(total, done + step);
      let slice: Uint8Array<ArrayBuffer>;
      try {
        slice = await bytesOf(blob, start + done, start + next);
      } catch (error) {
        unreadable = error;
        await writer.abort(error);
        return;
      }
      await writer.write(slice);
      fed = done = next;
    }
    await writer.close();
  })();
  feeding.catch(() => undefined);
  let finished = false;
  try {
    let parts: Uint8Array[] = [];
    let size = 0;
    let handedOn = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (value !== undefined) {
        parts.push(value);
        size += value.length;
      }
      // About a piece per slice taken, as for a stored entry (a preview stops after a few), and
      // at most PIECE_BYTES and the answer that crossed it.
      if (done || size >= PIECE_BYTES || (fed > handedOn && size >= step)) {
        if (size > 0 || (done && total === 0)) yield { bytes: joined(parts, size), done: done ? total : fed, total };
        handedOn = fed;
        parts = [];
        size = 0;
      }
      if (done) break;
    }
    finished = true;
    await feeding;
  } catch (error) {
    throw unreadable ?? notWorkbook(`Its part ${entry.name} cannot be decompressed (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    // Stopped early (the preview has its rows) or failed: the inflater and the slices feeding it stop.
    if (!finished) void reader.cancel().catch(() => undefined);
  }
}

/** `parts` as one array (the one part itself when there is one). */
function joined(parts: readonly Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An entry's whole text (for the small parts: workbook, relationships). */
export async function entryText(blob: Blob, entry: ZipEntry): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const piece of entryPieces(blob, entry, 1 << 20)) text += decoder.decode(piece.bytes, { stream: true });
  return text + decoder.decode();
}
