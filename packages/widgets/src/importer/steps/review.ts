import { html, nothing, type TemplateResult } from 'lit';
import { cellText, renderGrid, suggestionText } from '../grid/grid-view.js';
import { problemText } from '../problem-text.js';
import { renderStepHeading } from '../step-focus.js';
import { renderCompletionStatus } from './completion-status.js';
import type { StepContext } from './context.js';
import { columnMenuHook, describeQuery, renderColumnMenu, renderEditingTools } from './review-editing.js';

/** Step 4: the grid of rows with their problems, the tools to fix them, and the import. @internal */
export function renderReview(context: StepContext): TemplateResult {
  const { t, phase, state, actions, grid } = context;
  const stats = state.stats;
  if (!stats) return html``;
  const completing = phase === 'completing';
  const importable = state.skipInvalid ? stats.rowCount - stats.invalidRowCount : stats.rowCount;
  const onFilter = (event: Event) => actions.setFilter((event.target as HTMLSelectElement).value === 'errors' ? { errors: true } : { errors: false });
  return html`<div class="step review">
    ${renderStepHeading(t.stepTitles[3])}
    <div class="toolbar" part="toolbar">
      <p class="summary" id="grid-label">${t.summary(stats.rowCount, stats.errorCount)}</p>
      <label class="filter">${t.filterLabel}
        <select @change=${onFilter}>
          <option value="all" ?selected=${!state.filter.errors}>${t.showAll(stats.rowCount)}</option>
          <option value="errors" ?selected=${state.filter.errors}>${t.showProblems(stats.invalidRowCount)}</option>
        </select>
      </label>
      <button class="button" part="button find-button" aria-expanded=${state.findOpen ? 'true' : 'false'} aria-controls="find" @click=${actions.toggleFind}>${t.findReplace}</button>
      ${state.columnFormats.length > 0 ? html`<button class="button" part="button formats-button" @click=${actions.showFormats}>${t.formatsButton}</button>` : nothing}
    </div>
    ${state.findOpen ? renderFind(context) : nothing}
    ${renderColumnMenu(context)}
    ${describeQuery(context) ? html`<p class="muted small query">${describeQuery(context)}</p>` : nothing}
    ${renderNotices(context)}
    ${state.viewSize === 0 ? html`<p class="empty muted">${state.filter.errors ? t.noProblems : t.noRows}</p>` : renderGrid(grid, state.fields, stats.fieldErrors, t, columnMenuHook(context), stats.rowCount + stats.removedCount, state.extraHeaders)}
    <p class="muted small" id="grid-hint">${t.editHint} ${t.shortcutsHint}</p>
    ${renderEditingTools(context)}
    ${renderInspector(context)}
    ${renderCompletionStatus(context)}
    <footer class="footer" part="footer">
      ${stats.invalidRowCount > 0
        ? html`<label class="check"><input type="checkbox" .checked=${state.skipInvalid} @change=${(event: Event) => actions.setSkipInvalid((event.target as HTMLInputElement).checked)} />
            ${t.skipInvalid(stats.invalidRowCount)}</label>`
        : html`<span></span>`}
      <span class="buttons">
        <button class="button" part="button" ?disabled=${completing} @click=${actions.cancel}>${t.cancel}</button>
        <button class="button" part="button" ?disabled=${completing} @click=${actions.back}>${t.back}</button>
        <button class="button primary" part="button primary import-button" ?disabled=${completing || importable === 0} @click=${actions.complete}>
          ${completing ? t.importing : t.importRows(importable)}
        </button>
      </span>
    </footer>
  </div>`;
}

