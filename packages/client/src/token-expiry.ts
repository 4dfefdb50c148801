/**
 * When an author token should be replaced: a little before its `exp`, so a normal session never
 * sends an expired token and gets a 401 (docs/widgets.md, "Sign-in and tokens"). The payload is
 * decoded, not verified: the browser has no key, and the server verifies every request anyway.
 * @internal
 */
export function refreshAt(token: string): number | undefined {
  const claims = decodePayload(token);
  const exp = claims?.['exp'];
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return undefined;
  const iat = claims?.['iat'];
  const lifetimeSec = typeof iat === 'number' && iat < exp ? exp - iat : REFRESH_MARGIN_MAX_SEC * 10;
  // 10% of the token's life, at most a minute: a 15-minute token is replaced a minute early, a
  // 60-second one six seconds early.
  const marginSec = Math.min(REFRESH_MARGIN_MAX_SEC, lifetimeSec * REFRESH_MARGIN_SHARE);
  return (exp - marginSec) * 1000;
}

/** The most a token is replaced before its `exp`, in seconds. @internal */
export const REFRESH_MARGIN_MAX_SEC = 60;
/** The share of a token's life (`exp - iat`) left when it is replaced, if less than the maximum. @internal */
export const REFRESH_MARGIN_SHARE = 0.1;

/** The JSON payload of a JWT (`header.payload.signature`), or undefined when it is not one. @internal */
export function decodePayload(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
