import { css, html, nothing, type TemplateResult } from 'lit';
import { type BoardConfig, POST_STATUS_LABELS, type PostStatus, type ResourceRecord, type ResourceSummary } from '@inlay/core';
import { query } from '../api.js';
import { askFirst } from '../ui/ask-first.js';
import { Page, when } from '../ui/page.js';
import './post-thread.js';

type Category = NonNullable<BoardConfig['categories']>[number];

interface InboxPost {
  id: string;
  mode: string;
  boardId: string;
  boardName: string;
  title: string;
  body: string;
  status: string;
  voteCount: number;
  categoryId: string | null;
  commentCount: number;
  author: { id: string; name?: string | null; anonymous: boolean };
  createdAt: string;
}

/** Each status with its name and its triage key. */
export const STATUSES: [status: PostStatus, label: string, key: string][] = (
  [
    ['open', 'o'],
    ['under_review', 'r'],
    ['planned', 'p'],
    ['in_progress', 'i'],
    ['completed', 'c'],
    ['closed', 'x'],
  ] as const
).map(([status, key]) => [status, POST_STATUS_LABELS[status], key]);
const SEARCH_DELAY_MS = 300;

/**
 * Posts of every board, filtered by board, status, category and a search (which also finds posts
 * by their comments); set a status or a category, open a post's discussion (reply as the team,
 * delete comments, see its voters), merge a duplicate into another post, delete, and add a post
 * on a user's behalf. Keyboard triage (docs/dashboard.md): j/k move, o r p i c x set the
 * status, m merge, Delete delete, / search, ? the list of shortcuts.
 */
export class InboxPage extends Page {
  static override styles = [
    ...Page.styles,
    css`
      .filters { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; }
      ol { list-style: none; padding: 0; margin: 1rem 0; }
      li.post { background: var(--surface); border: 1px solid var(--border); border-radius: 8px; padding: 0.75rem 1rem; margin-bottom: 0.5rem; }
      li.post[aria-current='true'] { border-color: var(--accent); box-shadow: inset 4px 0 0 var(--accent); }
      li.post h2 { font-size: 1rem; margin: 0; overflow-wrap: anywhere; }
      .body { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.25rem 0; }
      .meta { color: var(--muted); font-size: 0.9rem; }
      kbd { font-family: ui-monospace, Menlo, monospace; border: 1px solid var(--border); border-bottom-width: 2px; border-radius: 4px; padding: 0 0.3rem; }
      dl.keys { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
      dl.keys dd { margin: 0; }
    `,
  ];
  static override properties = {
    ...Page.properties,
    posts: { state: true },
    boards: { state: true },
    boardId: { state: true },
    status: { state: true },
    q: { state: true },
    bothModes: { state: true },
    selected: { state: true },
    merging: { state: true },
    deleting: { state: true },
    help: { state: true },
    nextCursor: { state: true },
    categoryId: { state: true },
    categories: { state: true },
    open: { state: true },
    adding: { state: true },
  };
  posts?: InboxPost[];
  boards: ResourceSummary[] = [];
  boardId = '';
  status = '';
  q = '';
  bothModes = false;
  selected = 0;
  merging = '';
  deleting = '';
  help = false;
  nextCursor: string | null = null;
  categoryId = '';
  /** The published categories of each board seen, by board id. */
  categories = new Map<string, Category[]>();
  /** The post whose discussion is open. */
  open = '';
  adding = false;
  #searchTimer?: ReturnType<typeof setTimeout>;

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('keydown', this.#onKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.#onKey);
    clearTimeout(this.#searchTimer);
  }

  /** Text typed into the add form or a team reply, not yet sent: leaving asks first (docs/dashboard.md, "Unsaved changes"). */
  override unsavedWork(): string {
    const typed = (root: ParentNode | null | undefined, names: string[]): boolean =>
      names.some((name) => (root?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)?.value.trim() ?? '') !== '');
    if (typed(this.renderRoot?.querySelector('form[aria-label="Add a post for a user"]'), ['title', 'body'])) return 'The post you are adding is not added yet.';
    if (typed(this.renderRoot?.querySelector('dash-post-thread')?.shadowRoot, ['body'])) return 'Your reply is not posted yet.';
    return '';
  }