function renderNotices({ t, state, actions }: StepContext): TemplateResult {
  const stats = state.stats;
  if (!stats) return html``;
  const duplicateField = state.fields.find((field) => field.key === state.duplicateKey);
  return html`${stats.duplicateRows > 0 && duplicateField
    ? html`<div class="notice" part="notice duplicates">
        <span>${t.duplicates(stats.duplicateRows, duplicateField.label)}</span>
        <button class="button" part="button" @click=${() => actions.resolveDuplicates('keep-first')}>${t.keepFirst}</button>
        <button class="button" part="button" @click=${() => actions.resolveDuplicates('keep-last')}>${t.keepLast}</button>
      </div>`
    : nothing}
  ${stats.unreadable > 0 ? html`<div class="notice" part="notice">${t.unreadable(stats.unreadable)}</div>` : nothing}
  ${state.formulaCells && state.formulaCells.count > 0
    ? html`<div class="notice" part="notice formulas">${t.formulaCells(
        state.formulaCells.count,
        state.formulaCells.fields.map((key) => state.fields.find((field) => field.key === key)?.label ?? key),
        state.neutralizeFormulas,
      )}</div>`
    : nothing}
  ${stats.removedCount > 0
    ? html`<div class="notice" part="notice removed"><button class="link" @click=${actions.restoreRemoved}>${t.restoreRemoved(stats.removedCount)}</button></div>`
    : nothing}`;
}

function renderInspector({ t, state, actions, grid }: StepContext): TemplateResult {
  const row = grid.activeRow;
  const field = state.fields[grid.col];
  if (!row || !field || state.viewSize === 0) return html`<div class="inspector" part="inspector"><span class="muted">${t.selectCellHint}</span></div>`;
  const issue = row.issues[grid.col] ?? null;
  const suggestion = issue?.suggestion;
  const similar = state.similar?.field === field.key ? state.similar : null;
  const problems = state.stats?.fieldErrors[field.key] ?? 0;
  return html`<div class="inspector" part="inspector">
    <p class="where"><strong>${t.cellLabel(field.label, row.row + 1)}</strong>${issue ? html`<span class="problem">${problemText(issue, t)}</span>` : nothing}</p>
    <div class="actions">
      ${suggestion !== undefined && suggestion !== null
        ? html`<button class="button primary" part="button suggestion-button" @click=${() => actions.acceptSuggestion(row.row, field.key)}>${t.useSuggestion(suggestionText(suggestion, t))}</button>
            ${problems > 1 ? html`<button class="button" part="button" @click=${() => actions.acceptColumnSuggestions(field.key)}>${t.acceptColumnSuggestions(field.label)}</button>` : nothing}`
        : nothing}
      ${similar ? html`<button class="button primary" part="button similar-button" @click=${actions.applySimilar}>${t.applyToSimilar(similar.count, similar.from)}</button>` : nothing}
      <button class="button" part="button edit-button" @click=${() => grid.startEdit(cellText(row, grid.col, t))}>${t.edit}</button>
      <button class="button" part="button remove-button" @click=${() => actions.removeRow(row.row)}>${t.removeRow(row.row + 1)}</button>
    </div>
  </div>`;
}

function renderFind({ t, state, actions, grid }: StepContext): TemplateResult {
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value;
    const checked = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).checked;
    actions.findReplace({ field: value('field'), find: value('find'), replace: value('replace'), matchCase: checked('matchCase'), wholeCell: checked('wholeCell') });
  };
  return html`<form id="find" class="find" part="find-replace" @submit=${onSubmit}>
    <label>${t.columnLabel}
      <select name="field">${state.fields.map((field, col) => html`<option value=${field.key} ?selected=${col === grid.col}>${field.label}</option>`)}</select>
    </label>
    <label>${t.findLabel} <input name="find" type="text" /></label>
    <label>${t.replaceLabel} <input name="replace" type="text" /></label>
    <label class="check"><input name="matchCase" type="checkbox" /> ${t.matchCase}</label>
    <label class="check"><input name="wholeCell" type="checkbox" /> ${t.wholeCell}</label>
    <button class="button" part="button replace-button" type="submit">${t.replaceAll}</button>
  </form>`;
}
