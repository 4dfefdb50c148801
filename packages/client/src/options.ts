/**
 * Asks the host page for an author token (docs/concepts.md#author-tokens). Called with `forceRefresh: false` before
 * the first request, and with `forceRefresh: true` when the server says the token has expired.
 * Return null or undefined when there is no signed-in author.
 */
export type GetAuthorToken = (options: {
  forceRefresh: boolean;
}) => Promise<string | null | undefined> | string | null | undefined;

/**
 * Options shared by every service client of this SDK.
 *
 * @example
 * ```ts
 * const options: ClientOptions = {
 *   publishableKey: 'svc_test_pub_…',
 *   baseUrl: 'https://inlay.example.com/onboarding',
 *   getAuthorToken: ({ forceRefresh }) => myBackend.inlayToken({ forceRefresh }),
 * };
 * ```
 */
export interface ClientOptions {
  /** A publishable key (`svc_test_pub_…` or `svc_live_pub_…`); secret keys are refused. */
  publishableKey: string;
  /** The service's base URL, e.g. `http://127.0.0.1:4000/onboarding`; a trailing slash is tolerated. */
  baseUrl: string;
  /** Supplies the `Inlay-Author-Token` header; see {@link GetAuthorToken}. */
  getAuthorToken?: GetAuthorToken;
  /** Injectable fetch; defaults to `globalThis.fetch`, looked up at each request. */
  fetch?: typeof fetch;
  /** Retries of idempotent calls after connection errors, 429 and 5xx. Default 2. */
  maxNetworkRetries?: number;
  /** Per-attempt timeout in milliseconds, enforced with an AbortController. Default 10 000. */
  timeoutMs?: number;
}
