import type { Post, PostStatus } from '@inlay/core';
import type { nothing, TemplateResult } from 'lit';
import type { BoardPort, VoteState } from './board-port.js';
import { adoptBoardViewsStyles } from './board-views.styles.js';
import { boardViewsStrings, type FeedbackBoardStrings } from './feedback-board.strings.js';

/**
 * The board's status and category filters, and its roadmap (`view="roadmap"`): the planned, in
 * progress and completed posts in three columns, each listed and paged on its own (docs/feedback.md,
 * "Filter by status and category: the roadmap"). The list's first paint does not need them, so the
 * script-tag bundle loads this module beside itself (`inlay-feedback-board.views.js`) when the
 * element connects, as it loads its write path; without it the list shows unfiltered. It imports
 * neither Lit nor the request core: they come through the element's {@link BoardPort}.
 */

/** The statuses the list filters by, in the order of their toggles. */
const STATUSES: readonly PostStatus[] = ['open', 'under_review', 'planned', 'in_progress', 'completed', 'closed'];
/** The roadmap's columns. */
const COLUMNS: readonly PostStatus[] = ['planned', 'in_progress', 'completed'];

/** One roadmap column: its posts, its own cursor, and its listing (as the list's, board-list.ts). */
interface Column {
  readonly status: PostStatus;
  posts: readonly Post[];
  cursor: string | null;
  listing: 'idle' | 'busy' | 'more' | 'failed';
  /** Bumped by every new listing of the column, so an older answer never replaces a newer one. */
  ticket: number;
}

const emptyColumns = (): Column[] => COLUMNS.map((status) => ({ status, posts: [], cursor: null, listing: 'idle', ticket: 0 }));

export class BoardViews {
  readonly #port: BoardPort;
  #columns = emptyColumns();
  /** Whether the roadmap was listed for the current source and category. */
  #listed = false;
  /** The status toggle in the tab order: the filter is one tab stop, its toggles reached with the arrow keys. */
  #active = 0;

  constructor(port: BoardPort) {
    this.#port = port;
  }

  /** The roadmap's posts (for votes cast on them). */
  get posts(): Post[] {
    return this.#columns.flatMap((column) => column.posts);
  }

  /** A new board, author or store: the roadmap is listed again when shown. */
  reset(): void {
    this.stop();
    this.#columns = emptyColumns();
    this.#listed = false;
  }

