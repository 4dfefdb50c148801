/**
 * Origin patterns of `allowedOrigins` (docs/api.md): an exact `scheme://host[:port]`, or
 * `https://*.example.com`, which matches any subdomain of example.com (not example.com itself).
 */

const EXACT = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;
const WILDCARD = /^https:\/\/\*\.([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/;

/** Returns why a pattern is not valid, or null when it is. */
export function originPatternProblem(pattern: string): string | null {
  if (pattern !== pattern.toLowerCase()) return 'origins are written in lower case';
  if (WILDCARD.test(pattern)) return null;
  if (pattern.includes('*')) return 'a wildcard is only allowed as https://*.example.com';
  const match = EXACT.exec(pattern);
  if (!match) return 'expected scheme://host[:port] with no path, e.g. https://app.example.com';
  const port = match[3];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return 'port must be from 1 to 65535';
  return null;
}

/** Normalises an `Origin` header the way browsers send it: lower case, default port dropped. */
export function normaliseOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether `origin` (an `Origin` header value) is matched by one pattern. */
export function originMatches(pattern: string, origin: string): boolean {
  const normalised = normaliseOrigin(origin);
  if (normalised === null) return false;
  const wildcard = WILDCARD.exec(pattern);
  if (wildcard) {
    const url = new URL(normalised);
    return url.protocol === 'https:' && url.port === '' && url.hostname.endsWith(`.${wildcard[1]}`);
  }
  return normaliseOrigin(pattern) === normalised;
}

/** Whether `origin` is allowed by a list; an empty list allows every origin. */
export function originAllowed(patterns: readonly string[], origin: string): boolean {
  return patterns.length === 0 || patterns.some((pattern) => originMatches(pattern, origin));
}

/** localhost, 127.0.0.1 and [::1] on any port and scheme: what test keys always allow. */
export function isLocalDevelopmentOrigin(origin: string): boolean {
  const normalised = normaliseOrigin(origin);
  if (normalised === null) return false;
  const url = new URL(normalised);
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}
