/*
 * URL reading (DESIGN.md §8): an absolute http(s) URL, kept exactly as written (no trailing slash
 * added, no case change). It must have `://`, no whitespace, a host the WHATWG URL parser accepts,
 * and a dot in the host (or `localhost`, or an IP literal): `https://acme` is far likelier a typo
 * than an intranet link in an import. Scheme-less web addresses (`www.example.com`,
 * `example.com/pricing`) and near-miss schemes (`https//`, `http:/`) get an https suggestion.
 */

// The common case in one test and no allocation: a plain DNS host, no user info, no port.
const PLAIN_URL = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}(?:[/?#]\S*)?$/i;
const SHAPE = /^https?:\/\/(?:[^\s/?#@]+@)?([^\s/?#@]+)(?:[/?#]\S*)?$/i;
const HOST_WITH_PORT = /^(\[[0-9a-f:.]+\]|[^:]+)(?::(\d{1,5}))?$/i;
// Hosts the WHATWG parser accepts without a doubt; anything else (IDN, IPv6, odd characters)
// goes through `new URL`, which costs an object per cell.
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const BROKEN_SCHEME = /^(https?)(?::\/(?!\/)|\/\/|:\/\/\/+|;\/\/)/i;

/**
 * Whether a trimmed cell is an absolute http(s) URL.
 *
 * @example
 * isHttpUrl('https://example.com/a?b=1')  // true
 * isHttpUrl('www.example.com')            // false (suggested: https://www.example.com)
 * @internal
 */
export function isHttpUrl(text: string): boolean {
  if (PLAIN_URL.test(text)) return true;
  const shape = SHAPE.exec(text);
  if (!shape) return false;
  const host = HOST_WITH_PORT.exec(shape[1] as string);
  if (!host) return false;
  const hostname = host[1] as string;
  const port = host[2];
  if (port !== undefined && Number(port) > 65535) return false;
  if (PLAIN_HOST.test(hostname)) return true;
  if (!hostname.includes('.') && !hostname.startsWith('[') && hostname.toLowerCase() !== 'localhost') return false;
  if (hostname.startsWith('.') || hostname.endsWith('.') || hostname.includes('..')) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** A URL to offer for a cell that is not one, or `undefined`. @internal */
export function suggestUrl(text: string): string | undefined {
  let candidate: string | undefined;
  if (text.startsWith('//')) candidate = `https:${text}`;
  else if (BROKEN_SCHEME.test(text)) candidate = text.replace(BROKEN_SCHEME, '$1://');
  else if (!text.includes('@') && BARE_DOMAIN.test(text)) candidate = `https://${text}`;
  return candidate !== undefined && isHttpUrl(candidate) ? candidate : undefined;
}
