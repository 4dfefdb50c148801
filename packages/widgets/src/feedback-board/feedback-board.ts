// Lit first, then the SDK, then the rest, as in the checklist: the order modules take in the
// script-tag bundle (docs/decisions.md, "Widget bundle budgets (measured)").
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { createFeedbackClient, createHostedPostStore, type GetAuthorToken, isInlayError, type PostStore } from '@inlay/client';
import { type BoardConfig, LIMITS, type Post, type PostAuthorInput, type PublishedConfig } from '@inlay/core';
import { AuthorSession } from '../base/author-session.js';
import { InlayElement } from '../base/inlay-element.js';
import { loadOnce } from '../base/load-once.js';
import { type Guard, ResourceController } from '../base/resource-controller.js';
import { ResourceSync } from '../base/resource-sync.js';
import { anonymousId } from './anonymous-id.js';
import { PostList } from './board-list.js';
import type { BoardPort, BoardWrites } from './board-writes.js';
import { feedbackBoardStyles } from './feedback-board.styles.js';
import { feedbackBoardLocales } from './locales.js';
import { loadBoardWrites } from './writes.js';
import { type BoardViewStrings, boardViewStrings, type FeedbackBoardStrings } from './feedback-board.strings.js';

type PublishedBoard = PublishedConfig<'board', BoardConfig>;

/** Properties whose change means another board, server, author, token source, store or preview config: everything is reloaded. */
const SOURCE = ['boardId', 'publishableKey', 'baseUrl', 'authorId', 'authorName', 'anonymous', 'store', 'pageSize', 'getAuthorToken', 'previewConfig'] as const;

const ACCENT = /^#[0-9a-f]{6}$/i;

/**
 * A feedback board (docs/feedback.md): lists a board's posts with votes, search, sorting and paging,
 * and lets end users post ideas and vote, through the hosted post routes or a host-supplied
 * store on the BYO plan. Votes are optimistic and rolled back if the store refuses them. Post
 * titles and bodies are user content and are only ever rendered as text.
 *
 * @example
 * ```html
 * <inlay-feedback-board board-id="board_123" publishable-key="svc_live_pub_…"
 *   base-url="https://inlay.example.com/feedback" anonymous></inlay-feedback-board>
 * ```
 *
 * @fires {InlayPostCreateEvent} inlay-post-create - A post was created and saved. `detail: {boardId, post}`.
 * @fires {InlayVoteEvent} inlay-vote - A vote was added or removed and saved. `detail: {boardId, postId, voted, voteCount}`.
 * @fires {InlayErrorEvent} inlay-error - Loading, listing or a write failed (a vote is rolled back, a post stays in the form). `detail: {error, operation?}`.
 *
 * @csspart base - The card around everything.
 * @csspart header - The title row.
 * @csspart logo - The board's logo (`branding.logoUrl`).
 * @csspart title - The board's name (or `branding.title`).
 * @csspart form - The new-post form.
 * @csspart title-input - The new post's title field.
 * @csspart body-input - The new post's details field.
 * @csspart field-error - An inline validation message.
 * @csspart similar - The posts similar to the title being typed.
 * @csspart form-error - Why the store refused the post.
 * @csspart signed-out - The note shown instead of the form to a signed-out visitor (`strings.signedOut`).
 * @csspart submit-button - The form's submit button.
 * @csspart toolbar - The row with search and sort.
 * @csspart search - The search field.
 * @csspart sort - The sort switcher (a group of toggle buttons).
 * @csspart sort-button - One sort choice.
 * @csspart list - The `<ul>` of posts.
 * @csspart post - One `<li>`.
 * @csspart vote-button - A post's vote toggle (`aria-pressed`).
 * @csspart vote-count - A post's vote count.
 * @csspart post-title - A post's title.
 * @csspart post-body - A post's details.
 * @csspart post-meta - A post's status, author and date.
 * @csspart status - A post's status badge; it is also the part `status-<status>` (`status-planned`, …), for styling one status.
 * @csspart status-under_review - The status badge of a post that is `under_review`, for styling that status alone.
 * @csspart status-planned - The status badge of a post that is `planned`, for styling that status alone.
 * @csspart status-in_progress - The status badge of a post that is `in_progress`, for styling that status alone.
 * @csspart status-completed - The status badge of a post that is `completed`, for styling that status alone.
 * @csspart status-closed - The status badge of a post that is `closed`, for styling that status alone.
 * @csspart empty - The text shown when there are no posts, or no search results.
 * @csspart load-more - The button that loads the next page.
 * @csspart list-error - Shown when a search, sort or next page failed.
 * @csspart error - The error state.
 * @csspart retry-button - The retry button of the error states.
 *
 * @cssproperty --inlay-accent - Buttons, votes, focus ring. Default `#4f46e5`, or the board's `branding.accentColor`.
 * @cssproperty --inlay-accent-text - Text on the accent colour. Default `#fff`.
 * @cssproperty --inlay-font - Font family. Default: the system UI font.
 * @cssproperty --inlay-font-size - Base font size. Default `14px`.
 * @cssproperty --inlay-radius - Corner radius of the card. Default `12px`.
 * @cssproperty --inlay-spacing - Base spacing unit. Default `16px`.
 * @cssproperty --inlay-text-color - Main text. Default `#111827`.
 * @cssproperty --inlay-muted-color - Secondary text. Default `#4b5563`.
 * @cssproperty --inlay-surface-color - Card and field background. Default `#fff`.
 * @cssproperty --inlay-border-color - Card, field and separator lines. Default `#e5e7eb`.
 * @cssproperty --inlay-track-color - Badges and loading placeholders. Default `#eceef2`.
 * @cssproperty --inlay-danger-color - Error text. Default `#b91c1c`.
 * @cssproperty --inlay-focus-color - Focus ring. Default: the accent.
 * @cssproperty --inlay-board-min-height - Space reserved while loading. Default `20rem`.
 * @cssproperty --inlay-shadow-color - Shadows, used at low opacity. Default `#101828`.
 * @cssproperty --inlay-status-under-review-color - The `under_review` badge. Default `#6d28d9`.
 * @cssproperty --inlay-status-planned-color - The `planned` badge. Default `#1d4ed8`.
 * @cssproperty --inlay-status-in-progress-color - The `in_progress` badge. Default `#9a3412`.
 * @cssproperty --inlay-status-completed-color - The `completed` badge. Default `#166534`.
 * @cssproperty --inlay-status-closed-color - The `closed` badge. Default: the muted colour.
 */
