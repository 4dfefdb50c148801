// Lit first, then the SDK, then the rest, as in the checklist: the order modules take in the
// script-tag bundle (docs/decisions.md, "Widget bundle budgets (measured)").
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { createFeedbackClient, createHostedPostStore, type GetAuthorToken, isInlayError, type PostStore } from '@inlay/client';
import { type BoardConfig, LIMITS, type Post, type PostAuthorInput, type PostSort, type PublishedConfig } from '@inlay/core';
import { AuthorSession } from '../base/author-session.js';
import { InlayElement } from '../base/inlay-element.js';
import { type Guard, ResourceController } from '../base/resource-controller.js';
import { InlayPostCreateEvent, InlayVoteEvent } from '../events.js';
import { anonymousId } from './anonymous-id.js';
import { feedbackBoardStyles } from './feedback-board.styles.js';
import { feedbackBoardLocales } from './locales.js';
import { draftProblems, type PostDraft, similarPosts } from './post-draft.js';
import { renderPostForm } from './post-form.js';
import { renderPost } from './post-item.js';
import { defaultFeedbackBoardStrings, type FeedbackBoardStrings } from './feedback-board.strings.js';

type PublishedBoard = PublishedConfig<'board', BoardConfig>;
/** The list below the first load: settled, replacing it (search, sort), appending, or failed. */
type Listing = 'idle' | 'busy' | 'more' | 'failed';
type VoteState = Pick<Post, 'voted' | 'voteCount'>;

