// Lit first, then the SDK, then the rest, as in the checklist: the order modules take in the
// script-tag bundle (docs/decisions.md, "Widget bundle budgets (measured)").
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { createFeedbackClient, createHostedPostStore, type GetAuthorToken, isInlayError, type PostStore } from '@inlay/client';
import { type BoardConfig, LIMITS, type PublishedConfig } from '@inlay/core';
import type { ClientOptions } from '@inlay/client';
import { AuthorSession } from '../base/author-session.js';
// Beside the session it reads: the smallest bundle of the places tried (docs/decisions.md, "The board element split by concept (measured)").
import { visitorAuthor, visitorCanWrite, visitorId } from './board-visitor.js';
import { InlayElement } from '../base/inlay-element.js';
import { loadOnce } from '../base/load-once.js';
import { type Guard, ResourceController } from '../base/resource-controller.js';
import { PostList } from './board-list.js';
import type { BoardPort } from './board-port.js';
import type { BoardViews } from './board-views.js';
import type { BoardWrites } from './board-writes.js';
import { renderError, renderLoading } from './board-states.js';
import type { PostPage } from './post-page.js';
import { renderMeta, renderVote } from './post-item.js';
import { loadBoardViews, loadPostPage } from './pages.js';
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
 * @fires {InlayPostOpenEvent} inlay-post-open - The user opened a post's page (not sent when the page sets `post-id`). `detail: {boardId, postId}`.
 * @fires {InlayPostCloseEvent} inlay-post-close - The user went back from a post's page (not sent when the page clears `post-id`). `detail: {boardId, postId}`.
 * @fires {InlayErrorEvent} inlay-error - Loading, listing or a write failed (a vote is rolled back, a post or comment stays in its form). `detail: {error, operation?}`.
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
 * @csspart post-link - The button of a post's title that opens its page.
 * @csspart post-body - A post's details.
 * @csspart post-meta - A post's status, category, author and date.
 * @csspart category - A post's category: its name beside a dot of its colour.
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
 * @csspart filters - The status and category filters below the search.
 * @csspart status-filter - The toolbar of status toggles (`aria-pressed`), one tab stop with the arrow keys between them; none pressed lists every status.
 * @csspart status-toggle - One status toggle.
 * @csspart category-filter - The category picker (boards with categories).
 * @csspart roadmap - The roadmap (`view="roadmap"`): a column per status.
 * @csspart roadmap-column - One column: planned, in progress or completed.
 * @csspart page - The post's page (`post-id`).
 * @csspart back-button - The post page's button back to the list or roadmap.
 * @csspart comments - The post page's comments.
 * @csspart comment - One comment (a reply is also the part `reply`).
 * @csspart reply - A reply to a comment.
 * @csspart comment-body - A comment's text.
 * @csspart team-badge - The badge of a comment written by the team.
 * @csspart comment-form - The new comment's form, and a reply's or an edit's.
 * @csspart comment-input - A comment form's text field.
 * @csspart comment-error - Why a comment form's text was refused.
 * @csspart comment-actions - A comment's reply, edit and delete buttons.
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
    postId: { attribute: 'post-id' },
    view: {},
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
  /**
   * The post whose page is shown (its title, details, votes and comments) instead of the list;
   * empty for the list. The board sets the `postId` property when the user opens a post (with
   * `inlay-post-open`) and clears it when they go back (with `inlay-post-close`); the attribute is
   * the page's to set, so read the property (or the events), not `[post-id]`. A page may bind it
   * to its router. Attribute `post-id`.
   */
  postId = '';
  /** `roadmap`: the board's planned, in-progress and completed posts in three columns instead of the list. Attribute `view`. */
  view: 'list' | 'roadmap' = 'list';

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
  /** The write path (board-writes.ts: the form, create, votes), once loaded; its loading starts when the element connects. */
  #writes?: BoardWrites;
  /** Set when the write path could not be loaded: the form's place says so. */
  #writesFailed = false;
  /** A selector to focus after the next render. */
  #focus?: string;
  /** The post page and the filters and roadmap (post-page.ts, board-views.ts), once loaded. */
  #page?: PostPage;
  #views?: BoardViews;
  /** Set when the user opened the post shown: the page then says so (`inlay-post-open`) and takes focus. */
  #opened = false;
  /** The page's scroll position when a post was opened, restored on the way back. */
  #scroll = 0;
  /** The posts, with search, sort and paging (board-list.ts). */
  readonly #list = new PostList({
    store: () => this.#store,
    pageSize: () => this.pageSize,
    text: () => this.#text,
    requestUpdate: () => this.requestUpdate(),
    announce: (text, focus) => this.#announce(text, focus),
    report: (error) => this.reportError(error),
  });

  /** The English defaults of the form and create come with the write path (board-writes.ts). */
  get #text(): BoardViewStrings {
    return { ...boardViewStrings, ...this._locale.strings, ...this.strings };
  }

  /** Whether posting and voting can name an author: otherwise the board is read-only (board-visitor.ts). */
  get #canWrite(): boolean {
    return visitorCanWrite(this, this.#session, this.board?.config);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The filters show with the list; a failure leaves the list without them (and `inlay-error`).
    this.#loadViews().catch((error: unknown) => this.reportError(error));
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
    this.#views?.stop();
  }

  /** The write path, loaded once; a failed load is tried again by the next vote. */
  readonly #loadWrites = loadOnce(() =>
    loadBoardWrites().then(({ BoardWrites }) => {
      this.#writesFailed = false;
      this.requestUpdate();
      return (this.#writes = new BoardWrites(this.#port()));
    }),
  );

  /** The filters and roadmap, loaded when the element connects; without them the list shows unfiltered. */
  readonly #loadViews = loadOnce(() =>
    loadBoardViews().then(({ BoardViews }) => {
      this.requestUpdate();
      return (this.#views = new BoardViews(this.#port()));
    }),
  );

  /** The post page, loaded when a post is first shown; after a failed load the list stays, and the next post shown tries again. */
  readonly #loadPage = loadOnce(() =>
    loadPostPage().then(({ PostPage }) => {
      this.requestUpdate();
      return (this.#page = new PostPage(this.#port()));
    }),
  );

  /** The element as the modules beside it see it (board-port.ts). */
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
      lit: { html, nothing },
      state: () => ({
        list: this.#list,
        config: this.board?.config,
        locale: this._locale.tag,
        root: this.renderRoot as ShadowRoot,
        canWrite: this.#canWrite,
        me: visitorId(this, this.#session),
        author: visitorAuthor(this),
        client: this.store ? undefined : this.#options(),
      }),
      find: (postId) => [...this.#list.posts, ...(this.#page?.posts ?? []), ...(this.#views?.posts ?? [])].find((post) => post.id === postId),
      patch: (postId, state) => {
        this.#list.patch(postId, state);
        this.#page?.patch(postId, state);
        this.#views?.patch(postId, state);
      },
      renderVote: (post) => renderVote(this.#text, (this.board as PublishedBoard).config, post, { enabled: this.#canWrite, onClick: () => this.#vote(post.id) }, this._locale.tag),
      renderMeta: (post) => renderMeta(this.#text, (this.board as PublishedBoard).config, post, this._locale.tag),
      vote: (postId) => this.#vote(postId),
      open: (postId) => this.#open(postId),
      close: () => this.#close(),
      host: this,
      resource: this.#resource,
      channel: () => this.#channelName(),
      current: () => this.#resource.current(),
      announce: (text, focus) => this.#announce(text, focus),
      emit: (event) => this.emit(event),
      report: (error, operation) => this.reportError(error, operation),
      codeOf: (error) => (isInlayError(error) ? error.code : undefined),
    };
  }

  /** Sets the live region's text and the control to focus after the next render (each when given), and renders. */
  #announce(text?: string, focus?: string): void {
    if (text !== undefined) this.announcement = text;
    // A render asked for by another part (the post page's comments loading) keeps a focus asked for before it.
    if (focus) this.#focus = focus;
    this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.postId) return;
    if (this.#page) {
      this.#page.show(this.postId, this.#opened);
      this.#opened = false;
    } else if (changed.has('postId')) {
      // Its module arrives, then shows the post. Without it the list stays (with `inlay-error`), and the next post opened tries again.
      this.#loadPage().catch((error: unknown) => {
        this.postId = '';
        this.reportError(error);
      });
    }
  }

  protected override updated(): void {
    if (this.#focus === undefined) return;
    this.renderRoot.querySelector<HTMLElement>(this.#focus)?.focus({ preventScroll: this.#focus.startsWith('[data-post') });
    this.#focus = undefined;
  }

  /** The user opened a post (the list, the roadmap): its page replaces them, keeping them as they are for the way back. */
  #open(postId: string): void {
    this.#scroll = scrollY;
    this.#opened = true;
    this.postId = postId;
  }

  /** Back from a post's page: the list (or roadmap) as it was, scrolled as it was, with focus on the post's title. */
  #close(): void {
    const postId = this.postId;
    this.postId = '';
    this.#announce(undefined, `[data-post="${postId}"] .open`);
    void this.updateComplete.then(() => scrollTo(scrollX, this.#scroll));
  }

  /** The hosted clients' options. */
  #options(): ClientOptions {
    return { publishableKey: this.publishableKey, baseUrl: this.baseUrl, getAuthorToken: this.#session.getAuthorToken };
  }

  /** Fetches the published config and the first page together. */
  #load(guard: Guard): Promise<void> | undefined {
    this.#list.clear();
    this.#writes?.reset();
    this.#page?.reset();
    this.#views?.reset();
    this.board = this.#store = undefined;
    const { boardId, publishableKey, baseUrl } = this;
    if (!(boardId && publishableKey && baseUrl)) return undefined;
    return (async () => {
      const client = createFeedbackClient(this.#options());
      const store = (this.#store = this.store ?? createHostedPostStore(client, { boardId, author: visitorAuthor(this) }));
      const [board, page] = await guard(Promise.all([this.previewConfig ?? client.getConfig(boardId), store.list(this.#list.first)]));
      this.board = board;
      this.#list.show(page);
    })();
  }

  /** The other tabs of this author and board. */
  #channelName(): string | undefined {
    const author = visitorId(this, this.#session);
    if (!author || !this.board) return undefined;
    return `inlay:board\n${this.baseUrl}\n${this.boardId}\n${author}`;
  }

  /**
   * A vote (board-writes.ts). Before the write path has loaded, the click waits for it; if it
   * cannot load, the vote fails as a refused one does: announced, and reported as `inlay-error`.
   */
  #vote(postId: string): void {
    if (this.#writes) return this.#writes.vote(postId);
    const current = this.#resource.current();
    const voted = !this.#port().find(postId)?.voted;
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
    if (this.#resource.status === 'error') return renderError(t, this.#resource.error, () => void this.#resource.reload());
    if (this.#resource.status === 'loading') return renderLoading(t);
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
        ${this.postId ? this.#page?.render() : nothing}
        <div ?hidden=${!!this.postId}>
          ${config.submissionsEnabled && canWrite ? this.#renderForm(t) : nothing}
          ${this.getAuthorToken && !this.store && this.#session.signedOut && (config.submissionsEnabled || config.votingEnabled)
            ? html`<p class="muted signed-out" part="signed-out">${t.signedOut}</p>`
            : nothing}
          ${this.view === 'roadmap'
            ? this.#views?.renderRoadmap()
            : html`${this.#list.renderToolbar(t)}${this.#views?.renderFilters()}
              ${this.#list.renderList(t, config, { enabled: canWrite, onClick: (postId) => this.#vote(postId) }, this._locale.tag, (postId) => this.#open(postId))}`}
        </div>
      </section>
      <div class="visually-hidden" role="status">${this.announcement}</div>`;
  }

  /** The form, from the write path once it has loaded; in its place, why it cannot be shown. */
  #renderForm(t: BoardViewStrings): TemplateResult | typeof nothing {
    if (this.#writes) return this.#writes.renderForm({ html, nothing });
    return this.#writesFailed ? html`<p class="field-error" part="form-error" role="alert">${t.createFailed(undefined)}</p>` : nothing;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'inlay-feedback-board': InlayFeedbackBoard;
  }
}
