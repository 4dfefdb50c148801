/** Where the anonymous visitor's id is kept, per site (localStorage is per origin). */
const STORAGE_KEY = 'inlay:anonymous-id';

/** Kept for the page's lifetime when localStorage is unavailable (blocked, sandboxed frame). */
let inMemory: string | undefined;

/**
 * The id an anonymous visitor posts and votes with (docs/feedback.md: "Anonymous authors carry a
 * client-generated id"): read from localStorage, or generated once and stored there, so the same
 * browser keeps its votes across visits. Storage that throws (Safari private mode, sandboxed
 * iframes, blocked cookies) leaves an id that lasts until the page unloads.
 *
 * `crypto.getRandomValues` rather than `crypto.randomUUID`: the latter exists only in secure
 * contexts, and customers' pages are not all served over https.
 *
 * @internal
 */
export function anonymousId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    // The server takes ids of 1–200 characters; anything else was not written by us.
    if (stored && stored.length <= 200) return stored;
  } catch {
    // Storage is unavailable; fall back to memory.
  }
  inMemory ??= `anon_${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  try {
    localStorage.setItem(STORAGE_KEY, inMemory);
  } catch {
    // As above: the id lasts for this page only.
  }
  return inMemory;
}