export class InlayFeedbackBoard extends InlayElement {
  static override styles = [...InlayElement.styles, feedbackBoardStyles];
  static override locales = feedbackBoardLocales;

  // A static map rather than decorators, as in the checklist (smaller, no decorator transform).
  static override properties: PropertyDeclarations = {
    boardId: { attribute: 'board-id' },
    publishableKey: { attribute: 'publishable-key' },
    baseUrl: { attribute: 'base-url' },
    authorId: { attribute: 'author-id' },
    authorName: { attribute: 'author-name' },
    anonymous: { type: Boolean },
    pageSize: { attribute: 'page-size', type: Number },
    getAuthorToken: { attribute: false },
    store: { attribute: false },
    previewConfig: { attribute: false },
    strings: { attribute: false },
    board: { state: true },
    announcement: { state: true },
  };

  /** Required: the published board to show (`board_…`). Attribute `board-id`. */
  boardId = '';
  /** Required: a publishable key (`svc_test_pub_…` / `svc_live_pub_…`), never a secret key. Attribute `publishable-key`. */
  publishableKey = '';
  /** Required: the feedback base URL, e.g. `https://inlay.example.com/feedback`. Attribute `base-url`. */
  baseUrl = '';
  /** The host app's user who posts and votes (without an author token: test mode only). Attribute `author-id`. */
  authorId?: string;
  /** The name shown on that user's posts. Attribute `author-name`. */
  authorName?: string;
  /**
   * Post and vote as an anonymous visitor (boards with `allowAnonymous`), with an id generated
   * in the browser and kept in localStorage when it is available. Wins over `author-id`.
   */
  anonymous = false;
  /** Posts per page, 1–100. Attribute `page-size`. Default 20. */
  pageSize: number = LIMITS.listLimitDefault;
  /** Supplies author tokens (docs/concepts.md#author-tokens); passed to `@inlay/client`'s `createFeedbackClient`. */
  getAuthorToken?: GetAuthorToken;
  /**
   * A host-supplied post store (BYO plan). When set, the widget lists, creates and votes only
   * through it and never calls the hosted post routes; the config is still fetched.
   */
  store?: PostStore;
  /**
   * A config shown instead of the published one, which is then not fetched: the dashboard's
   * draft preview, with a `store` so no posts are read or written either.
   */
  previewConfig?: PublishedBoard;
  /** Overrides of the built-in texts; see {@link FeedbackBoardStrings}. */
  strings: Partial<FeedbackBoardStrings> = {};

  private board?: PublishedBoard;
  private announcement = '';

