import type { TemplateResult } from 'lit';
import type { Lit } from './board-port.js';
import type { FeedbackBoardStrings } from './feedback-board.strings.js';

/** What a comment form holds. @internal */
export interface CommentForm {
  text: string;
  /** Why the server refused the text (shown until it is changed). */
  error: string;
  sending: boolean;
  /** Whether the user tried to send it (an empty text is only reported then). */
  submitted: boolean;
}

/** @internal */
export interface CommentFormOptions {
  label: string;
  submit: string;
  /** The longest text the server takes, after trimming. */
  max: number;
  onInput: (text: string) => void;
  onSubmit: () => void;
  /** A reply's or an edit's form closes; the new comment's form has no cancel. */
  onCancel?: () => void;
}

/**
 * A comment's form (a new comment, a reply, an edit): a labelled text field with its inline
 * problem (empty once sent, too long as soon as typed), the server's refusal, and its buttons.
 * Field ids are `comment-input-<key>`. @internal
 */
export function renderCommentForm({ html, nothing }: Lit, t: FeedbackBoardStrings, key: string, form: CommentForm, options: CommentFormOptions): TemplateResult {
  const length = form.text.trim().length;
  const problem = length > options.max ? t.commentTooLong(options.max, length) : form.submitted && length === 0 ? t.commentRequired : '';
  const id = `comment-input-${key}`;
  return html`<form class="comment-form" part="comment-form" novalidate @submit=${(event: Event) => {
    event.preventDefault();
    options.onSubmit();
  }} @keydown=${(event: KeyboardEvent) => {
    // Escape closes a reply's or an edit's form, not the post page around it.
    if (event.key !== 'Escape' || !options.onCancel) return;
    event.stopPropagation();
    options.onCancel();
  }}>
    <label for=${id}>${options.label}</label>
    <textarea id=${id} part="comment-input" rows="2" aria-invalid=${Boolean(problem)} aria-describedby=${problem ? `${id}-problem` : nothing}
      .value=${form.text} @input=${(event: Event) => options.onInput((event.target as HTMLTextAreaElement).value)}></textarea>
    ${problem ? html`<p class="field-error" part="comment-error" id="${id}-problem">${problem}</p>` : nothing}
    <div class="actions">
      ${form.error ? html`<p class="field-error" part="comment-error" role="alert">${form.error}</p>` : nothing}
      ${options.onCancel ? html`<button class="button secondary" type="button" @click=${options.onCancel}>${t.cancel}</button>` : nothing}
      <button class="button" type="submit" ?disabled=${form.sending}>${options.submit}</button>
    </div>
  </form>`;
}
