import type { GetAuthorToken } from '@inlay/client';
import { tokenClaims } from './token-claims.js';

/**
 * The host page's `getAuthorToken` as a widget hands it to the SDK (docs/widgets.md, "Sign-in and
 * tokens"): read at call time, so a host may replace it; a callback that throws or answers no
 * token means a signed-out visitor — the widget then reads without a token and offers no writes,
 * rather than showing an error.
 * @internal
 */
export class AuthorSession {
  /** Whether the last answer was "no token" (null, undefined, '' or a throw). */
  signedOut = false;
  /** The `sub` of the last token: the user the other tabs are told about. */
  subject?: string;

  constructor(
    private readonly source: () => GetAuthorToken | undefined,
    private readonly changed: () => void,
  ) {}

  /** For `createClient({getAuthorToken})`; undefined when the host set no callback. */
  readonly getAuthorToken: GetAuthorToken = async (options) => {
    const callback = this.source();
    if (!callback) return undefined;
    let token: unknown;
    try {
      token = await callback(options);
    } catch {
      token = undefined;
    }
    const signedOut = typeof token !== 'string' || token === '';
    this.subject = signedOut ? undefined : tokenClaims(token as string).sub;
    if (signedOut !== this.signedOut) {
      this.signedOut = signedOut;
      this.changed();
    }
    return signedOut ? undefined : (token as string);
  };
}
