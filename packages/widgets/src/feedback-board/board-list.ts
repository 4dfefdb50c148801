import { html, nothing, type TemplateResult } from 'lit';
import type { PostQuery, PostStore } from '@inlay/client';
import { type BoardConfig, LIMITS, type Post, type PostSort, type PostStatus } from '@inlay/core';
import type { Guard } from '../base/resource-controller.js';
import type { BoardViewStrings } from './feedback-board.strings.js';
import { renderPost } from './post-item.js';

/** The list below the first load: settled, replacing it (search, sort), appending, or failed. */
type Listing = 'idle' | 'busy' | 'more' | 'failed';
type VoteState = Pick<Post, 'voted' | 'voteCount'>;

const SORTS: readonly PostSort[] = ['top', 'new', 'trending'];
const SEARCH_DELAY_MS = 300;

/** What the list needs of its board element. @internal */
export interface ListHost {
  store(): PostStore | undefined;
  /** The element's `pageSize`, which the list clamps to 1–100 (default 20). */
  pageSize(): number;
  text(): BoardViewStrings;
  requestUpdate(): void;
  /** Sets the live region's text and the control to focus after the next render. */
  announce(text: string, focus?: string): void;
  report(error: unknown): void;
}

/**
 * The board's posts with search, sort and paging: what is listed, the toolbar and the list. An
 * older search's answer never replaces a newer one. @internal
 */
export class PostList {
  #posts: readonly Post[] = [];
  cursor: string | null = null;
  listing: Listing = 'idle';
  sort: PostSort = 'top';
  query = '';
  /** The filters (board-views.ts): only posts of these statuses (none: every status), of this category (empty: any). */
  status: PostStatus[] = [];
  categoryId = '';
  readonly #host: ListHost;
  /** Bumped by every new list query, so an older search's answer never replaces a newer one. */
  #ticket = 0;
  #searchTimer?: ReturnType<typeof setTimeout>;
  /** Whether the list request that failed was for the next page (what "try again" repeats). */
  #failedMore = false;

  constructor(host: ListHost) {
    this.#host = host;
  }

  get posts(): readonly Post[] {
    return this.#posts;
  }

  /** Sets the posts shown, and renders. */
  set posts(posts: readonly Post[]) {
    this.#posts = posts;
    this.#host.requestUpdate();
  }