  protected override async load(): Promise<void> {
    const [boards] = await Promise.all([this.ctx.api.get<{ items: ResourceSummary[] }>('/boards?limit=100'), this.#list()]);
    this.boards = boards.items;
    const records = await Promise.all(this.boards.map((board) => this.ctx.api.get<ResourceRecord<'board', BoardConfig>>(`/boards/${encodeURIComponent(board.id)}`)));
    this.categories = new Map(records.map((record) => [record.id, record.published?.config.categories ?? []]));
  }

  /** The categories a filter offers: the chosen board's, or every board's. */
  #filterCategories(): Category[] {
    const lists = this.boardId ? [this.categories.get(this.boardId) ?? []] : [...this.categories.values()];
    const byId = new Map<string, Category>();
    for (const list of lists) for (const category of list) if (!byId.has(category.id)) byId.set(category.id, category);
    return [...byId.values()];
  }

  async #setCategory(post: InboxPost, categoryId: string): Promise<void> {
    const next = categoryId === '' ? null : categoryId;
    if (post.categoryId === next) return;
    const name = this.categories.get(post.boardId)?.find((category) => category.id === next)?.name;
    if (await this.act(async () => {
      await this.ctx.api.post(`/posts/${encodeURIComponent(post.id)}/category`, { categoryId: next });
      await this.#list();
    })) this.ctx.announce(name ? `“${post.title}” is now in ${name}.` : `“${post.title}” has no category now.`);
  }

