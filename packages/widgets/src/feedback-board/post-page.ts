import { type ClientOptions, createFeedbackClient, createFeedbackCommentsClient, type PostStore } from '@inlay/client';
import type { Post } from '@inlay/core';
import type { nothing, TemplateResult } from 'lit';
import { tokenClaims } from '../base/token-claims.js';
import { InlayPostCloseEvent, InlayPostOpenEvent } from '../events.js';
import type { BoardPort, VoteState } from './board-port.js';
import { type CommentSource, CommentThread } from './comment-thread.js';
import { type FeedbackBoardStrings, postPageStrings } from './feedback-board.strings.js';
import { adoptPostPageStyles } from './post-page.styles.js';

/**
 * The board's post page (`post-id`): the post's title, details, status, category and votes, and
 * its comments (comment-thread.ts). The list does not need it, so the script-tag bundle loads it
 * as a module beside itself (`inlay-feedback-board.post.js`) when a post is first shown
 * (docs/widgets.md, "Files of the script-tag bundles"). Lit comes through the element's
 * {@link BoardPort}; the hosted post and comment routes through this module's own clients, so
 * the list's bundle carries neither the comment client nor `getPost`'s callers. A host's own
 * store (BYO) supplies the post's comments when it has `listComments`; otherwise the page shows
 * the post without a comments section.
 */

type PageState = 'loading' | 'ready' | 'missing' | 'failed';

/** Whether a host's store keeps comments (its optional `listComments`: docs/widgets.md, "Bring your own store"). */
const listsComments = (store?: PostStore): store is PostStore & CommentSource => typeof store?.listComments === 'function';

const backIcon = (port: BoardPort) =>
  port.lit.html`<svg class="back-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M10 3.5L5.5 8l4.5 4.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" /></svg>`;

export class PostPage {
  readonly #port: BoardPort;
  /** The id shown (as asked: a merged post's id shows the post it went into). */
  #id = '';
  #post?: Post;
  #state: PageState = 'loading';
  #thread?: CommentThread;
  /** Bumped by every post shown, so an older answer never replaces a newer one. */
  #ticket = 0;
  /** Whether the last author token the page's requests sent has `role: "team"`: the team may delete any comment. */
  #team = false;

  constructor(port: BoardPort) {
    this.#port = port;
  }

  /** The post shown, for votes cast on it. */
  get posts(): Post[] {
    return this.#post ? [this.#post] : [];
  }

  /** A new board, author or store: the post is loaded again when shown. */
  reset(): void {
    this.#id = '';
    this.#team = false;
    ++this.#ticket;
    this.#thread?.stop();
  }

