/**
 * A database or store URL as it may be printed or logged: its password (or a lone user part,
 * which Redis URLs use for the password) replaced by `…`. Anything that is not a URL (a SQLite
 * path) is returned as it is.
 */
export function redactUrl(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^@/]*)@/i, (_match, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return colon === -1 ? `${scheme}…@` : `${scheme}${userinfo.slice(0, colon)}:…@`;
  });
}
