import { html, type TemplateResult } from 'lit';
import { renderStepHeading } from '../step-focus.js';
import type { StepContext } from './context.js';

/** After the import: how many rows went to the host page. @internal */
export function renderDone({ t, state, actions }: StepContext): TemplateResult {
  return html`<div class="step done" part="done">
    ${renderStepHeading(t.doneTitle)}
    <p class="muted">${t.doneMessage(state.importedRows)}</p>
    <button class="button" part="button" @click=${actions.startOver}>${t.importAnother}</button>
  </div>`;
}