/** Properties whose change means another board, server, author, token source, store or preview config: everything is reloaded. */
const SOURCE = ['boardId', 'publishableKey', 'baseUrl', 'authorId', 'authorName', 'anonymous', 'store', 'pageSize', 'getAuthorToken', 'previewConfig'] as const;
const SORTS: readonly PostSort[] = ['top', 'new', 'trending'];
/** How many similar posts are suggested under the title being typed. */
const SIMILAR = 3;
const SEARCH_DELAY_MS = 300;
const SUGGEST_DELAY_MS = 400;
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
    posts: { state: true },
    cursor: { state: true },
    listing: { state: true },
    sort: { state: true },
    query: { state: true },
    similar: { state: true },
    draft: { state: true },
    submitted: { state: true },
    sending: { state: true },
    formError: { state: true },
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
  private posts: readonly Post[] = [];
  private cursor: string | null = null;
  private listing: Listing = 'idle';
  private sort: PostSort = 'top';
  private query = '';
  private similar: readonly Post[] = [];
  private draft: PostDraft = { title: '', body: '' };
  /** Set by the first submit: from then on an empty title is reported. */
  private submitted = false;
  private sending = false;
  private formError = '';
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
    refresh: (guard) => this.#refresh(guard),
    channel: () => this.#channelName(),
    receive: (message) => this.#receive(message),
    report: (error) => this.reportError(error),
  });
  /** Bumped by every new list query, so an older search's answer never replaces a newer one. */
  #listTicket = 0;
  #suggestTicket = 0;
  /** Per post with votes in flight: how many, and the store's last word to roll back to. */
  #votes = new Map<string, { pending: number; confirmed: VoteState; tail: Promise<unknown> }>();
  #searchTimer?: ReturnType<typeof setTimeout>;
  #suggestTimer?: ReturnType<typeof setTimeout>;
  /** A selector to focus after the next render. */
  #focus?: string;
  /** Whether the list request that failed was for the next page (what "try again" repeats). */
  #failedMore = false;

  get #text(): FeedbackBoardStrings {
    return { ...defaultFeedbackBoardStrings, ...this._locale.strings, ...this.strings };
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

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#searchTimer);
    clearTimeout(this.#suggestTimer);
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
    ++this.#listTicket;
    ++this.#suggestTicket;
    clearTimeout(this.#searchTimer);
    clearTimeout(this.#suggestTimer);
    this.board = this.#store = undefined;
    this.posts = this.similar = [];
    this.#votes = new Map();
    this.listing = 'idle';
    const { boardId, publishableKey, baseUrl } = this;
    if (!(boardId && publishableKey && baseUrl)) return undefined;
    return (async () => {
      const client = createFeedbackClient({ publishableKey, baseUrl, getAuthorToken: this.#session.getAuthorToken });
      const store = (this.#store = this.store ?? createHostedPostStore(client, { boardId, author: this.#author() }));
      const [board, page] = await guard(
        Promise.all([this.previewConfig ?? client.getConfig(boardId), store.list({ q: this.query.trim() || undefined, sort: this.sort, limit: this.#limit })]),
      );
      this.board = board;
      this.posts = page.items;
      this.cursor = page.nextCursor;
    })();
  }

  /**
   * Back in view: the shown posts are listed again (as many as are shown, up to a page's
   * maximum) for fresh votes, unless votes, a search or a page are in flight.
   */
  #refresh(guard: Guard): Promise<void> | undefined {
    const store = this.#store;
    if (!store || !this.board || this.#votes.size > 0 || this.listing !== 'idle') return undefined;
    const ticket = this.#listTicket;
    const limit = Math.min(LIMITS.listLimitMax, Math.max(this.#limit, this.posts.length));
    return (async () => {
      const page = await guard(store.list({ q: this.query.trim() || undefined, sort: this.sort, limit }));
      if (ticket !== this.#listTicket || this.#votes.size > 0 || this.listing !== 'idle') return;
      this.posts = page.items;
      this.cursor = page.nextCursor;
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
      this.#patch(vote.postId, { voted: vote.voted, voteCount });
    }
    if (post && typeof post.id === 'string' && !this.posts.some((other) => other.id === post.id) && !this.query.trim()) {
      this.posts = [post, ...this.posts];
    }
  }

  /** Lists the current search and sort from the start, or (`more`) appends the next page. */
  async #list(more = false): Promise<void> {
    const store = this.#store;
    if (!store) return;
    const ticket = more ? this.#listTicket : ++this.#listTicket;
    const q = this.query.trim();
    const shown = this.posts.length;
    this.listing = more ? 'more' : 'busy';
    try {
      const page = await store.list({ q: q || undefined, sort: this.sort, limit: this.#limit, cursor: (more && this.cursor) || undefined });
      if (ticket !== this.#listTicket) return;
      const known = new Set(this.posts.map((post) => post.id));
      // A post created here and prepended may come again on a later page: keep it once.
      const added = more ? page.items.filter((post) => !known.has(post.id)) : page.items;
      this.posts = more ? [...this.posts, ...added] : added;
      this.cursor = page.nextCursor;
      this.listing = 'idle';
      const t = this.#text;
      if (more) {
        this.announcement = t.announceMore(added.length);
        // The button may be gone now: continue from the first new post.
        if (added.length > 0) this.#focus = `[part~="post"]:nth-child(${shown + 1}) h3`;
      } else if (q) {
        this.announcement = t.announceResults(added.length, page.nextCursor !== null);
      }
    } catch (error) {
      if (ticket !== this.#listTicket) return;
      this.listing = 'failed';
      this.#failedMore = more;
      this.reportError(error);
    }
  }

  #onSearch(event: Event): void {
    this.query = (event.target as HTMLInputElement).value;
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => void this.#list(), SEARCH_DELAY_MS);
  }

  #setSort(sort: PostSort): void {
    if (sort === this.sort) return;
    this.sort = sort;
    void this.#list();
  }

  /** Shows the vote at once, then saves it; a refusal rolls it back to the store's last word. */
  #vote(postId: string): void {
    const store = this.#store;
    // The post as shown now: two clicks between renders must toggle twice.
    const post = this.posts.find((candidate) => candidate.id === postId);
    if (!store || !post) return;
    const current = this.#resource.current();
    const { boardId } = this;
    const voted = !post.voted;
    let entry = this.#votes.get(postId);
    if (!entry) this.#votes.set(postId, (entry = { pending: 0, confirmed: { voted: post.voted, voteCount: post.voteCount }, tail: Promise.resolve() }));
    const state = entry;
    state.pending += 1;
    this.#patch(postId, { voted, voteCount: post.voteCount === null ? null : Math.max(0, post.voteCount + (voted ? 1 : -1)) });
    const settle = (): void => {
      state.pending -= 1;
      // Earlier answers are not shown while later clicks are in flight: the last click wins.
      if (state.pending === 0) {
        this.#votes.delete(postId);
        this.#patch(postId, state.confirmed);
      }
    };
    // Votes on one post reach the store in order, whatever store the host supplies.
    state.tail = state.tail
      .then(() => store.vote(postId, voted))
      .then(
        (result) => {
          if (!current()) return;
          state.confirmed = { voted: result.voted, voteCount: result.voteCount };
          settle();
          this.#resource.publish({ vote: { postId, voted: result.voted, voteCount: result.voteCount } });
          this.emit(new InlayVoteEvent({ boardId, postId, voted: result.voted, voteCount: result.voteCount }));
        },
        (error: unknown) => {
          if (!current()) return;
          settle();
          this.announcement = this.#text.announceVoteFailure;
          this.reportError(error, { type: 'vote', postId, voted });
        },
      );
  }

  #patch(postId: string, patch: VoteState): void {
    this.posts = this.posts.map((post) => (post.id === postId ? { ...post, ...patch } : post));
  }

  #onDraft(event: Event): void {
    const field = event.target as HTMLInputElement | HTMLTextAreaElement;
    this.draft = { ...this.draft, [field.name]: field.value };
    this.formError = '';
    if (field.name === 'title') this.#suggest(field.value.trim());
  }

  /** Suggests similar posts once typing pauses; a failure leaves none, with no error state or event. */
  #suggest(title: string): void {
    clearTimeout(this.#suggestTimer);
    const ticket = ++this.#suggestTicket;
    const store = this.#store;
    if (!store || [...title].length < 3) {
      this.similar = [];
      return;
    }
    this.#suggestTimer = setTimeout(() => {
      similarPosts(store, title, SIMILAR).then(
        (items) => {
          if (ticket === this.#suggestTicket) this.similar = items;
        },
        () => undefined,
      );
    }, SUGGEST_DELAY_MS);
  }

  async #submit(event: Event): Promise<void> {
    event.preventDefault();
    const store = this.#store;
    if (this.sending || !store) return;
    this.submitted = true;
    const problems = draftProblems(this.draft, this.#text, true);
    if (problems.title || problems.body) {
      this.#focus = problems.title ? '#new-title' : '#new-body';
      this.requestUpdate();
      return;
    }
    const current = this.#resource.current();
    const { boardId } = this;
    const title = this.draft.title.trim();
    const body = this.draft.body.trim();
    this.sending = true;
    this.formError = '';
    try {
      const post = await store.create({ title, body: body || undefined });
      if (!current()) return;
      this.#resource.publish({ post });
      this.posts = [post, ...this.posts.filter((other) => other.id !== post.id)];
      this.draft = { title: '', body: '' };
      this.submitted = false;
      this.similar = [];
      ++this.#suggestTicket;
      this.announcement = this.#text.announceCreated;
      this.#focus = '#new-title';
      this.emit(new InlayPostCreateEvent({ boardId, post }));
    } catch (error) {
      if (!current()) return;
      this.formError = this.#text.createFailed(isInlayError(error) ? error.code : undefined);
      this.#focus = '[part~="submit-button"]';
      this.reportError(error, { type: 'create', title, body });
    } finally {
      if (current()) this.sending = false;
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    const t = this.#text;
    if (this.#resource.status === 'error') return this.#renderError(t);
    if (this.#resource.status === 'loading') return this.#renderLoading(t);
    const board = this.board;
    if (!board) return nothing;
    const { config } = board;
    const accent = config.branding?.accentColor;
    // A custom property set through CSSOM (allowed by a strict style-src); the page's
    // --inlay-accent still wins over the board's branding.
    return html`<section class="card" part="base" aria-labelledby="board-title"
        .style=${accent && ACCENT.test(accent) ? `--_accent:var(--inlay-accent,${accent})` : ''}>
        <header class="header" part="header">
          ${config.branding?.logoUrl ? html`<img part="logo" src=${config.branding.logoUrl} alt="" width="28" height="28" />` : nothing}
          <h2 id="board-title" part="title">${config.branding?.title ?? board.name}</h2>
        </header>
        ${config.submissionsEnabled && this.#canWrite ? this.#renderForm(t) : nothing}
        ${this.getAuthorToken && !this.store && this.#session.signedOut && (config.submissionsEnabled || config.votingEnabled)
          ? html`<p class="muted signed-out" part="signed-out">${t.signedOut}</p>`
          : nothing}
        <div class="toolbar" part="toolbar">
          <input type="search" part="search" aria-label=${t.searchLabel} placeholder=${t.searchLabel} autocomplete="off"
            .value=${this.query} @input=${this.#onSearch} />
          <div class="sort" part="sort" role="group" aria-label=${t.sortLabel}>
            ${SORTS.map(
              (sort) => html`<button part="sort-button" aria-pressed=${sort === this.sort} @click=${() => this.#setSort(sort)}>${t.sort[sort]}</button>`,
            )}
          </div>
        </div>
        ${this.#renderList(t, config)}
      </section>
      <div class="visually-hidden" role="status">${this.announcement}</div>`;
  }

  #renderLoading(t: FeedbackBoardStrings): TemplateResult {
    return html`<div class="card loading" part="base" aria-busy="true">
      <span class="visually-hidden">${t.loading}</span>
      <div class="bone"></div><div class="bone"></div><div class="bone"></div><div class="bone"></div>
    </div>`;
  }

  #renderError(t: FeedbackBoardStrings): TemplateResult {
    const code = isInlayError(this.#resource.error) ? this.#resource.error.code : undefined;
    return html`<div class="card" part="base error" role="alert">
      <p class="error-title">${t.errorTitle}</p>
      <p class="muted error-text">${t.errorMessage(code)}</p>
      <button class="button" part="retry-button" @click=${() => void this.#resource.reload()}>${t.retry}</button>
    </div>`;
  }

  #renderForm(t: FeedbackBoardStrings): TemplateResult {
    return renderPostForm(
      t,
      { draft: this.draft, submitted: this.submitted, similar: this.similar, formError: this.formError, sending: this.sending },
      { onSubmit: this.#submit, onInput: this.#onDraft },
    );
  }

  #renderList(t: FeedbackBoardStrings, config: BoardConfig): TemplateResult {
    const q = this.query.trim();
    const busy = this.listing === 'busy';
    const canWrite = this.#canWrite;
    return html`${this.posts.length === 0 && !busy
        ? html`<p class="empty muted" part="empty">${q ? t.noResults(q) : config.emptyState || t.empty}</p>`
        : html`<ul part="list" aria-busy=${busy}>
            ${this.posts.map((post) => renderPost(t, config, post, { enabled: canWrite, onClick: () => this.#vote(post.id) }, this._locale.tag))}
          </ul>`}
      ${this.listing === 'failed'
        ? html`<p class="end" part="list-error" role="alert">
            <span class="field-error">${t.listFailed}</span>
            <button class="button secondary" part="retry-button" @click=${() => void this.#list(this.#failedMore)}>${t.retry}</button>
          </p>`
        : this.cursor !== null && !busy
          ? html`<p class="end">
              <button class="button secondary" part="load-more" ?disabled=${this.listing === 'more'} @click=${() => void this.#list(true)}>${t.loadMore}</button>
            </p>`
          : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'inlay-feedback-board': InlayFeedbackBoard;
  }
}
