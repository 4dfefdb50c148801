import type { ListPage } from '@inlay/core';

/** `?limit=` (1–100, default 20 on the server) and `?cursor=` of every list route. */
export interface ListParams {
  /** Items per page, 1–100. When auto-paging, the size of each page fetched. */
  limit?: number;
  /** The `nextCursor` of an earlier page: start after it. */
  cursor?: string;
}

/** Fetches one page; `cursor` undefined means the first page of the walk. @internal */
export type FetchPage<P> = (cursor: string | undefined) => Promise<P>;

/**
 * What `list()` returns, as in stripe-node: await it for one page (`{items, nextCursor}`), or
 * iterate it with `for await` for every item of every page, fetching pages as they are needed.
 * The first page is requested once, when first awaited or iterated, and shared by both uses.
 *
 * @example
 * ```ts
 * const page = await inlay.onboarding.flows.list({ limit: 10 });
 * for await (const flow of inlay.onboarding.flows.list()) console.log(flow.id, flow.name);
 * const all = await inlay.feedback.boards.list().autoPagingToArray({ limit: 500 });
 * ```
 */
export class ListPromise<T, P extends ListPage<T> = ListPage<T>> implements PromiseLike<P>, AsyncIterable<T> {
  readonly #fetchPage: FetchPage<P>;
  readonly #startCursor: string | undefined;
  #first: Promise<P> | undefined;

  /** @internal */
  constructor(fetchPage: FetchPage<P>, startCursor: string | undefined) {
    this.#fetchPage = fetchPage;
    this.#startCursor = startCursor;
  }

  get [Symbol.toStringTag](): string {
    return 'ListPromise';
  }

  #firstPage(): Promise<P> {
    this.#first ??= this.#fetchPage(this.#startCursor);
    return this.#first;
  }

  then<R1 = P, R2 = never>(
    onFulfilled?: ((page: P) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#firstPage().then(onFulfilled, onRejected);
  }

  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<P | R> {
    return this.#firstPage().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<P> {
    return this.#firstPage().finally(onFinally);
  }

  /** Every item of every page, in order, starting at the first page (or the given cursor). */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    let cursor = this.#startCursor;
    let page = await this.#firstPage();
    for (;;) {
      yield* page.items;
      // A cursor that points back at the page just read would loop forever: stop there.
      if (page.nextCursor === null || page.nextCursor === cursor) return;
      cursor = page.nextCursor;
      page = await this.#fetchPage(cursor);
    }
  }

  /**
   * Calls `onItem` for every item of every page, one at a time (awaiting it when it returns a
   * promise); returning `false` stops the walk.
   */
  async autoPagingEach(onItem: (item: T) => unknown): Promise<void> {
    for await (const item of this) {
      if ((await onItem(item)) === false) return;
    }
  }

  /**
   * Collects items of every page into an array, up to `limit` of them (required, so a large
   * workspace cannot exhaust memory by accident; at most 10 000).
   */
  async autoPagingToArray(options: { limit: number }): Promise<T[]> {
    const { limit } = options;
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
      throw new TypeError('Inlay: autoPagingToArray needs a limit from 1 to 10000.');
    }
    const items: T[] = [];
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}
