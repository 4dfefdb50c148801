import type { Comment } from '@inlay/core';
import type { TemplateResult } from 'lit';
import type { Lit } from './board-port.js';
import type { FeedbackBoardStrings } from './feedback-board.strings.js';

/** How one comment shows, and what its buttons do. @internal */
export interface CommentView {
  /** The author's name (or the anonymous label). */
  name: string;
  locale: string;
  canReply: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Whether its delete is being confirmed. */
  confirming: boolean;
  /** Why its delete failed. */
  error: string;
  /** Its edit form, when open: shown in place of the text. */
  editing?: TemplateResult;
  on: { reply: () => void; edit: () => void; delete: () => void; confirm: () => void; cancel: () => void };
}

/**
 * One comment: its author (with the team's badge), date and whether it was edited, its text —
 * user content, a text binding (links stay plain text), never markup — or "deleted" in its place,
 * and its reply, edit and delete buttons. Buttons carry `data-action` for focus after a change. @internal
 */
export function renderComment({ html, nothing }: Lit, t: FeedbackBoardStrings, comment: Comment, view: CommentView): TemplateResult {
  const date = new Date(comment.createdAt);
  const button = (action: string, label: string, onClick: () => void) =>
    html`<button class="link" data-action="${action}-${comment.id}" @click=${onClick}>${label}</button>`;
  return html`<article class="comment" part=${comment.parentId ? 'comment reply' : 'comment'} id="comment-${comment.id}" tabindex="-1"
    aria-label=${view.name}>
    <p class="who">
      <span class="name">${view.name}</span>
      ${comment.team ? html`<span class="badge" part="team-badge">${t.team}</span>` : nothing}
      <time class="muted" datetime=${comment.createdAt}>${date.toLocaleString(view.locale, { dateStyle: 'medium', timeStyle: 'short' })}</time>
      ${comment.editedAt && !comment.deleted ? html`<span class="muted">· ${t.edited}</span>` : nothing}
    </p>
    ${comment.deleted
      ? html`<p class="muted deleted" part="comment-body">${t.deletedComment}</p>`
      : (view.editing ?? html`<p part="comment-body">${comment.body}</p>`)}
    ${view.confirming
      ? html`<p class="confirm" part="comment-actions" role="group" aria-label=${t.deleteConfirm}>
          <span>${t.deleteConfirm}</span>${button('confirm', t.delete, view.on.confirm)}${button('keep', t.cancel, view.on.cancel)}
        </p>`
      : view.editing
        ? nothing
        : html`<p class="actions-row" part="comment-actions">
            ${view.canReply ? button('reply', t.reply, view.on.reply) : nothing}
            ${view.canEdit ? button('edit', t.edit, view.on.edit) : nothing}
            ${view.canDelete ? button('delete', t.delete, view.on.delete) : nothing}
          </p>`}
    ${view.error ? html`<p class="field-error" part="comment-error" role="alert">${view.error}</p>` : nothing}
  </article>`;
}
