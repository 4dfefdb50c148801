/*
 * URL reading (docs/importer.md): an absolute http(s) URL, kept exactly as written (no trailing slash
 * added, no case change). It must have `://`, no whitespace, a host the WHATWG URL parser accepts,
 * and a dot in the host (or `localhost`, or an IP literal): `https://acme` is far likelier a typo
 * than an intranet link in an import. Scheme-less web addresses (`www.example.com`,
 * `example.com/pricing`) and near-miss schemes (`https//`, `http:/`) get an https suggestion.
 */

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
  if (isPlainUrl(text)) return true;
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

const SLASH = 47;
const QUESTION = 63;
const HASH = 35;
const DOT = 46;
const HYPHEN = 45;

/**
 * The common case in one pass and no allocation: `http(s)://`, a plain DNS host (labels of
 * letters, digits and inner hyphens; a last label starting with a letter), no user info, no port,
 * then nothing or `/`, `?` or `#` and no whitespace. `false` only means "not this simple": the
 * general path then decides.
 * @internal
 */
export function isPlainUrl(text: string): boolean {
  const length = text.length;
  let at = schemeLength(text);
  if (at === 0) return false;
  let labelStart = at;
  let labels = 0;
  for (; at < length; at++) {
    const code = text.charCodeAt(at);
    if (code === SLASH || code === QUESTION || code === HASH) break;
    if (code === DOT) {
      if (!isLabel(text, labelStart, at)) return false;
      labels += 1;
      labelStart = at + 1;
    } else if (!isAlphanumeric(code) && code !== HYPHEN) {
      return false;
    }
  }
  const last = at - labelStart;
  if (labels === 0 || last < 1 || last > 63 || !isLetter(text.charCodeAt(labelStart))) return false;
  // The rest: no whitespace (other than ASCII is left to the general path).
  for (; at < length; at++) {
    const code = text.charCodeAt(at);
    if (code <= 32 || code > 126) return false;
  }
  return true;
}

/** 8 for `https://`, 7 for `http://` (in any case), else 0. `code | 32` lower-cases a letter. */
function schemeLength(text: string): number {
  if ((text.charCodeAt(0) | 32) !== 104 || (text.charCodeAt(1) | 32) !== 116 || (text.charCodeAt(2) | 32) !== 116 || (text.charCodeAt(3) | 32) !== 112) return 0;
  const colon = (text.charCodeAt(4) | 32) === 115 ? 5 : 4;
  return text.charCodeAt(colon) === 58 && text.charCodeAt(colon + 1) === SLASH && text.charCodeAt(colon + 2) === SLASH ? colon + 3 : 0;
}

/** A host label from `start` to `end`: 1–63 characters, letters and digits at both ends. */
function isLabel(text: string, start: number, end: number): boolean {
  return end - start >= 1 && end - start <= 63 && isAlphanumeric(text.charCodeAt(start)) && isAlphanumeric(text.charCodeAt(end - 1));
}

/** An ASCII letter's code. @internal */
export function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** An ASCII letter's or digit's code. @internal */
export function isAlphanumeric(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57);
}

/** A URL to offer for a cell that is not one, or `undefined`. @internal */
export function suggestUrl(text: string): string | undefined {
  let candidate: string | undefined;
  if (text.startsWith('//')) candidate = `https:${text}`;
  else if (BROKEN_SCHEME.test(text)) candidate = text.replace(BROKEN_SCHEME, '$1://');
  else if (!text.includes('@') && BARE_DOMAIN.test(text)) candidate = `https://${text}`;
  return candidate !== undefined && isHttpUrl(candidate) ? candidate : undefined;
}
