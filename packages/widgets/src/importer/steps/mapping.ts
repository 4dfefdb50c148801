import { html, nothing, type TemplateResult } from 'lit';
import { missingRequired, unconfirmed } from '../mapping.js';
import { renderStepHeading } from '../step-focus.js';
import type { StepContext } from './context.js';

/** Step 3: which field each column fills; then the rows are checked (with progress and Stop). @internal */
export function renderMapping({ t, phase, state, actions }: StepContext): TemplateResult {
  const { configFields: fields, columns } = state;
  const missing = missingRequired(columns, fields);
  const waiting = unconfirmed(columns);
  const validating = phase === 'validating';
  return html`<div class="step mapping">
    ${renderStepHeading(t.stepTitles[2])}
    <p class="muted">${t.mappingIntro}</p>
    ${state.remembered ? html`<p class="notice" part="notice">${t.rememberedNotice}</p>` : nothing}
    ${state.suggesting ? html`<p class="notice muted" part="notice suggesting">${t.suggesting}</p>` : nothing}
    <div class="table-wrap">
      <table part="mapping">
        <thead>
          <tr><th scope="col">${t.columnHeader}</th><th scope="col">${t.sampleHeader}</th><th scope="col">${t.fieldHeader}</th></tr>
        </thead>
        <tbody>
          ${columns.map((column) => {
            const header = column.header || t.untitledColumn(column.column + 1);
            const suggested = column.suggested === true;
            return html`<tr class=${column.fieldKey === null ? 'ignored' : suggested ? 'suggested' : ''}>
              <th scope="row"><span class="column-name" title=${header}>${header}</span></th>
              <td class="samples">${column.samples.map((sample) => html`<span class="chip">${sample}</span>`)}</td>
              <td class="field">
                <select part="field-select" aria-label=${t.fieldFor(header)} ?disabled=${validating} aria-describedby=${suggested ? `suggestion-${column.column}` : nothing}
                  @change=${(event: Event) => actions.chooseField(column.column, (event.target as HTMLSelectElement).value || null)}>
                  <option value="" ?selected=${column.fieldKey === null}>${t.ignoreColumn}</option>
                  ${fields.map((field) => html`<option value=${field.key} ?selected=${column.fieldKey === field.key}>${field.label}${field.required ? ` (${t.required})` : ''}</option>`)}
                </select>
                ${suggested
                  ? html`<span class="badge unsure" part="suggestion" id=${`suggestion-${column.column}`}>${t.suggestedBadge}</span>
                      <button class="button small" part="button confirm-suggestion" ?disabled=${validating} aria-describedby=${`suggestion-${column.column}`}
                        @click=${() => actions.confirmSuggestion(column.column)}>${t.keep}</button>`
                  : column.fieldKey !== null && !column.chosen
                    ? html`<span class="badge ${column.confidence >= 0.9 ? 'sure' : 'unsure'}" part="confidence">${t.confidence(column.method, column.confidence)}</span>`
                    : nothing}
              </td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>
    ${missing.length > 0 ? html`<p class="problem" part="missing">${t.missingRequired(missing.map((field) => field.label))}</p>` : nothing}
    ${waiting.length > 0 ? html`<p class="problem" part="unconfirmed">${t.confirmSuggestions}</p>` : nothing}
    ${validating
      ? html`<div class="validating">
          <p>${t.validating(state.progress.rows, state.progress.percent)}</p>
          <div class="track" part="progress" role="progressbar" aria-label=${t.validating(state.progress.rows, null)} aria-valuemin="0" aria-valuemax="100"
            aria-valuenow=${state.progress.percent ?? nothing}>
            <div class="fill" .style=${`--_value:${(state.progress.percent ?? 0) / 100}`}></div>
          </div>
        </div>`
      : nothing}
    <footer class="footer" part="footer">
      ${validating
        ? html`<button class="button" part="button" @click=${actions.stop}>${t.stop}</button>`
        : html`<button class="button" part="button" @click=${actions.back}>${t.back}</button>
            <button class="button primary" part="button primary" ?disabled=${missing.length > 0 || waiting.length > 0} @click=${actions.validate}>${t.continue}</button>`}
    </footer>
  </div>`;
}
