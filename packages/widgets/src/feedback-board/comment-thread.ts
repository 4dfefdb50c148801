import type { FeedbackCommentsClient } from '@inlay/client';
import { type Comment, LIMITS, type Post } from '@inlay/core';
import type { TemplateResult } from 'lit';
import type { BoardOperation } from '../events.js';
import { anonymousAlias, rememberAnonymousAlias } from './anonymous-alias.js';
import type { BoardPort } from './board-port.js';
import { type CommentForm, renderCommentForm } from './comment-form.js';
import { renderComment } from './comment-view.js';
import type { FeedbackBoardStrings } from './feedback-board.strings.js';

/** What a thread needs of its post page. @internal */
export interface ThreadPage {
  text(): FeedbackBoardStrings;
  /** Whether the visitor writes as the team (an author token with `role: "team"`), who may delete any comment. */
  team(): boolean;
  /** Moves the post's comment count. */
  count(delta: number): void;
}

/**
 * Where a thread's comments come from: the hosted comment client, or a host's own store (BYO)
 * with the same methods, of which only `listComments` is required: the thread offers writing,
 * editing and deleting only through the methods there are. @internal
 */
export type CommentSource = Pick<FeedbackCommentsClient, 'listComments'> & Partial<FeedbackCommentsClient>;

/** How long an author may edit a comment (docs/feedback.md, Comments); the server has the last word (409 `edit_window_closed`). */
const EDIT_WINDOW_MS = 15 * 60 * 1000;

/**
 * A post's comments on its page, from the hosted routes or a host's store ({@link CommentSource}):
 * listed oldest first with replies under their parent, a page at a time; written, replied to (one
 * level), edited (by the author, within 15 minutes) and deleted (by the author, or by the team:
 * any comment). Each form keeps its text when the store refuses it, shows why, and reports
 * `inlay-error` with the operation, as the new-post form does. Comment text is user content: text
 * bindings only (comment-view.ts). @internal
 */
export class CommentThread {
  #items: Comment[] = [];
  #cursor: string | null = null;
  #listing: 'idle' | 'busy' | 'more' | 'failed' = 'busy';
  /** Open forms by key: `new`, `reply-<commentId>`, `edit-<commentId>`; `delete-<commentId>` holds a failed delete's message. */
  #forms = new Map<string, CommentForm>();
  /** The comment whose delete is being confirmed. */
  #confirming = '';
  #ticket = 0;
  readonly #port: BoardPort;
  readonly #client: CommentSource;
  readonly #postId: string;
  /** The page's texts (with the post page's English defaults), and what moves the post's comment count. */
  readonly #page: ThreadPage;

  constructor(port: BoardPort, client: CommentSource, postId: string, page: ThreadPage) {
    this.#port = port;
    this.#client = client;
    this.#postId = postId;
    this.#page = page;
  }

  stop(): void {
    ++this.#ticket;
  }