  async #add(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const categoryId = text('categoryId');
    if (await this.act(async () => {
      await this.ctx.api.post('/posts', {
        boardId: text('boardId'),
        mode: this.ctx.mode,
        title: text('title'),
        ...(text('body') ? { body: text('body') } : {}),
        ...(categoryId ? { categoryId } : {}),
        author: { id: text('authorId'), name: text('authorName') },
      });
      this.adding = false;
      await this.#list();
    })) this.ctx.announce(`Added “${text('title')}” for ${text('authorName')}.`);
  }

  async #list(cursor?: string): Promise<void> {
    const page = await this.ctx.api.get<{ items: InboxPost[]; nextCursor: string | null }>(
      `/posts${query({ mode: this.bothModes ? undefined : this.ctx.mode, boardId: this.boardId, status: this.status, categoryId: this.categoryId, q: this.q.trim(), limit: 50, cursor })}`,
    );
    this.posts = cursor ? [...(this.posts ?? []), ...page.items] : page.items;
    this.nextCursor = page.nextCursor;
    this.selected = Math.min(this.selected, Math.max(0, this.posts.length - 1));
  }

  #refilter(patch: Partial<Pick<InboxPage, 'boardId' | 'status' | 'categoryId' | 'q' | 'bothModes'>>, delay = 0): void {
    Object.assign(this, patch);
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => void this.act(() => this.#list()), delay);
  }

  async #setStatus(post: InboxPost, status: PostStatus): Promise<void> {
    if (post.status === status) return;
    if (await this.act(async () => {
      await this.ctx.api.post(`/posts/${encodeURIComponent(post.id)}/status`, { status });
      await this.#list();
    })) this.ctx.announce(`“${post.title}” is now ${POST_STATUS_LABELS[status]}.`);
  }

  async #merge(post: InboxPost, into: string): Promise<void> {
    const target = this.posts?.find((candidate) => candidate.id === into);
    if (await this.act(async () => {
      await this.ctx.api.post(`/posts/${encodeURIComponent(post.id)}/merge`, { into });
      this.merging = '';
      await this.#list();
    })) this.ctx.announce(`Merged “${post.title}” into “${target?.title ?? into}”.`);
  }

  async #delete(post: InboxPost): Promise<void> {
    if (await this.act(async () => {
      await this.ctx.api.delete(`/posts/${encodeURIComponent(post.id)}`);
      this.deleting = '';
      await this.#list();
    })) this.ctx.announce(`Deleted “${post.title}”.`);
    this.#focusSelected();
  }

  #focusSelected(): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`li.post[data-index="${this.selected}"]`)?.focus());
  }

  #onKey = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
    const target = event.composedPath()[0] as HTMLElement | undefined;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) {
      if (event.key === 'Escape') target.blur();
      return;
    }
    const posts = this.posts ?? [];
    const post = posts[this.selected];
    const status = STATUSES.find(([, , key]) => key === event.key);
    if (event.key === 'j' || event.key === 'k') {
      this.selected = Math.max(0, Math.min(posts.length - 1, this.selected + (event.key === 'j' ? 1 : -1)));
      this.#focusSelected();
    } else if (event.key === '/') {
      this.renderRoot.querySelector<HTMLInputElement>('input[type=search]')?.focus();
    } else if (event.key === '?') {
      this.help = !this.help;
    } else if (post && status) {
      void this.#setStatus(post, status[0]);
    } else if (post && event.key === 'm') {
      this.merging = post.id;
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLSelectElement>('select[name=into]')?.focus());
    } else if (post && (event.key === 'Delete' || event.key === '#')) {
      // The confirm button takes the focus as it appears (ui/ask-first.ts).
      this.deleting = post.id;
    } else return;
    event.preventDefault();
  };

  #post(post: InboxPost, index: number): TemplateResult {
    const candidates = (this.posts ?? []).filter((other) => other.id !== post.id && other.boardId === post.boardId && other.mode === post.mode);
    const categories = this.categories.get(post.boardId) ?? [];
    return html`
      <li class="post" data-index=${index} tabindex=${index === this.selected ? 0 : -1} aria-current=${index === this.selected ? 'true' : 'false'} aria-labelledby="post-${post.id}" @focus=${() => (this.selected = index)}>
        <h2 id="post-${post.id}">${post.title}</h2>
        ${post.body ? html`<p class="body">${post.body}</p>` : nothing}
        <p class="meta">${post.boardName} · ${post.mode} · ${post.voteCount} ${post.voteCount === 1 ? 'vote' : 'votes'} · ${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'} · ${post.author.anonymous ? 'anonymous' : (post.author.name ?? post.author.id)} · ${when(post.createdAt)}</p>
        <div class="row">
          <label>Status
            <select @change=${(event: Event) => void this.#setStatus(post, (event.target as HTMLSelectElement).value as PostStatus)}>
              ${STATUSES.map(([status, label]) => html`<option value=${status} ?selected=${status === post.status}>${label}</option>`)}
            </select>
          </label>
          ${categories.length > 0 || post.categoryId !== null
            ? html`<label>Category
                <select @change=${(event: Event) => void this.#setCategory(post, (event.target as HTMLSelectElement).value)}>
                  <option value="" ?selected=${post.categoryId === null}>None</option>
                  ${categories.map((category) => html`<option value=${category.id} ?selected=${category.id === post.categoryId}>${category.name}</option>`)}
                </select>
              </label>`
            : nothing}
          <button type="button" aria-expanded=${this.open === post.id ? 'true' : 'false'} @click=${() => (this.open = this.open === post.id ? '' : post.id)}>Discussion (${post.commentCount})</button>
          ${this.merging === post.id
            ? html`<form class="row" @submit=${(event: SubmitEvent) => {
                event.preventDefault();
                void this.#merge(post, String(new FormData(event.target as HTMLFormElement).get('into')));
              }}>
                <label>Merge into
                  <select name="into" required>${candidates.map((other) => html`<option value=${other.id}>${other.title}</option>`)}</select>
                </label>
                <button type="submit" ?disabled=${candidates.length === 0}>Merge</button>
                <button type="button" @click=${() => (this.merging = '')}>Cancel</button>
              </form>`
            : html`<button type="button" ?disabled=${candidates.length === 0} title=${candidates.length === 0 ? 'No other post of this board is listed' : ''} @click=${() => (this.merging = post.id)}>Merge…</button>`}
          ${askFirst({
            asking: this.deleting === post.id,
            ask: 'Delete…',
            confirm: `Delete “${post.title}”`,
            keep: 'Keep',
            onAsk: () => (this.deleting = post.id),
            onConfirm: () => void this.#delete(post),
            onKeep: () => (this.deleting = ''),
          })}
        </div>
        ${this.open === post.id ? html`<dash-post-thread .api=${this.ctx.api} .announce=${this.ctx.announce} .changed=${() => void this.act(() => this.#list())} post-id=${post.id} post-title=${post.title}></dash-post-thread>` : nothing}
      </li>
    `;
  }

  /** A post written on a user's behalf (a request heard on a call): their id and name, not the team's. */
  #addForm(): TemplateResult {
    return html`<form class="card stack" aria-label="Add a post for a user" @submit=${(event: SubmitEvent) => {
      event.preventDefault();
      void this.#add(event.target as HTMLFormElement);
    }}>
      <label>Board
        <select name="boardId" required>${this.boards.map((board) => html`<option value=${board.id} ?selected=${board.id === this.boardId}>${board.name}</option>`)}</select>
      </label>
      <label>Title <input name="title" required maxlength="200" /></label>
      <label>Details <textarea name="body" maxlength="5000"></textarea></label>
      ${this.#filterCategories().length > 0
        ? html`<label>Category <select name="categoryId"><option value="">None</option>${this.#filterCategories().map((category) => html`<option value=${category.id}>${category.name}</option>`)}</select></label>`
        : nothing}
      <div class="row">
        <label>The user's id <input name="authorId" required maxlength="200" placeholder="user_123" /></label>
        <label>The user's name <input name="authorName" required maxlength="120" /></label>
      </div>
      <div class="row"><button type="submit">Add the post</button><button type="button" @click=${() => (this.adding = false)}>Cancel</button></div>
    </form>`;
  }

  protected override render(): TemplateResult {
    return html`
      <h1>Feedback inbox</h1>
      <div class="card filters" role="search">
        <label>Board
          <select @change=${(event: Event) => this.#refilter({ boardId: (event.target as HTMLSelectElement).value })}>
            <option value="">All boards</option>
            ${this.boards.map((board) => html`<option value=${board.id} ?selected=${board.id === this.boardId}>${board.name}</option>`)}
          </select>
        </label>
        <label>Status
          <select @change=${(event: Event) => this.#refilter({ status: (event.target as HTMLSelectElement).value })}>
            <option value="">Any status</option>
            ${STATUSES.map(([status, label]) => html`<option value=${status} ?selected=${status === this.status}>${label}</option>`)}
          </select>
        </label>
        ${this.#filterCategories().length > 0
          ? html`<label>Category
              <select @change=${(event: Event) => this.#refilter({ categoryId: (event.target as HTMLSelectElement).value })}>
                <option value="">Any category</option>
                ${this.#filterCategories().map((category) => html`<option value=${category.id} ?selected=${category.id === this.categoryId}>${category.name}</option>`)}
              </select>
            </label>`
          : nothing}
        <label>Search <input type="search" .value=${this.q} @input=${(event: Event) => this.#refilter({ q: (event.target as HTMLInputElement).value }, SEARCH_DELAY_MS)} /></label>
        <label class="inline"><input type="checkbox" .checked=${this.bothModes} @change=${(event: Event) => this.#refilter({ bothModes: (event.target as HTMLInputElement).checked })} /> Both modes</label>
        <button type="button" aria-expanded=${this.help ? 'true' : 'false'} @click=${() => (this.help = !this.help)}>Keyboard shortcuts</button>
        <button type="button" aria-expanded=${this.adding ? 'true' : 'false'} @click=${() => (this.adding = !this.adding)}>Add a post for a user…</button>
      </div>
      ${this.adding ? this.#addForm() : nothing}
      ${this.help
        ? html`<section class="card" aria-label="Keyboard shortcuts">
            <dl class="keys">
              <dt><kbd>j</kbd> / <kbd>k</kbd></dt><dd>Next / previous post</dd>
              ${STATUSES.map(([, label, key]) => html`<dt><kbd>${key}</kbd></dt><dd>Set status: ${label}</dd>`)}
              <dt><kbd>m</kbd></dt><dd>Merge the post into another</dd>
              <dt><kbd>Delete</kbd> or <kbd>#</kbd></dt><dd>Delete the post (asks first)</dd>
              <dt><kbd>/</kbd></dt><dd>Search</dd>
              <dt><kbd>Esc</kbd></dt><dd>Leave the search field</dd>
              <dt><kbd>?</kbd></dt><dd>Show or hide this list</dd>
            </dl>
          </section>`
        : nothing}
      ${this.renderError()}
      ${this.posts === undefined
        ? html`<p class="muted">Loading…</p>`
        : this.posts.length === 0
          ? html`<p>No posts match.</p>`
          : html`<p class="muted">${this.posts.length}${this.nextCursor ? '+' : ''} posts.</p><ol aria-label="Posts">${this.posts.map((post, i) => this.#post(post, i))}</ol>`}
      ${this.nextCursor ? html`<button type="button" @click=${() => void this.act(() => this.#list(this.nextCursor ?? undefined))}>Show more</button>` : nothing}
    `;
  }
}
customElements.define('dash-inbox', InboxPage);
