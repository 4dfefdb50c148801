/**
 * An id as one encoded path segment; an empty one would silently hit another route (`/posts/`
 * is the list, not a post), so it is refused before anything is sent.
 * @internal
 */
export function segment(name: string, value: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`Inlay: ${name} must be a non-empty string.`);
  return encodeURIComponent(value);
}
