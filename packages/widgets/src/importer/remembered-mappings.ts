import { headerFingerprint, type RememberedMapping, rememberMapping } from '@inlay/core';

/**
 * Column mappings the user confirmed, remembered per importer in this browser's localStorage
 * (docs/importer.md): the next file with the same headers (same {@link headerFingerprint}) maps
 * itself, and a file with some of the same headers reuses what it can. Storage that is full,
 * disabled or not there (a sandboxed frame, Node) just means nothing is remembered.
 * @internal
 */

const KEEP = 10;
const keyOf = (importerId: string) => `inlay-importer:${importerId}:mappings`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readAll(importerId: string): RememberedMapping[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(keyOf(importerId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRemembered) : [];
  } catch {
    return [];
  }
}

/** The mapping remembered for exactly these headers, else the most recent one (matched by header name). */
export function recallMapping(importerId: string, headers: readonly string[]): RememberedMapping | undefined {
  const all = readAll(importerId);
  const fingerprint = headerFingerprint(headers);
  return all.find((entry) => entry.fingerprint === fingerprint) ?? all[0];
}

/** Remembers a confirmed mapping, most recent first. */
export function saveMapping(importerId: string, columns: readonly { header: string; fieldKey: string | null }[]): void {
  const entry = rememberMapping(columns);
  const all = [entry, ...readAll(importerId).filter((other) => other.fingerprint !== entry.fingerprint)].slice(0, KEEP);
  try {
    storage()?.setItem(keyOf(importerId), JSON.stringify(all));
  } catch {
    // Full or refused: the next import is matched afresh.
  }
}

function isRemembered(value: unknown): value is RememberedMapping {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<RememberedMapping>;
  return (
    typeof entry.fingerprint === 'string' &&
    Array.isArray(entry.columns) &&
    entry.columns.every(
      (column: unknown) =>
        typeof column === 'object' &&
        column !== null &&
        typeof (column as { header?: unknown }).header === 'string' &&
        ((column as { fieldKey?: unknown }).fieldKey === null || typeof (column as { fieldKey?: unknown }).fieldKey === 'string'),
    )
  );
}
