import { css, html, LitElement, nothing, type TemplateResult } from 'lit';
import type { Api } from '../api.js';
import { query } from '../api.js';
import { messageOf, when } from '../ui/page.js';
import { baseStyles } from '../styles.js';

interface ThreadComment {
  id: string;
  parentId: string | null;
  body: string;
  author: { id: string; name?: string | null; anonymous: boolean };
  team: boolean;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
}

interface Voter {
  authorId: string;
  anonymous: boolean;
  name: string | null;
  email: string | null;
  votedAt: string;
}

interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One post's discussion in the inbox (docs/dashboard-api.md): its comments, oldest first with
 * replies under their parent, a reply as the team (to the post or to a comment), deleting any
 * comment, and who voted, with the name and email their author tokens carried. Text is shown as
 * text, never as HTML.
 */
export class PostThread extends LitElement {
  static override styles = [
    baseStyles,
    css`
      ol { list-style: none; padding: 0; margin: 0.5rem 0; }
      li.comment { border-left: 3px solid var(--border); padding: 0.25rem 0.75rem; margin: 0.5rem 0; }
      li.reply { margin-left: 1.5rem; }
      li.team { border-left-color: var(--accent); }
      .text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.25rem 0; }
      .badge { font-size: 0.8rem; border: 1px solid var(--accent); border-radius: 999px; padding: 0 0.4rem; }
      textarea { width: 100%; min-height: 4rem; box-sizing: border-box; }
      form label { display: block; }
      table { border-collapse: collapse; }
      td, th { text-align: start; padding: 0.2rem 0.75rem 0.2rem 0; }
    `,
  ];
  static override properties = {
    api: { attribute: false },
    announce: { attribute: false },
    changed: { attribute: false },
    postId: { attribute: 'post-id' },
    postTitle: { attribute: 'post-title' },
    comments: { state: true },
    commentsCursor: { state: true },
    voters: { state: true },
    votersCursor: { state: true },
    replyTo: { state: true },
    error: { state: true },
  };
  declare api: Api;
  /** Tells a screen reader what an action did (the shell's live region). */
  declare announce: (message: string) => void;
  /** Called after a reply or a delete: the post's comment count moved. */
  declare changed: () => void;
  declare postId: string;
  declare postTitle: string;
  comments?: ThreadComment[];
  commentsCursor: string | null = null;
  voters?: Voter[];
  votersCursor: string | null = null;
  replyTo = '';
  error = '';

  override connectedCallback(): void {
    super.connectedCallback();
    void this.#run(() => Promise.all([this.#loadComments(), this.#loadVoters()]));
  }

