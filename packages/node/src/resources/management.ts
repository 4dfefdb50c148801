import type {
  CreateResourceBody,
  ListPage,
  PublishResult,
  ResourceKind,
  ResourceRecord,
  ResourceSummary,
  SaveDraftResult,
  ServiceName,
} from '@inlay/core';
import { type ListParams, ListPromise } from '../list.js';
import type { PostOptions, RequestOptions } from '../options.js';
import type { Transport } from '../transport.js';
import { idSegment } from './path.js';

/** `updateDraft`'s body: the sent name and config become the draft (both required). */
export interface UpdateDraftParams<ConfigInput> {
  name: string;
  /** Absent fields take their defaults on the server, so the stored draft is always complete. */
  config: ConfigInput;
}

/**
 * The secret-key routes every configurable resource shares (docs/decisions.md,
 * "Wire"): `inlay.onboarding.flows`, `inlay.feedback.boards`, `inlay.importer.importers`.
 *
 * @typeParam K - the resource kind, also each record's `object`
 * @typeParam Config - the stored config (defaults applied)
 * @typeParam ConfigInput - the config `updateDraft` accepts (defaults optional)
 * @typeParam Created - what `create` answers (importers answer `{importerId, revisionId}`, docs/importer.md)
 */
export class ManagementResource<K extends ResourceKind, Config, ConfigInput, Created> {
  readonly #transport: Transport;
  readonly #service: ServiceName;
  readonly #base: string;

  /** @internal */
  constructor(transport: Transport, service: ServiceName, plural: string) {
    this.#transport = transport;
    this.#service = service;
    this.#base = `/api/v1/${plural}`;
  }

  /**
   * Lists resources, newest first. Await it for one page, or iterate it for all.
   *
   * @example
   * ```ts
   * for await (const flow of inlay.onboarding.flows.list({ limit: 100 })) console.log(flow.name);
   * ```
   */
  list(params: ListParams = {}, options?: RequestOptions): ListPromise<ResourceSummary<K>> {
    const { limit, cursor } = params;
    return new ListPromise(
      (pageCursor) =>
        this.#transport.request<ListPage<ResourceSummary<K>>>({
          method: 'GET',
          service: this.#service,
          path: this.#base,
          query: { limit, cursor: pageCursor },
          options,
        }),
      cursor,
    );
  }

  /**
   * Creates a resource with the default config as revision 1. Safe to retry: an
   * `Idempotency-Key` is sent (yours, or a random one reused by the SDK's retries).
   *
   * @example
   * ```ts
   * const flow = await inlay.onboarding.flows.create({ name: 'Welcome' }, { idempotencyKey: `welcome-${accountId}` });
   * ```
   */
  async create(params: CreateResourceBody, options?: PostOptions): Promise<Created> {
    return this.#transport.request({ method: 'POST', service: this.#service, path: this.#base, body: { name: params.name }, options });
  }

  /**
   * The resource with its draft, published config (null until the first publish) and the latest
   * revisions.
   *
   * @example
   * ```ts
   * const { draft, published } = await inlay.feedback.boards.retrieve('board_123');
   * ```
   */
  async retrieve(id: string, options?: RequestOptions): Promise<ResourceRecord<K, Config>> {
    return this.#transport.request({ method: 'GET', service: this.#service, path: `${this.#base}/${idSegment(id)}`, options });
  }

  /**
   * Saves `name` and `config` as the draft and records a revision (`PATCH`). Nothing goes live
   * until {@link publish}.
   *
   * @example
   * ```ts
   * const { revisionId } = await inlay.importer.importers.updateDraft('imp_123', {
   *   name: 'Contacts',
   *   config: { fields: [{ key: 'email', label: 'Email', type: 'email', required: true }] },
   * });
   * ```
   */
  async updateDraft(id: string, params: UpdateDraftParams<ConfigInput>, options?: RequestOptions): Promise<SaveDraftResult> {
    return this.#transport.request({
      method: 'PATCH',
      service: this.#service,
      path: `${this.#base}/${idSegment(id)}`,
      body: { name: params.name, config: params.config },
      options,
    });
  }

  /**
   * Copies the draft into the published config; publishing a draft already live changes
   * nothing.
   *
   * @example
   * ```ts
   * const { revisionId, publishedAt } = await inlay.onboarding.flows.publish('flow_123');
   * ```
   */
  async publish(id: string, options?: PostOptions): Promise<PublishResult> {
    return this.#transport.request({
      method: 'POST',
      service: this.#service,
      path: `${this.#base}/${idSegment(id)}`,
      body: { action: 'publish' },
      options,
    });
  }
}
