import type { GetAuthorToken } from './options.js';
import { refreshAt } from './token-expiry.js';

/**
 * The host page's author token, asked for once and shared by every request (docs/concepts.md#author-tokens).
 * @internal
 */
export interface AuthorTokenCache {
  /**
   * The cached token, asking the host page (`forceRefresh: false`) the first time, and again
   * (`forceRefresh: true`) once the token is close to its `exp` (token-expiry.ts).
   */
  current(): Promise<string | undefined>;
  /**
   * A token to replace `stale`, which the server refused as expired. Requests that fail together
   * share one refresh, and a request that used a token already replaced gets the newer one
   * without asking the host page again.
   */
  refresh(stale: string | undefined): Promise<string | undefined>;
}

/** @internal */
export function createAuthorTokenCache(getAuthorToken: GetAuthorToken, now: () => number = Date.now): AuthorTokenCache {
  let settled: { token: string | undefined } | undefined;
  let pending: Promise<string | undefined> | undefined;

  function ask(forceRefresh: boolean): Promise<string | undefined> {
    const request = (async () => normalise(await getAuthorToken({ forceRefresh })))();
    pending = request;
    // A failure is not cached: the next request asks the host page again.
    return request.then(
      (token) => {
        if (pending === request) {
          // "No token" is not cached: a host page may set up its token source after the
          // widget's first request (a signed-in user, a getAuthorToken set later).
          settled = token === undefined ? undefined : { token };
          pending = undefined;
        }
        return token;
      },
      (error: unknown) => {
        if (pending === request) pending = undefined;
        throw error;
      },
    );
  }

  return {
    current() {
      if (pending) return pending;
      if (!settled) return ask(false);
      const due = settled.token === undefined ? undefined : refreshAt(settled.token);
      // Replaced before it expires, so the request is not refused with a 401 first.
      return due !== undefined && now() >= due ? ask(true) : Promise.resolve(settled.token);
    },
    refresh(stale) {
      if (pending) return pending;
      if (settled && settled.token !== stale) return Promise.resolve(settled.token);
      return ask(true);
    },
  };
}

function normalise(token: unknown): string | undefined {
  return typeof token === 'string' && token !== '' ? token : undefined;
}
