import type { ListPage, Voter } from '@inlay/core';
import { type ListParams, ListPromise } from '../list.js';
import type { RequestOptions } from '../options.js';
import type { Transport } from '../transport.js';
import { idSegment } from './path.js';

/** `inlay.feedback.posts`: what a host's backend reads of a board's posts with its secret key (docs/feedback.md). */
export class PostsResource {
  readonly #transport: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * A post's voters, `{authorId, anonymous, name, email, votedAt}` (`name` and `email` as the voter's author
   * token carried them, else null): await it for one page, or iterate it with `for await` for
   * every voter of every page, fetching pages as they are needed.
   *
   * @example
   * ```ts
   * for await (const voter of inlay.feedback.posts.voters(event.data.postId)) {
   *   if (voter.email) await mailer.send(voter.email, 'It shipped!');
   * }
   * ```
   */
  voters(postId: string, params: ListParams = {}, options?: RequestOptions): ListPromise<Voter> {
    const path = `/api/v1/posts/${idSegment(postId, 'postId')}/voters`;
    const { limit } = params;
    return new ListPromise<Voter>(
      (cursor) => this.#transport.request<ListPage<Voter>>({ method: 'GET', service: 'feedback', path, query: { limit, cursor }, options }),
      params.cursor,
    );
  }
}