  /** No answer of a listing in flight is shown after this. */
  stop(): void {
    for (const column of this.#columns) column.ticket += 1;
  }

  patch(postId: string, state: VoteState): void {
    for (const column of this.#columns) column.posts = column.posts.map((post) => (post.id === postId ? { ...post, ...state } : post));
  }

  get #text(): FeedbackBoardStrings {
    return { ...boardViewsStrings, ...this.#port.text } as FeedbackBoardStrings;
  }

  /**
   * The list's filters: a toggle per status (several may be on) and, on a board with categories,
   * the category picker. The toggles are a toolbar (WAI-ARIA's toolbar pattern): one tab stop,
   * the arrow keys, Home and End moving between them (a roving `tabindex`), Space or Enter
   * pressing one.
   */
  renderFilters(): TemplateResult {
    const { html } = this.#port.lit;
    const t = this.#text;
    const list = this.#port.state().list;
    adoptBoardViewsStyles(this.#port.state().root);
    return html`<div class="filters" part="filters">
      <div class="chips" part="status-filter" role="toolbar" aria-label=${t.statusFilterLabel} @keydown=${(event: KeyboardEvent) => this.#onKey(event)}>
        ${STATUSES.map(
          (status, index) => html`<button part="status-toggle" tabindex=${index === this.#active ? 0 : -1} aria-pressed=${list.status.includes(status)}
            @focus=${() => this.#activate(index)} @click=${() => this.#toggle(status)}>${t.status[status]}</button>`,
        )}
      </div>
      ${this.#renderCategories(t)}
    </div>`;
  }

  /** Left and Right (mirrored right to left), Home and End move focus between the status toggles, round the ends. */
  #onKey(event: KeyboardEvent): void {
    const last = STATUSES.length - 1;
    const rtl = getComputedStyle(event.currentTarget as Element).direction === 'rtl';
    const { key } = event;
    const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
    const next = key === 'Home' ? 0 : key === 'End' ? last : step ? this.#active + (rtl ? -step : step) : undefined;
    if (next === undefined) return;
    event.preventDefault();
    this.#activate(next < 0 ? last : next > last ? 0 : next, true);
  }

  /** Makes a toggle the filter's tab stop (a click or Tab landed on it), and (`focus`) focuses it. */
  #activate(index: number, focus = false): void {
    if (index === this.#active && !focus) return;
    this.#active = index;
    this.#port.announce(undefined, focus ? `[part~="status-toggle"]:nth-child(${index + 1})` : undefined);
  }

  #renderCategories(t: FeedbackBoardStrings): TemplateResult | typeof nothing {
    const { html, nothing } = this.#port.lit;
    const categories = this.#port.state().config?.categories ?? [];
    if (categories.length === 0) return nothing;
    const chosen = this.#port.state().list.categoryId;
    return html`<select part="category-filter" aria-label=${t.categoryLabel} @change=${(event: Event) => this.#setCategory((event.target as HTMLSelectElement).value)}>
      <option value="" ?selected=${!chosen}>${t.allCategories}</option>
      ${categories.map((category) => html`<option value=${category.id} ?selected=${category.id === chosen}>${category.name}</option>`)}
    </select>`;
  }

  /** The roadmap: the category picker (on a board with categories), then a column per status. */
  renderRoadmap(): TemplateResult {
    const port = this.#port;
    const { html, nothing } = port.lit;
    const t = this.#text;
    adoptBoardViewsStyles(port.state().root);
    if (!this.#listed) {
      this.#listed = true;
      // After this render: listing renders again.
      queueMicrotask(() => this.#listAll());
    }
    return html`${port.state().config?.categories?.length ? html`<div class="filters" part="filters">${this.#renderCategories(t)}</div>` : nothing}
      <div class="roadmap" part="roadmap" role="group" aria-label=${t.roadmapLabel}>
        ${this.#columns.map((column) => this.#renderColumn(t, column))}
      </div>`;
  }

  #renderColumn(t: FeedbackBoardStrings, column: Column): TemplateResult {
    const port = this.#port;
    const { html, nothing } = port.lit;
    const busy = column.listing === 'busy';
    const id = `column-${column.status}`;
    return html`<section class="column" part="roadmap-column" data-status=${column.status} aria-labelledby=${id} aria-busy=${busy}>
      <h3 id=${id}>${t.status[column.status]}</h3>
      ${column.posts.length === 0 && !busy
        ? html`<p class="muted">${t.columnEmpty}</p>`
        : html`<ul>
            ${column.posts.map(
              (post) => html`<li data-post=${post.id}>
                ${port.renderVote(post)}
                <div class="content">
                  <h4 class="title"><button class="open" part="post-link" @click=${() => port.open(post.id)}>${post.title}</button></h4>
                  ${port.renderMeta(post)}
                </div>
              </li>`,
            )}
          </ul>`}
      ${column.listing === 'failed'
        ? html`<p class="end" part="list-error" role="alert">
            <span class="field-error">${t.listFailed}</span>
            <button class="button secondary" part="retry-button" @click=${() => void this.#listColumn(column, column.posts.length > 0)}>${t.retry}</button>
          </p>`
        : column.cursor !== null && !busy
          ? html`<p class="end">
              <button class="button secondary" part="load-more" ?disabled=${column.listing === 'more'} @click=${() => void this.#listColumn(column, true)}>${t.loadMore}</button>
            </p>`
          : nothing}
    </section>`;
  }

  #toggle(status: PostStatus): void {
    const list = this.#port.state().list;
    list.status = list.status.includes(status) ? list.status.filter((other) => other !== status) : [...list.status, status];
    void list.list();
  }

  /** One category for the list and the roadmap. */
  #setCategory(categoryId: string): void {
    this.#port.state().list.categoryId = categoryId;
    void this.#port.state().list.list();
    if (this.#listed) this.#listAll();
  }

  #listAll(): void {
    for (const column of this.#columns) void this.#listColumn(column, false);
  }

  /** Lists a column from the start (with the category chosen), or (`more`) appends its next page. */
  async #listColumn(column: Column, more: boolean): Promise<void> {
    const port = this.#port;
    const store = port.store;
    if (!store) return;
    const ticket = more ? column.ticket : ++column.ticket;
    const current = port.current();
    column.listing = more ? 'more' : 'busy';
    port.announce();
    try {
      const query = { ...port.state().list.first, q: undefined, sort: 'top' as const, status: [column.status] };
      const page = await store.list({ ...query, cursor: (more && column.cursor) || undefined });
      if (ticket !== column.ticket || !current()) return;
      const known = new Set(column.posts.map((post) => post.id));
      column.posts = more ? [...column.posts, ...page.items.filter((post) => !known.has(post.id))] : page.items;
      column.cursor = page.nextCursor;
      column.listing = 'idle';
      port.announce();
    } catch (error) {
      if (ticket !== column.ticket || !current()) return;
      column.listing = 'failed';
      port.announce();
      port.report(error);
    }
  }
}