  patch(postId: string, state: VoteState): void {
    if (this.#post?.id === postId) this.#post = { ...this.#post, ...state };
  }

  get #text(): FeedbackBoardStrings {
    return { ...postPageStrings, ...this.#port.text } as FeedbackBoardStrings;
  }

  /**
   * Shows `postId`: at once when it is listed, then as the server has it, with its comments.
   * `opened`: the user opened it (from the list or roadmap), which `inlay-post-open` tells the
   * page, and its title takes focus; a page that sets `post-id` itself hears nothing and keeps
   * its focus. The same post is loaded again only when the user opens it again.
   */
  show(postId: string, opened: boolean): void {
    const port = this.#port;
    if (opened) {
      port.emit(new InlayPostOpenEvent({ boardId: port.boardId, postId }));
      port.announce(undefined, '#post-heading');
    }
    if (postId !== this.#id || opened) this.#load(postId);
  }

  #load(postId: string): void {
    const port = this.#port;
    this.#thread?.stop();
    this.#id = postId;
    const ticket = ++this.#ticket;
    const current = port.current();
    const listed = port.find(postId);
    this.#post = listed;
    this.#state = listed ? 'ready' : 'loading';
    this.#comments(postId);
    const options = this.#options();
    const get = options ? (id: string) => createFeedbackClient(options).getPost(id, { authorId: port.state().author?.id }) : port.store?.get?.bind(port.store);
    if (!get) {
      if (!listed) this.#state = 'missing';
      return;
    }
    get(postId).then(
      (post) => {
        if (ticket !== this.#ticket || !current()) return;
        // A post of another board of the workspace is not this board's.
        if (post.boardId !== port.boardId && options) return this.#set(listed ? 'ready' : 'missing');
        this.#post = post;
        // A merged post's id answered with the post it went into: that post's comments.
        if (post.id !== postId) this.#comments(post.id);
        this.#set('ready');
      },
      (error: unknown) => {
        if (ticket !== this.#ticket || !current()) return;
        if (listed) return port.report(error);
        this.#set(port.codeOf(error) === 'not_found' ? 'missing' : 'failed');
        port.report(error);
      },
    );
  }

  /** The comments of `postId`: the hosted routes', or a host's store's when it lists comments (else none). */
  #comments(postId: string): void {
    this.#thread?.stop();
    const options = this.#options();
    const store = this.#port.store;
    const source = options ? createFeedbackCommentsClient(options) : listsComments(store) ? store : undefined;
    this.#thread = source
      ? new CommentThread(this.#port, source, postId, {
          text: () => this.#text,
          team: () => this.#team,
          count: (delta) => {
            if (this.#post) this.#post = { ...this.#post, commentCount: Math.max(0, this.#post.commentCount + delta) };
          },
        })
      : undefined;
    void this.#thread?.list(false);
  }

  /**
   * The hosted clients' options (undefined with a host's own store), reading the claims of each
   * author token they send: the server decides who writes as the team from the same token
   * (docs/feedback.md, Comments), so what the page offers follows what its requests carry.
   */
  #options(): ClientOptions | undefined {
    const options = this.#port.state().client;
    const source = options?.getAuthorToken;
    if (!options || !source) return options;
    return {
      ...options,
      getAuthorToken: async (request) => {
        const token = await source(request);
        this.#team = !!token && tokenClaims(token).role === 'team';
        return token;
      },
    };
  }

  #set(state: PageState): void {
    this.#state = state;
    this.#port.announce();
  }

  #back(): void {
    const port = this.#port;
    port.emit(new InlayPostCloseEvent({ boardId: port.boardId, postId: this.#id }));
    port.close();
  }

  render(): TemplateResult {
    const port = this.#port;
    const { html } = port.lit;
    const t = this.#text;
    adoptPostPageStyles(port.state().root);
    return html`<article class="page" part="page" aria-labelledby="post-heading" aria-busy=${this.#state === 'loading'}>
      <button class="back" part="back-button" @click=${() => this.#back()}>${backIcon(port)}${t.back}</button>
      ${this.#renderBody(t)}
    </article>`;
  }

  #renderBody(t: FeedbackBoardStrings): TemplateResult | typeof nothing {
    const port = this.#port;
    const { html, nothing } = port.lit;
    const post = this.#post;
    if (this.#state === 'missing' || this.#state === 'failed') {
      return html`<p class="end" part="list-error" role="alert">
        <span class="field-error" id="post-heading" tabindex="-1">${this.#state === 'missing' ? t.postNotFound : t.postFailed}</span>
        ${this.#state === 'failed' ? html`<button class="button secondary" part="retry-button" @click=${() => this.#load(this.#id)}>${t.retry}</button>` : nothing}
      </p>`;
    }
    if (!post) return html`<span class="visually-hidden" id="post-heading">${t.loading}</span><div class="bone"></div><div class="bone"></div>`;
    return html`<div class="post">
        ${port.renderVote(post)}
        <div class="content">
          <h3 id="post-heading" part="post-title" tabindex="-1">${post.title}</h3>
          ${post.body ? html`<p part="post-body">${post.body}</p>` : nothing}
          ${port.renderMeta(post)}
        </div>
      </div>
      ${this.#thread?.render(t, post) ?? nothing}`;
  }
}
