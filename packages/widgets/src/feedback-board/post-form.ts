import type { TemplateResult } from 'lit';
import type { Post } from '@inlay/core';
import type { Lit } from './board-port.js';
import type { FeedbackBoardStrings } from './feedback-board.strings.js';
import { draftProblems, type PostDraft } from './post-draft.js';

/** What the new-post form shows. @internal */
export interface PostFormState {
  draft: PostDraft;
  /** Whether the user tried to submit (an empty title is only reported then). */
  submitted: boolean;
  /** Posts whose titles resemble the draft's. */
  similar: readonly Post[];
  formError: string;
  sending: boolean;
}

/** @internal */
export interface PostFormHandlers {
  onSubmit: (event: Event) => unknown;
  onInput: (event: Event) => void;
}

/**
 * The new-post form: title and body with inline validation messages, similar posts while the
 * title is typed, and the submit button. Part of the board's write path (board-writes.ts), so
 * it renders with the element's Lit, passed in. @internal
 */
export function renderPostForm({ html, nothing }: Lit, t: FeedbackBoardStrings, state: PostFormState, on: PostFormHandlers): TemplateResult {
  const problems = draftProblems(state.draft, t, state.submitted);
  const field = (name: 'title' | 'body', problem: string | undefined, control: (describedBy: string | typeof nothing) => TemplateResult) =>
    html`${control(problem ? `new-${name}-error` : nothing)}
    ${problem ? html`<p class="field-error" part="field-error" id="new-${name}-error">${problem}</p>` : nothing}`;
  return html`<form class="form" part="form" aria-label=${t.formLabel} novalidate @submit=${on.onSubmit}>
    <label for="new-title">${t.titleLabel}</label>
    ${field(
      'title',
      problems.title,
      (describedBy) => html`<input id="new-title" name="title" part="title-input" autocomplete="off" placeholder=${t.titlePlaceholder}
        aria-invalid=${Boolean(problems.title)} aria-describedby=${describedBy} .value=${state.draft.title} @input=${on.onInput} />`,
    )}
    ${state.similar.length > 0
      ? html`<div class="similar" part="similar">
          <p id="similar-label" class="muted">${t.similar}</p>
          <ul aria-labelledby="similar-label">
            ${state.similar.map((post) => html`<li>${post.title}${post.voteCount === null ? nothing : html` <span class="muted">· ${t.votes(post.voteCount)}</span>`}</li>`)}
          </ul>
        </div>`
      : nothing}
    <label for="new-body">${t.bodyLabel}</label>
    ${field(
      'body',
      problems.body,
      (describedBy) => html`<textarea id="new-body" name="body" part="body-input" rows="2"
        aria-invalid=${Boolean(problems.body)} aria-describedby=${describedBy} .value=${state.draft.body} @input=${on.onInput}></textarea>`,
    )}
    <div class="actions">
      ${state.formError ? html`<p class="field-error" part="form-error" role="alert">${state.formError}</p>` : nothing}
      <button class="button" part="submit-button" type="submit" ?disabled=${state.sending}>${state.sending ? t.submitting : t.submit}</button>
    </div>
  </form>`;
}
