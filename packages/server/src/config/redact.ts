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

/** Path segments and query parameters that carry a secret (docs/security.md, "What is logged"). */
const SECRET_PATH = /(\/invites\/token\/)[^/?#]+/;
const SECRET_QUERY = /([?&](?:token|code|code_verifier|refresh_token|access_token)=)[^&#]*/gi;

/**
 * A request URL as the request log keeps it: a dashboard invite's token in the path and a token
 * or code in the query (an email's unsubscribe link, OAuth) replaced by `…`. They act for their
 * holder for days; a log is read by more people, for longer.
 */
export function redactRequestUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1…').replace(SECRET_QUERY, '$1…');
}