  async #run(action: () => Promise<unknown>): Promise<boolean> {
    try {
      await action();
      this.error = '';
      return true;
    } catch (error) {
      this.error = messageOf(error);
      return false;
    }
  }

  #path(tail: string): string {
    return `/posts/${encodeURIComponent(this.postId)}/${tail}`;
  }

  async #loadComments(cursor?: string): Promise<void> {
    const page = await this.api.get<Paged<ThreadComment>>(`${this.#path('comments')}${query({ limit: 100, cursor })}`);
    this.comments = cursor ? [...(this.comments ?? []), ...page.items] : page.items;
    this.commentsCursor = page.nextCursor;
  }

  async #loadVoters(cursor?: string): Promise<void> {
    const page = await this.api.get<Paged<Voter>>(`${this.#path('voters')}${query({ limit: 100, cursor })}`);
    this.voters = cursor ? [...(this.voters ?? []), ...page.items] : page.items;
    this.votersCursor = page.nextCursor;
  }

  async #reply(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const body = String(data.get('body') ?? '').trim();
    if (body === '') return;
    const name = String(data.get('name') ?? '').trim();
    const sent = await this.#run(async () => {
      await this.api.post(this.#path('comments'), { body, ...(this.replyTo ? { parentId: this.replyTo } : {}), ...(name ? { name } : {}) });
      await this.#loadComments();
    });
    if (sent) {
      form.reset();
      this.replyTo = '';
      this.#say('Reply posted as the team.');
    }
  }

  async #delete(comment: ThreadComment): Promise<void> {
    if (await this.#run(async () => {
      await this.api.delete(`/comments/${encodeURIComponent(comment.id)}`);
      await this.#loadComments();
    })) this.#say('Comment deleted.');
  }

  #say(message: string): void {
    this.announce?.(message);
    this.changed?.();
  }

  #comment(comment: ThreadComment): TemplateResult {
    const who = comment.author.anonymous ? 'Anonymous' : (comment.author.name ?? comment.author.id);
    return html`<li class="comment ${comment.parentId ? 'reply' : ''} ${comment.team ? 'team' : ''}" aria-label=${comment.deleted ? 'Deleted comment' : `Comment by ${who}`}>
      ${comment.deleted
        ? html`<p class="muted">Deleted</p>`
        : html`<p class="meta muted">${who} ${comment.team ? html`<span class="badge">Team</span>` : nothing} · ${when(comment.createdAt)}${comment.editedAt ? ' · edited' : ''}</p>
            <p class="text">${comment.body}</p>
            <div class="row">
              ${comment.parentId === null ? html`<button type="button" @click=${() => (this.replyTo = comment.id)}>Reply</button>` : nothing}
              <button type="button" class="danger" @click=${() => void this.#delete(comment)}>Delete</button>
            </div>`}
    </li>`;
  }

  protected override render(): TemplateResult {
    const parent = this.comments?.find((comment) => comment.id === this.replyTo);
    return html`
      <section aria-label=${`Discussion of “${this.postTitle}”`}>
        ${this.error ? html`<p role="alert" class="error">${this.error}</p>` : nothing}
        <h3>Comments</h3>
        ${this.comments === undefined
          ? html`<p class="muted">Loading…</p>`
          : this.comments.length === 0
            ? html`<p class="muted">No comments yet.</p>`
            : html`<ol aria-label="Comments">${this.comments.map((comment) => this.#comment(comment))}</ol>`}
        ${this.commentsCursor ? html`<button type="button" @click=${() => void this.#run(() => this.#loadComments(this.commentsCursor ?? undefined))}>More comments</button>` : nothing}
        <form @submit=${(event: SubmitEvent) => {
          event.preventDefault();
          void this.#reply(event.target as HTMLFormElement);
        }}>
          <label>${parent ? `Reply to ${parent.author.name ?? parent.author.id} as the team` : 'Reply as the team'}
            <textarea name="body" required maxlength="5000"></textarea>
          </label>
          <div class="row">
            <label>Signed as (optional; the workspace’s name if empty) <input name="name" maxlength="120" placeholder="Sam from the team" /></label>
            <button type="submit">Post reply</button>
            ${parent ? html`<button type="button" @click=${() => (this.replyTo = '')}>Reply to the post instead</button>` : nothing}
          </div>
        </form>
        <h3>Voters</h3>
        ${this.voters === undefined
          ? html`<p class="muted">Loading…</p>`
          : this.voters.length === 0
            ? html`<p class="muted">No votes yet.</p>`
            : html`<table>
                <thead><tr><th scope="col">Voter</th><th scope="col">Email</th><th scope="col">Voted</th></tr></thead>
                <tbody>${this.voters.map((voter) => html`<tr><td>${voter.name ?? voter.authorId}${voter.anonymous ? ' (anonymous)' : ''}</td><td>${voter.email ?? '—'}</td><td>${when(voter.votedAt)}</td></tr>`)}</tbody>
              </table>`}
        ${this.votersCursor ? html`<button type="button" @click=${() => void this.#run(() => this.#loadVoters(this.votersCursor ?? undefined))}>More voters</button>` : nothing}
      </section>
    `;
  }
}
customElements.define('dash-post-thread', PostThread);
