/**
 * One path segment from a caller's id, encoded so an id can never reach another route
 * (`flow_1/../boards`), and refused when empty so `retrieve('')` does not become `list()`.
 * @internal
 */
export function idSegment(id: string, what = 'id'): string {
  if (typeof id !== 'string' || id === '') throw new TypeError(`Inlay: ${what} must be a non-empty string.`);
  return encodeURIComponent(id);
}
