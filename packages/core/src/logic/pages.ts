/**
 * Page patterns of tours and hotspots (docs/onboarding.md, "Tours and hotspots"): globs over
 * `location.pathname` where `*` matches any characters, `/` included (`/app/*`,
 * `/projects/*\/settings`). Pure, so the widgets, the dashboard and the server share it.
 */

/** Why a page pattern is refused, or undefined when it is one. */
export function pagePatternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/')) return 'a page pattern starts with "/" (it is matched against location.pathname)';
  if (/[\s?#]/.test(pattern)) return 'a page pattern holds no spaces, "?" or "#" (it is matched against the path alone)';
  return undefined;
}

/** Whether `pathname` matches the glob `pattern`: `*` any characters, everything else itself. */
export function pageMatches(pattern: string, pathname: string): boolean {
  const parts = pattern.split('*');
  const first = parts.shift() ?? '';
  if (parts.length === 0) return pathname === first;
  const last = parts.pop() ?? '';
  if (!pathname.startsWith(first) || pathname.length < first.length + last.length || !pathname.endsWith(last)) return false;
  // Each middle part at its first place after the previous one: greedy from the left is exact for `*`-only globs.
  let at = first.length;
  const end = pathname.length - last.length;
  for (const part of parts) {
    const found = pathname.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

/** Whether a page is one of `patterns`; no patterns (or none given) means every page. */
export function onPages(patterns: readonly string[] | undefined, pathname: string): boolean {
  return !patterns || patterns.length === 0 || patterns.some((pattern) => pageMatches(pattern, pathname));
}