  /** Posts per page: the element's `pageSize`, clamped. */
  get #limit(): number {
    return Math.min(LIMITS.listLimitMax, Math.max(1, Math.floor(this.#host.pageSize()) || LIMITS.listLimitDefault));
  }

  /** The query of the first page: the current search, sort and filters. */
  get first(): PostQuery {
    return { q: this.query.trim() || undefined, sort: this.sort, status: this.status, categoryId: this.categoryId, limit: this.#limit };
  }

  /** A new board, author or store: nothing listed, no search pending. */
  clear(): void {
    this.stop();
    this.#posts = [];
    this.listing = 'idle';
  }

  stop(): void {
    ++this.#ticket;
    clearTimeout(this.#searchTimer);
  }

  show(page: { items: Post[]; nextCursor: string | null }): void {
    this.cursor = page.nextCursor;
    this.posts = page.items;
  }

  patch(postId: string, patch: VoteState): void {
    this.posts = this.#posts.map((post) => (post.id === postId ? { ...post, ...patch } : post));
  }

  /**
   * Back in view: the shown posts are listed again (as many as are shown, up to a page's
   * maximum) for fresh votes, unless `busy` (votes in flight), a search or a page are.
   */
  refresh(guard: Guard, busy: () => boolean): Promise<void> | undefined {
    const store = this.#host.store();
    if (!store || busy() || this.listing !== 'idle') return undefined;
    const ticket = this.#ticket;
    const limit = Math.min(LIMITS.listLimitMax, Math.max(this.#limit, this.#posts.length));
    return (async () => {
      const page = await guard(store.list({ ...this.first, limit }));
      if (ticket === this.#ticket && !busy() && this.listing === 'idle') this.show(page);
    })();
  }

  /** Lists the current search, sort and filters from the start, or (`more`) appends the next page. */
  async list(more = false): Promise<void> {
    const host = this.#host;
    const store = host.store();
    if (!store) return;
    const ticket = more ? this.#ticket : ++this.#ticket;
    const q = this.query.trim();
    const shown = this.#posts.length;
    this.listing = more ? 'more' : 'busy';
    host.requestUpdate();
    try {
      const page = await store.list({ ...this.first, cursor: (more && this.cursor) || undefined });
      if (ticket !== this.#ticket) return;
      const known = new Set(this.#posts.map((post) => post.id));
      // A post created here and prepended may come again on a later page: keep it once.
      const added = more ? page.items.filter((post) => !known.has(post.id)) : page.items;
      this.listing = 'idle';
      this.show({ items: more ? [...this.#posts, ...added] : added, nextCursor: page.nextCursor });
      const t = host.text();
      // The button may be gone now: continue from the first new post.
      if (more) host.announce(t.announceMore(added.length), added.length > 0 ? `[part~="post"]:nth-child(${shown + 1}) h3` : undefined);
      else if (q) host.announce(t.announceResults(added.length, page.nextCursor !== null));
    } catch (error) {
      if (ticket !== this.#ticket) return;
      this.listing = 'failed';
      this.#failedMore = more;
      host.requestUpdate();
      host.report(error);
    }
  }

  /** The search field and the sort switcher. */
  renderToolbar(t: BoardViewStrings): TemplateResult {
    return html`<div class="toolbar" part="toolbar">
      <input type="search" part="search" aria-label=${t.searchLabel} placeholder=${t.searchLabel} autocomplete="off"
        .value=${this.query} @input=${(event: Event) => this.#onSearch(event)} />
      <div class="sort" part="sort" role="group" aria-label=${t.sortLabel}>
        ${SORTS.map((sort) => html`<button part="sort-button" aria-pressed=${sort === this.sort} @click=${() => this.#setSort(sort)}>${t.sort[sort]}</button>`)}
      </div>
    </div>`;
  }

  /** The posts (their votes enabled when `vote.enabled`), then paging or the listing's failure. */
  renderList(
    t: BoardViewStrings,
    config: BoardConfig,
    vote: { enabled: boolean; onClick: (postId: string) => void },
    locale: string,
    open: (postId: string) => void,
  ): TemplateResult {
    const q = this.query.trim();
    const busy = this.listing === 'busy';
    return html`${this.#posts.length === 0 && !busy
        ? html`<p class="empty muted" part="empty">${q ? t.noResults(q) : config.emptyState || t.empty}</p>`
        : html`<ul part="list" aria-busy=${busy}>
            ${this.#posts.map((post) => renderPost(t, config, post, { enabled: vote.enabled, onClick: () => vote.onClick(post.id) }, locale, () => open(post.id)))}
          </ul>`}
      ${this.listing === 'failed'
        ? html`<p class="end" part="list-error" role="alert">
            <span class="field-error">${t.listFailed}</span>
            <button class="button secondary" part="retry-button" @click=${() => void this.list(this.#failedMore)}>${t.retry}</button>
          </p>`
        : this.cursor !== null && !busy
          ? html`<p class="end">
              <button class="button secondary" part="load-more" ?disabled=${this.listing === 'more'} @click=${() => void this.list(true)}>${t.loadMore}</button>
            </p>`
          : nothing}`;
  }

  #onSearch(event: Event): void {
    this.query = (event.target as HTMLInputElement).value;
    this.#host.requestUpdate();
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => void this.list(), SEARCH_DELAY_MS);
  }

  #setSort(sort: PostSort): void {
    if (sort === this.sort) return;
    this.sort = sort;
    void this.list();
  }
}