  #store?: PostStore;
  readonly #session = new AuthorSession(
    () => this.getAuthorToken,
    () => this.requestUpdate(),
  );
  /** Loads the board and its first page, dropping answers for an older source (base/resource-controller.ts). */
  readonly #resource = new ResourceController(this, {
    key: () => SOURCE.map((name) => this[name]),
    load: (guard) => this.#load(guard),
    report: (error) => this.reportError(error),
  });
  /** Refetches on return and shares changes with the user's other tabs (base/resource-sync.ts). */
  readonly #sync = new ResourceSync(this, this.#resource, {
    // Back in view: the posts are listed again for fresh votes, unless votes are in flight.
    refresh: (guard) => this.#list.refresh(guard, () => this.#votes.size > 0),
    channel: () => this.#channelName(),
    receive: (message) => this.#receive(message),
  });
  /** The write path (board-writes.ts: the form, create, votes), once loaded; its loading starts when the element connects. */
  #writes?: BoardWrites;
  /** Set when the write path could not be loaded: the form's place says so. */
  #writesFailed = false;
  /** A selector to focus after the next render. */
  #focus?: string;
  /** The posts, with search, sort and paging (board-list.ts). */
  readonly #list = new PostList({
    store: () => this.#store,
    limit: () => this.#limit,
    text: () => this.#text,
    requestUpdate: () => this.requestUpdate(),
    announce: (text, focus) => this.#announce(text, focus),
    report: (error) => this.reportError(error),
  });

  /** The English defaults of the form and create come with the write path (board-writes.ts). */
  get #text(): BoardViewStrings {
    return { ...boardViewStrings, ...this._locale.strings, ...this.strings };
  }

  get #limit(): number {
    return Math.min(LIMITS.listLimitMax, Math.max(1, Math.floor(this.pageSize) || LIMITS.listLimitDefault));
  }

  /** Whether posting and voting can name an author: otherwise the board is read-only. */
  get #canWrite(): boolean {
    const config = this.board?.config;
    if (this.store) return true;
    if (!config) return false;
    // Signed out (the callback threw or answered no token): read-only, with a calm note.
    if (this.getAuthorToken) return !this.#session.signedOut;
    if (config.requireAuthorToken) return false;
    return this.anonymous ? config.allowAnonymous : Boolean(this.authorId);
  }

  /** Votes in flight, per post (none before the write path has loaded). */
  get #votes(): ReadonlyMap<string, unknown> {
    return this.#writes?.votes ?? new Map();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // In parallel with the config request, so the form is normally there with the list. Failing,
    // the form's place says so and `inlay-error` reports it.
    this.#loadWrites().catch((error: unknown) => {
      this.#writesFailed = true;
      this.requestUpdate();
      this.reportError(error);
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#list.stop();
    this.#writes?.stop();
  }

  /** The write path, loaded once; a failed load is tried again by the next vote. */
  readonly #loadWrites = loadOnce(() =>
    loadBoardWrites().then(({ BoardWrites }) => {
      this.#writesFailed = false;
      this.requestUpdate();
      return (this.#writes = new BoardWrites(this.#port()));
    }),
  );

  /** The element as its write path sees it (board-writes.ts). */
  #port(): BoardPort {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the port's accessors read and set this element
    const host = this;
    return {
      get boardId() {
        return host.boardId;
      },
      get store() {
        return host.#store;
      },
      get posts() {
        return host.#list.posts;
      },
      set posts(posts) {
        host.#list.posts = posts;
      },
      get text() {
        return host.#text;
      },
      current: () => this.#resource.current(),
      publish: (message) => this.#sync.publish(message),
      announce: (text, focus) => this.#announce(text, focus),
      emit: (event) => this.emit(event),
      report: (error, operation) => this.reportError(error, operation),
      codeOf: (error) => (isInlayError(error) ? error.code : undefined),
    };
  }

  /** Sets the live region's text (when given) and the control to focus after the next render, and renders. */
  #announce(text?: string, focus?: string): void {
    if (text !== undefined) this.announcement = text;
    this.#focus = focus;
    this.requestUpdate();
  }

  protected override updated(): void {
    if (this.#focus === undefined) return;
    this.renderRoot.querySelector<HTMLElement>(this.#focus)?.focus();
    this.#focus = undefined;
  }

  #author(): PostAuthorInput | undefined {
    const name = this.authorName || undefined;
    if (this.anonymous) return { id: anonymousId(), name, anonymous: true };
    return this.authorId ? { id: this.authorId, name } : undefined;
  }

  /** Fetches the published config and the first page together. */
  #load(guard: Guard): Promise<void> | undefined {
    this.#list.clear();
    this.#writes?.reset();
    this.board = this.#store = undefined;
    const { boardId, publishableKey, baseUrl } = this;
    if (!(boardId && publishableKey && baseUrl)) return undefined;
    return (async () => {
      const client = createFeedbackClient({ publishableKey, baseUrl, getAuthorToken: this.#session.getAuthorToken });
      const store = (this.#store = this.store ?? createHostedPostStore(client, { boardId, author: this.#author() }));
      const [board, page] = await guard(Promise.all([this.previewConfig ?? client.getConfig(boardId), store.list(this.#list.first)]));
      this.board = board;
      this.#list.show(page);
    })();
  }

  /** The other tabs of this author and board. */
  #channelName(): string | undefined {
    const author = this.store ? this.authorId : (this.#author()?.id ?? this.#session.subject);
    if (!author || !this.board) return undefined;
    return `inlay:board\n${this.baseUrl}\n${this.boardId}\n${author}`;
  }

  /** A vote or post another tab saved: shown here, without events (that tab sent them). */
  #receive(message: unknown): void {
    const { vote, post } = (message ?? {}) as { vote?: { postId?: unknown; voted?: unknown; voteCount?: unknown }; post?: Post };
    if (vote && typeof vote.postId === 'string' && typeof vote.voted === 'boolean' && !this.#votes.has(vote.postId)) {
      const voteCount = typeof vote.voteCount === 'number' ? vote.voteCount : null;
      this.#list.patch(vote.postId, { voted: vote.voted, voteCount });
    }
    const list = this.#list;
    if (post && typeof post.id === 'string' && !list.posts.some((other) => other.id === post.id) && !list.query.trim()) {
      list.posts = [post, ...list.posts];
    }
  }

  /**
   * A vote (board-writes.ts). Before the write path has loaded, the click waits for it; if it
   * cannot load, the vote fails as a refused one does: announced, and reported as `inlay-error`.
   */
  #vote(postId: string): void {
    if (this.#writes) return this.#writes.vote(postId);
    const current = this.#resource.current();
    const voted = !this.#list.posts.find((post) => post.id === postId)?.voted;
    this.#loadWrites().then(
      (writes) => current() && writes.vote(postId),
      (error: unknown) => {
        if (!current()) return;
        this.announcement = this.#text.announceVoteFailure;
        this.reportError(error, { type: 'vote', postId, voted });
      },
    );
  }

  protected override render(): TemplateResult | typeof nothing {
    const t = this.#text;
    if (this.#resource.status === 'error') return this.#renderError(t);
    if (this.#resource.status === 'loading') return this.#renderLoading(t);
    const board = this.board;
    if (!board) return nothing;
    const { config } = board;
    const accent = config.branding?.accentColor;
    const canWrite = this.#canWrite;
    // A custom property set through CSSOM (allowed by a strict style-src); the page's
    // --inlay-accent still wins over the board's branding.
    return html`<section class="card" part="base" aria-labelledby="board-title"
        .style=${accent && ACCENT.test(accent) ? `--_accent:var(--inlay-accent,${accent})` : ''}>
        <header class="header" part="header">
          ${config.branding?.logoUrl ? html`<img part="logo" src=${config.branding.logoUrl} alt="" width="28" height="28" />` : nothing}
          <h2 id="board-title" part="title">${config.branding?.title ?? board.name}</h2>
        </header>
        ${config.submissionsEnabled && canWrite ? this.#renderForm(t) : nothing}
        ${this.getAuthorToken && !this.store && this.#session.signedOut && (config.submissionsEnabled || config.votingEnabled)
          ? html`<p class="muted signed-out" part="signed-out">${t.signedOut}</p>`
          : nothing}
        ${this.#list.renderToolbar(t)}
        ${this.#list.renderList(t, config, { enabled: canWrite, onClick: (postId) => this.#vote(postId) }, this._locale.tag)}
      </section>
      <div class="visually-hidden" role="status">${this.announcement}</div>`;
  }

  /** The form, from the write path once it has loaded; in its place, why it cannot be shown. */
  #renderForm(t: BoardViewStrings): TemplateResult | typeof nothing {
    if (this.#writes) return this.#writes.renderForm({ html, nothing });
    return this.#writesFailed ? html`<p class="field-error" part="form-error" role="alert">${t.createFailed(undefined)}</p>` : nothing;
  }

  #renderLoading(t: BoardViewStrings): TemplateResult {
    return html`<div class="card loading" part="base" aria-busy="true">
      <span class="visually-hidden">${t.loading}</span>
      <div class="bone"></div><div class="bone"></div><div class="bone"></div><div class="bone"></div>
    </div>`;
  }

  #renderError(t: BoardViewStrings): TemplateResult {
    const code = isInlayError(this.#resource.error) ? this.#resource.error.code : undefined;
    return html`<div class="card" part="base error" role="alert">
      <p class="error-title">${t.errorTitle}</p>
      <p class="muted error-text">${t.errorMessage(code)}</p>
      <button class="button" part="retry-button" @click=${() => void this.#resource.reload()}>${t.retry}</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'inlay-feedback-board': InlayFeedbackBoard;
  }
}
