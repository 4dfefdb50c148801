import type { Workbook } from './xlsx-reader.js';

/** The first bytes of every XLSX (a ZIP archive): `PK\x03\x04`. @internal */
export function looksLikeZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * Loads the XLSX reader on first use — a separate chunk (`inlay-importer.xlsx.js` beside the CDN
 * worker), never part of the base bundle.
 * @internal
 */
export async function openWorkbook(file: Blob): Promise<Workbook> {
  const { readWorkbook } = await import('./xlsx-reader.js');
  return readWorkbook(file);
}
