/**
 * The names of a ZIP archive's entries, from its central directory (the end of the file), so that
 * a ZIP which is not an Excel workbook is refused without unpacking anything (file-kind.ts).
 * @internal
 */

/** The end-of-directory record (22 bytes) follows the directory, then a comment of up to 65,535 bytes. */
const END_RECORD = 22;
const TAIL_BYTES = END_RECORD + 0xffff;
/** Directories larger than this are not read: the archive is handed to the XLSX reader as it is. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

const END_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ENTRY_SIGNATURE = 0x02014b50;

/**
 * The entry names of the archive `blob`; `null` when its directory cannot be found or read (a
 * truncated or damaged file); `undefined` when it is too large to look at here.
 */
export async function zipEntryNames(blob: Blob): Promise<string[] | null | undefined> {
  const tailStart = Math.max(0, blob.size - TAIL_BYTES);
  const tail = await bytesOf(blob, tailStart, blob.size);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  // The last end record whose comment reaches no further than the file.
  let end = -1;
  for (let at = tail.length - END_RECORD; at >= 0; at--) {
    if (view.getUint32(at, true) === END_SIGNATURE && at + END_RECORD + view.getUint16(at + 20, true) <= tail.length) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  let size = view.getUint32(end + 12, true);
  let offset = view.getUint32(end + 16, true);
  let directoryEnd = tailStart + end;
  // ZIP64: the sizes are in a record of their own, found through a locator before the end record.
  const locator = end - 20;
  if (locator >= 0 && view.getUint32(locator, true) === ZIP64_LOCATOR_SIGNATURE) {
    const recordAt = Number(view.getBigUint64(locator + 8, true));
    const record = await bytesOf(blob, recordAt, recordAt + 56);
    if (record.length < 56) return null;
    const recordView = new DataView(record.buffer, record.byteOffset, record.byteLength);
    if (recordView.getUint32(0, true) !== ZIP64_END_SIGNATURE) return null;
    size = Number(recordView.getBigUint64(40, true));
    offset = Number(recordView.getBigUint64(48, true));
    directoryEnd = recordAt;
  } else if (offset === 0xffffffff || size === 0xffffffff) {
    return null;
  }
  if (size > MAX_DIRECTORY_BYTES) return undefined;
  // The directory ends where the end records start; data prepended to the archive (a
  // self-extractor) shifts every offset, so trust that over the stored offset.
  const start = directoryEnd - size >= 0 ? directoryEnd - size : offset;
  const directory = await bytesOf(blob, start, start + size);
  return entryNames(directory);
}

function entryNames(directory: Uint8Array): string[] | null {
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const utf8 = new TextDecoder();
  const names: string[] = [];
  let at = 0;
  while (at + 46 <= directory.length) {
    if (view.getUint32(at, true) !== ENTRY_SIGNATURE) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > directory.length) return null;
    // Names are UTF-8 or code page 437; the ones looked for are ASCII either way.
    names.push(utf8.decode(directory.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

async function bytesOf(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}
