/** The claims of an author token the widgets read, as the server mints them (docs/feedback.md, Author tokens). @internal */
export interface TokenClaims {
  /** The user's id. */
  sub?: string;
  /** `"team"`: the user writes as the board's team. */
  role?: string;
}

/**
 * The claims of a JWT, decoded without verifying: the browser has no key, and the server verifies
 * every request, so they only shape what the widget offers. Empty when the token is not a JWT.
 * @internal
 */
export function tokenClaims(token: string): TokenClaims {
  try {
    const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    return Object(JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '=')))) as TokenClaims;
  } catch {
    return {};
  }
}
