import type { ClientOptions, PostStore } from '@inlay/client';
import type { BoardConfig, Post, PostAuthorInput } from '@inlay/core';
import type { html, nothing, ReactiveControllerHost, TemplateResult } from 'lit';
import type { ResourceController } from '../base/resource-controller.js';
import type { BoardOperation } from '../events.js';
import type { PostList } from './board-list.js';
import type { BoardViewStrings } from './feedback-board.strings.js';

/** Lit's template functions, the element's own copy. @internal */
export interface Lit {
  html: typeof html;
  nothing: typeof nothing;
}

/** A post's vote state, as a vote changes it. @internal */
export type VoteState = Pick<Post, 'voted' | 'voteCount'>;

/** What the modules read of the element, as it is when asked. @internal */
export interface BoardState {
  /** The list, for its filters (board-views.ts). */
  list: PostList;
  /** The published (or preview) config shown. */
  config?: BoardConfig;
  /** The language tag dates and numbers are shown in. */
  locale: string;
  /** The element's shadow root, which a module adds its stylesheet to. */
  root: ShadowRoot;
  /** Whether the visitor may post, vote and comment (the board's rules, a signed-in author). */
  canWrite: boolean;
  /** The visitor's author id (their token's subject, `author-id`, or the anonymous id), if any. */
  me?: string;
  /** Who writes when no author token says so. */
  author?: PostAuthorInput;
  /** The options the hosted clients are created with; undefined with a host's own `store`. */
  client?: ClientOptions;
}

/**
 * The element as the modules loaded beside the script-tag bundle see it: the write path
 * (board-writes.ts), the post page (post-page.ts), the filters and roadmap (board-views.ts). They
 * import neither Lit nor the element; what they need of either comes through here. @internal
 */
export interface BoardPort {
  readonly boardId: string;
  /** The store posts are listed, created and voted through: the host's (BYO) or the hosted one. */
  readonly store?: PostStore;
  /** The posts listed; setting them renders. */
  posts: readonly Post[];
  /** The element's texts; each module adds its own English defaults. */
  readonly text: BoardViewStrings;
  readonly lit: Lit;
  /** The element's state now (one call, so the bundle carries no getter per field). */
  state(): BoardState;
  /** The post with this id, where it is shown (the list, the post page). */
  find(postId: string): Post | undefined;
  /** Changes a post's votes wherever it is shown. */
  patch(postId: string, state: VoteState): void;
  /** A post's vote button (or count) and its status, category, author and date, as the list shows them. */
  renderVote(post: Post): TemplateResult | typeof nothing;
  renderMeta(post: Post): TemplateResult;
  /** Votes for a post, or takes the vote back (the write path's `vote`). */
  vote(postId: string): void;
  /** Opens a post's page (the user chose it); `close` goes back to the list or roadmap. */
  open(postId: string): void;
  close(): void;
  /** A check that the shown source is still the one loaded now (base/resource-controller.ts). */
  current(): () => boolean;
  /** The element and its loader, for the refetch on return and the other tabs (base/resource-sync.ts). */
  readonly host: ReactiveControllerHost;
  readonly resource: ResourceController;
  /** The `BroadcastChannel` name of this author and board, or undefined before they are known. */
  channel(): string | undefined;
  /** Sets the live region's text and the control to focus after the next render (each when given), and renders. */
  announce(text?: string, focus?: string): void;
  emit(event: Event): void;
  report(error: unknown, operation?: BoardOperation): void;
  /** An Inlay error's code (`@inlay/client`'s `isInlayError`, which the modules do not import). */
  codeOf(error: unknown): string | undefined;
}
