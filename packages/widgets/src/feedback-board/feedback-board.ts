import { type BoardConfig, LIMITS, type Post, type PostAuthorInput, type PostSort, type PublishedConfig } from '@inlay/core';
import { createFeedbackClient, createHostedPostStore, type GetAuthorToken, isInlayError, type PostStore } from '@inlay/client';
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { InlayElement } from '../base/inlay-element.js';
import { InlayPostCreateEvent, InlayVoteEvent } from '../events.js';
import { anonymousId } from './anonymous-id.js';
import { feedbackBoardStyles } from './feedback-board.styles.js';
import { draftProblems, type PostDraft, similarPosts } from './post-draft.js';
import { renderPostForm } from './post-form.js';
import { renderPost } from './post-item.js';
import { defaultFeedbackBoardStrings, type FeedbackBoardStrings } from './feedback-board.strings.js';

type PublishedBoard = PublishedConfig<'board', BoardConfig>;
type Phase = 'idle' | 'loading' | 'ready' | 'error';
/** The list below the first load: settled, replacing it (search, sort), appending, or failed. */
type Listing = 'idle' | 'busy' | 'more' | 'failed';
type VoteState = Pick<Post, 'voted' | 'voteCount'>;

/** Properties whose change means another board, server, author or store: everything is reloaded. */
const SOURCE = ['boardId', 'publishableKey', 'baseUrl', 'authorId', 'authorName', 'anonymous', 'store', 'pageSize', 'previewConfig'] as const;
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
 * @event inlay-post-create - A post was created and saved. `detail: {boardId, post}`.
 * @event inlay-vote - A vote was added or removed and saved. `detail: {boardId, postId, voted, voteCount}`.
 * @event inlay-error - Loading, listing or a write failed (a vote is rolled back, a post stays in the form). `detail: {error, operation?}`.
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
 * @csspart status - A post's status badge (`data-status` names it).
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
 */
export class InlayFeedbackBoard extends InlayElement {
  static override styles = [...InlayElement.styles, feedbackBoardStyles];

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
    phase: { state: true },
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
    failure: { state: true },
    announcement: { state: true },
  };

  /** The published board to show (`board_…`). Attribute `board-id`. */
  boardId = '';
  /** A publishable key (`svc_test_pub_…` / `svc_live_pub_…`), never a secret key. Attribute `publishable-key`. */
  publishableKey = '';
  /** The feedback base URL, e.g. `https://inlay.example.com/feedback`. Attribute `base-url`. */
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

  private phase: Phase = 'idle';
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
  private failure?: Error;
  private announcement = '';

  #store?: PostStore;
  /** Bumped by every reload, so answers meant for an older board, author or store are dropped. */
  #generation = 0;
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
    return { ...defaultFeedbackBoardStrings, ...this.strings };
  }

  get #limit(): number {
    return Math.min(LIMITS.listLimitMax, Math.max(1, Math.floor(this.pageSize) || LIMITS.listLimitDefault));
  }

  /** Whether posting and voting can name an author: otherwise the board is read-only. */
  get #canWrite(): boolean {
    const config = this.board?.config;
    if (this.store) return true;
    if (!config) return false;
    if (this.getAuthorToken) return true;
    if (config.requireAuthorToken) return false;
    return this.anonymous ? config.allowAnonymous : Boolean(this.authorId);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#searchTimer);
    clearTimeout(this.#suggestTimer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (SOURCE.some((name) => changed.has(name))) void this.#load();
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
  async #load(): Promise<void> {
    const generation = ++this.#generation;
    ++this.#listTicket;
    ++this.#suggestTicket;
    clearTimeout(this.#searchTimer);
    clearTimeout(this.#suggestTimer);
    this.board = this.failure = this.#store = undefined;
    this.posts = this.similar = [];
    this.#votes = new Map();
    this.listing = 'idle';
    const { boardId, publishableKey, baseUrl } = this;
    this.phase = boardId && publishableKey && baseUrl ? 'loading' : 'idle';
    if (this.phase === 'idle') return;
    try {
      const client = createFeedbackClient({
        publishableKey,
        baseUrl,
        // Read at call time, so a host may set or replace the callback after the first render.
        getAuthorToken: (options) => this.getAuthorToken?.(options),
      });
      const store = (this.#store = this.store ?? createHostedPostStore(client, { boardId, author: this.#author() }));
      const [board, page] = await Promise.all([
        this.previewConfig ?? client.getConfig(boardId),
        store.list({ q: this.query.trim() || undefined, sort: this.sort, limit: this.#limit }),
      ]);
      if (generation !== this.#generation) return;
      this.board = board;
      this.posts = page.items;
      this.cursor = page.nextCursor;
      this.phase = 'ready';
    } catch (error) {
      if (generation !== this.#generation) return;
      this.phase = 'error';
      this.failure = this.reportError(error);
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
    const generation = this.#generation;
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
          if (generation !== this.#generation) return;
          state.confirmed = { voted: result.voted, voteCount: result.voteCount };
          settle();
          this.emit(new InlayVoteEvent({ boardId, postId, voted: result.voted, voteCount: result.voteCount }));
        },
        (error: unknown) => {
          if (generation !== this.#generation) return;
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
    const generation = this.#generation;
    const { boardId } = this;
    const title = this.draft.title.trim();
    const body = this.draft.body.trim();
    this.sending = true;
    this.formError = '';
    try {
      const post = await store.create({ title, body: body || undefined });
      if (generation !== this.#generation) return;
      this.posts = [post, ...this.posts.filter((other) => other.id !== post.id)];
      this.draft = { title: '', body: '' };
      this.submitted = false;
      this.similar = [];
      ++this.#suggestTicket;
      this.announcement = this.#text.announceCreated;
      this.#focus = '#new-title';
      this.emit(new InlayPostCreateEvent({ boardId, post }));
    } catch (error) {
      if (generation !== this.#generation) return;
      this.formError = this.#text.createFailed(isInlayError(error) ? error.code : undefined);
      this.#focus = '[part~="submit-button"]';
      this.reportError(error, { type: 'create', title, body });
    } finally {
      if (generation === this.#generation) this.sending = false;
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    const t = this.#text;
    if (this.phase === 'error') return this.#renderError(t);
    if (this.phase === 'loading') return this.#renderLoading(t);
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
    const code = isInlayError(this.failure) ? this.failure.code : undefined;
    return html`<div class="card" part="base error" role="alert">
      <p class="error-title">${t.errorTitle}</p>
      <p class="muted error-text">${t.errorMessage(code)}</p>
      <button class="button" part="retry-button" @click=${() => void this.#load()}>${t.retry}</button>
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
            ${this.posts.map((post) => renderPost(t, config, post, { enabled: canWrite, onClick: () => this.#vote(post.id) }))}
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
