import type { ServiceName, Usage } from '@inlay/core';
import type { RequestOptions } from '../options.js';
import type { Transport } from '../transport.js';

/** `usage.retrieve`'s query. */
export interface UsageParams {
  /** The window in days ending today (UTC), 1–90; default 30. */
  days?: number;
}

/** `GET /api/v1/usage` of one service: counts for the key's workspace and mode. */
export class UsageResource {
  readonly #transport: Transport;
  readonly #service: ServiceName;

  /** @internal */
  constructor(transport: Transport, service: ServiceName) {
    this.#transport = transport;
    this.#service = service;
  }

  /**
   * Aggregate counts over the last `days` days. The importer's also lists recent sessions'
   * metadata (never rows).
   *
   * @example
   * ```ts
   * const { totals } = await inlay.onboarding.usage.retrieve({ days: 7 });
   * ```
   */
  retrieve(params: UsageParams = {}, options?: RequestOptions): Promise<Usage> {
    return this.#transport.request({
      method: 'GET',
      service: this.#service,
      path: '/api/v1/usage',
      query: { days: params.days },
      options,
    });
  }
}