  /** Lists the first page, or (`more`) appends the next one. */
  async list(more: boolean): Promise<void> {
    const port = this.#port;
    const ticket = this.#ticket;
    this.#listing = more ? 'more' : 'busy';
    port.announce();
    try {
      const page = await this.#client.listComments(this.#postId, { cursor: (more && this.#cursor) || undefined });
      if (ticket !== this.#ticket) return;
      const known = new Set(this.#items.map((comment) => comment.id));
      // A comment written here may come again on a later page: keep it once.
      this.#items = more ? [...this.#items, ...page.items.filter((comment) => !known.has(comment.id))] : page.items;
      this.#cursor = page.nextCursor;
      this.#listing = 'idle';
      port.announce();
    } catch (error) {
      if (ticket !== this.#ticket) return;
      this.#listing = 'failed';
      port.announce();
      port.report(error);
    }
  }

  render(t: FeedbackBoardStrings, post: Post): TemplateResult {
    const port = this.#port;
    const { html, nothing } = port.lit;
    const busy = this.#listing === 'busy';
    const replies = new Map<string, Comment[]>();
    for (const comment of this.#items) if (comment.parentId) replies.set(comment.parentId, [...(replies.get(comment.parentId) ?? []), comment]);
    const top = this.#items.filter((comment) => !comment.parentId);
    return html`<section class="comments" part="comments" aria-labelledby="comments-heading" aria-busy=${busy}>
      <h4 id="comments-heading" tabindex="-1">${t.comments(post.commentCount)}</h4>
      ${this.#items.length === 0 && !busy
        ? html`<p class="muted">${t.noComments}</p>`
        : html`<ul class="thread">
            ${top.map(
              (comment) => html`<li>
                ${this.#renderOne(t, comment)}
                ${replies.has(comment.id) || this.#forms.has(`reply-${comment.id}`)
                  ? html`<ul class="replies">
                      ${(replies.get(comment.id) ?? []).map((reply) => html`<li>${this.#renderOne(t, reply)}</li>`)}
                      ${this.#forms.has(`reply-${comment.id}`)
                        ? html`<li>${this.#form(t, `reply-${comment.id}`, t.replyLabel(this.#name(t, comment)), t.reply, { parentId: comment.id })}</li>`
                        : nothing}
                    </ul>`
                  : nothing}
              </li>`,
            )}
          </ul>`}
      ${this.#listing === 'failed'
        ? html`<p class="end" part="list-error" role="alert">
            <span class="field-error">${t.commentsFailed}</span>
            <button class="button secondary" part="retry-button" @click=${() => void this.list(this.#items.length > 0)}>${t.retry}</button>
          </p>`
        : this.#cursor !== null && !busy
          ? html`<p class="end"><button class="button secondary" part="load-more" ?disabled=${this.#listing === 'more'} @click=${() => void this.list(true)}>${t.loadMore}</button></p>`
          : nothing}
      ${this.#canComment() ? this.#form(t, 'new', t.commentLabel, t.commentSubmit, {}) : nothing}
    </section>`;
  }

  /** Whether the visitor may write (the board's rules) and the source takes comments. */
  #canComment(): boolean {
    return this.#port.state().canWrite && !!this.#client.createComment;
  }

  #name(t: FeedbackBoardStrings, comment: Comment): string {
    return comment.author.name ?? t.anonymous;
  }

  #renderOne(t: FeedbackBoardStrings, comment: Comment): TemplateResult {
    const port = this.#port;
    const { canWrite, me, author, locale } = port.state();
    const live = canWrite && !comment.deleted;
    // An anonymous visitor is shown by an alias, never by the id that acts for it.
    const mine = live && me !== undefined && (comment.author.id === me || (author?.anonymous === true && comment.author.anonymous && comment.author.id === anonymousAlias()));
    const editKey = `edit-${comment.id}`;
    return renderComment(port.lit, t, comment, {
      name: this.#name(t, comment),
      locale,
      canReply: this.#canComment() && !comment.parentId && !comment.deleted,
      canEdit: mine && !!this.#client.editComment && Date.now() - Date.parse(comment.createdAt) < EDIT_WINDOW_MS,
      canDelete: (mine || (live && this.#page.team())) && !!this.#client.deleteComment,
      confirming: this.#confirming === comment.id,
      error: this.#forms.get(`delete-${comment.id}`)?.error ?? '',
      editing: this.#forms.has(editKey) ? this.#form(t, editKey, t.editLabel, t.save, { commentId: comment.id }) : undefined,
      on: {
        reply: () => this.#openForm(`reply-${comment.id}`, ''),
        edit: () => this.#openForm(editKey, comment.body),
        delete: () => this.#askDelete(comment.id),
        confirm: () => void this.#delete(comment),
        cancel: () => this.#askDelete(''),
      },
    });
  }

  /** A form: the new comment's (`{}`), a reply's (`parentId`) or an edit's (`commentId`). */
  #form(t: FeedbackBoardStrings, key: string, label: string, submit: string, target: { parentId?: string; commentId?: string }): TemplateResult | undefined {
    const form = this.#formOf(key);
    if (!form) return undefined;
    // The handlers read the form as it is then: typing and sending may come before the next render.
    return renderCommentForm(this.#port.lit, t, key, form, {
      label,
      submit,
      max: LIMITS.commentBodyMaxLength,
      onInput: (text) => this.#update(key, { ...(this.#formOf(key) ?? form), text, error: '' }),
      onSubmit: () => void this.#submit(key, target),
      onCancel: key === 'new' ? undefined : () => this.#closeForm(key),
    });
  }

  /** A form by key; the new comment's is always there, empty until typed in. */
  #formOf(key: string): CommentForm | undefined {
    return this.#forms.get(key) ?? (key === 'new' ? { text: '', error: '', sending: false, submitted: false } : undefined);
  }

  #update(key: string, form: CommentForm): void {
    this.#forms.set(key, form);
    this.#port.announce();
  }

  #openForm(key: string, text: string): void {
    this.#confirming = '';
    this.#forms.set(key, { text, error: '', sending: false, submitted: false });
    this.#port.announce(undefined, `#comment-input-${key}`);
  }

  /** Closes a reply's or an edit's form, focus back on the button that opened it. */
  #closeForm(key: string, focus = `[data-action="${key}"]`): void {
    this.#forms.delete(key);
    this.#port.announce(undefined, focus);
  }

  #askDelete(commentId: string): void {
    const focus = commentId ? `[data-action="confirm-${commentId}"]` : `[data-action="delete-${this.#confirming}"]`;
    this.#confirming = commentId;
    this.#port.announce(undefined, focus);
  }

  async #submit(key: string, target: { parentId?: string; commentId?: string }): Promise<void> {
    const port = this.#port;
    const form = this.#formOf(key);
    if (!form || form.sending) return;
    const body = form.text.trim();
    if (!body || body.length > LIMITS.commentBodyMaxLength) {
      this.#update(key, { ...form, submitted: true });
      port.announce(undefined, `#comment-input-${key}`);
      return;
    }
    const t = this.#page.text();
    const ticket = this.#ticket;
    const current = port.current();
    const author = port.state().author;
    this.#update(key, { ...form, sending: true, error: '' });
    const { commentId, parentId } = target;
    const operation: BoardOperation = commentId
      ? { type: 'comment-edit', commentId, body }
      : { type: 'comment', postId: this.#postId, parentId: parentId ?? null, body };
    try {
      // Optional calls: a host's store may lack a method, and then its form is never offered.
      const saved = commentId
        ? await this.#client.editComment?.(commentId, { body, author })
        : await this.#client.createComment?.(this.#postId, { body, parentId, author });
      if (ticket !== this.#ticket || !current() || !saved) return;
      if (author?.anonymous === true && saved.author.anonymous) rememberAnonymousAlias(saved.author.id);
      if (commentId) {
        this.#items = this.#items.map((comment) => (comment.id === commentId ? saved : comment));
      } else {
        this.#page.count(1);
        this.#items = insert(this.#items, saved);
      }
      this.#closeForm(key, key === 'new' ? '#comment-input-new' : `#comment-${saved.id}`);
      port.announce(commentId ? t.announceCommentSaved : t.announceCommentAdded);
    } catch (error) {
      if (ticket !== this.#ticket || !current()) return;
      this.#update(key, { ...form, sending: false, error: t.commentFailed(port.codeOf(error)) });
      port.report(error, operation);
    }
  }

  async #delete(comment: Comment): Promise<void> {
    const port = this.#port;
    const t = this.#page.text();
    const ticket = this.#ticket;
    const current = port.current();
    const key = `delete-${comment.id}`;
    this.#confirming = '';
    try {
      await this.#client.deleteComment?.(comment.id, { author: port.state().author });
      if (ticket !== this.#ticket || !current()) return;
      this.#forms.delete(key);
      this.#page.count(-1);
      this.#items = remove(this.#items, comment);
      port.announce(t.announceCommentDeleted, '#comments-heading');
    } catch (error) {
      if (ticket !== this.#ticket || !current()) return;
      this.#update(key, { text: '', error: t.commentFailed(port.codeOf(error)), sending: false, submitted: false });
      port.announce(undefined, `[data-action="delete-${comment.id}"]`);
      port.report(error, { type: 'comment-delete', commentId: comment.id });
    }
  }
}

/** A new comment in its place: a reply after its parent's last reply, a comment at the end. */
function insert(items: Comment[], comment: Comment): Comment[] {
  if (!comment.parentId) return [...items.filter((other) => other.id !== comment.id), comment];
  let at = items.findIndex((other) => other.id === comment.parentId);
  if (at < 0) return [...items, comment];
  while (items[at + 1]?.parentId === comment.parentId) at += 1;
  return [...items.slice(0, at + 1), comment, ...items.slice(at + 1)];
}

/**
 * The comments after a delete, as the server keeps them: a comment with replies stays as deleted;
 * one without leaves, and so does its deleted parent when it was the last reply.
 */
function remove(items: Comment[], comment: Comment): Comment[] {
  if (items.some((other) => other.parentId === comment.id)) {
    return items.map((other) => (other.id === comment.id ? { ...other, body: '', deleted: true } : other));
  }
  const rest = items.filter((other) => other.id !== comment.id);
  const parent = rest.find((other) => other.id === comment.parentId);
  return parent?.deleted && !rest.some((other) => other.parentId === parent.id) ? rest.filter((other) => other !== parent) : rest;
}
