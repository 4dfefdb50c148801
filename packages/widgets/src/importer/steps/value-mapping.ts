import type { FieldDefinition } from '@inlay/core';
import { html, nothing, type TemplateResult } from 'lit';
import type { EnumColumnValues } from '../engine/protocol.js';
import { renderStepHeading } from '../step-focus.js';
import type { StepContext } from './context.js';

/**
 * Between matching columns and the review: for each enum column whose file values are not all
 * options, each distinct value and the option it becomes (docs/importer.md). Choices start at the
 * option core suggests (case, accents, near misses: `@inlay/core`'s enum reading); "Apply" changes
 * every cell with that value in one undoable step, "Skip" leaves them to the review. Its heading
 * takes focus when it opens, as every step's does (step-focus.ts); each column's is below it.
 * @internal
 */
export function renderValueMapping(context: StepContext): TemplateResult {
  const { t, state, actions } = context;
  return html`<div class="step values" part="value-mapping">
    ${renderStepHeading(t.valuesTitle)}
    <p class="muted">${t.valuesIntro}</p>
    ${state.enumColumns.map((column) => {
      const field = state.fields.find((candidate) => candidate.key === column.field);
      return field ? renderColumn(context, field, column) : nothing;
    })}
    <footer class="footer" part="footer">
      <button class="button" part="button" @click=${actions.back}>${t.back}</button>
      <span class="buttons">
        <button class="button" part="button skip-values-button" @click=${actions.skipValues}>${t.skipValues}</button>
        <button class="button primary" part="button primary apply-values-button" @click=${actions.applyValues}>${t.applyValues}</button>
      </span>
    </footer>
  </div>`;
}

function renderColumn({ t, state, actions }: StepContext, field: FieldDefinition, column: EnumColumnValues): TemplateResult {
  const choices = state.valueChoices.get(field.key);
  const options = field.enumValues ?? [];
  const headingId = `values-${column.field.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return html`<section class="value-column" aria-labelledby=${headingId}>
    <h4 id=${headingId} class="value-heading">${t.valuesOf(field.label)}</h4>
    <div class="table-wrap">
      <table part="value-table">
        <thead>
          <tr><th scope="col">${t.valueHeader}</th><th scope="col" class="value-count">${t.countHeader}</th><th scope="col">${t.optionHeader}</th></tr>
        </thead>
        <tbody>
          ${column.values.map((value) => {
            const chosen = choices?.get(value.text) ?? null;
            return html`<tr>
              <th scope="row"><span class="chip">${value.text}</span></th>
              <td class="value-count">${value.count.toLocaleString()}</td>
              <td>
                <select part="value-select" aria-label=${t.optionFor(value.text, field.label)}
                  @change=${(event: Event) => {
                    const select = event.target as HTMLSelectElement;
                    actions.chooseValue(field.key, value.text, select.selectedIndex === 0 ? null : (options[select.selectedIndex - 1] ?? null));
                  }}>
                  <option ?selected=${chosen === null}>${t.keepValue}</option>
                  ${options.map((option) => html`<option ?selected=${chosen === option}>${option}</option>`)}
                </select>
              </td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>
    ${column.more > 0 ? html`<p class="muted small">${t.moreValues(column.more)}</p>` : nothing}
  </section>`;
}

/** The choices the step starts with: each value's suggestion, where core has one. @internal */
export function suggestedChoices(columns: readonly EnumColumnValues[]): Map<string, Map<string, string | null>> {
  return new Map(columns.map((column) => [column.field, new Map(column.values.map((value) => [value.text, value.suggestion]))]));
}
