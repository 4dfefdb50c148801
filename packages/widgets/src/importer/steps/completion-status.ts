import { html, nothing, type TemplateResult } from 'lit';
import type { StepContext } from './context.js';

/**
 * Above the review's buttons while the import completes: "Saving…" (focused, so focus is not
 * lost when the buttons are disabled), or why it failed — the host page's message as text — with
 * a retry that starts from the review as the user left it.
 * @internal
 */
export function renderCompletionStatus({ t, phase, state, actions }: StepContext): TemplateResult | typeof nothing {
  if (phase === 'completing') {
    return html`<p class="notice saving" part="saving" tabindex="-1" data-step-focus><span class="spinner" aria-hidden="true"></span>${t.saving}</p>`;
  }
  if (state.completionError === null) return nothing;
  return html`<div class="completion-error" part="completion-error" role="alert">
    <div>
      <p class="error-title">${t.completeFailedTitle}</p>
      <p>${state.completionError}</p>
    </div>
    <button class="button" part="button retry-import-button" data-step-focus @click=${actions.complete}>${t.retryImport}</button>
  </div>`;
}
