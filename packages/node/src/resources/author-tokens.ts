import type { AuthorToken, ServiceName } from '@inlay/core';
import type { PostOptions } from '../options.js';
import type { Transport } from '../transport.js';

/**
 * `POST /api/v1/author-tokens` of onboarding or feedback (docs/concepts.md#author-tokens): a short-lived token
 * for one of your signed-in users and one flow or board. Hand it to the widget, which sends it as
 * `Inlay-Author-Token`. The server signs it; your backend never holds the signing secret.
 */
export class AuthorTokensResource<Params extends object> {
  readonly #transport: Transport;
  readonly #service: ServiceName;

  /** @internal */
  constructor(transport: Transport, service: ServiceName) {
    this.#transport = transport;
    this.#service = service;
  }

  /**
   * Mints a token; `expiresInSec` defaults to 900 (60–86 400).
   *
   * @example
   * ```ts
   * const { token, expiresAt } = await inlay.onboarding.authorTokens.create({
   *   authorId: user.id, flowId: 'flow_123', workspaceKey: user.accountId,
   * });
   * ```
   */
  create(params: Params, options?: PostOptions): Promise<AuthorToken> {
    return this.#transport.request({ method: 'POST', service: this.#service, path: '/api/v1/author-tokens', body: params, options });
  }
}
