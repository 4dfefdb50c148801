import { keptValue } from './kept-value.js';

/** The anonymous visitor's id, kept per site. */
const kept = keptValue('inlay:anonymous-id');

/**
 * The id an anonymous visitor posts and votes with (docs/feedback.md: "Anonymous authors carry a
 * client-generated id"): read from localStorage, or generated once and stored there, so the same
 * browser keeps its votes across visits. Where storage is unavailable the id lasts until the page
 * unloads.
 *
 * `crypto.getRandomValues` rather than `crypto.randomUUID`: the latter exists only in secure
 * contexts, and customers' pages are not all served over https.
 *
 * @internal
 */
export function anonymousId(): string {
  const stored = kept.get();
  // The server takes ids of 1–200 characters; anything else was not written by us.
  if (stored && stored.length <= 200) return stored;
  const id = `anon_${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  kept.set(id);
  return id;
}
