import { html, nothing, type TemplateResult } from 'lit';
import type { ColumnMenuHook } from '../grid/grid-view.js';
import type { StepContext } from './context.js';

/*
 * The review step's spreadsheet tools (docs/importer.md): undo and redo, removing the selected
 * rows, the CSV of rows with problems, and the sort and filter menu of a column.
 * @internal
 */

/** Buttons in the review toolbar. */
export function renderEditingTools({ t, state, actions, grid }: StepContext): TemplateResult {
  const { history } = state;
  const rows = grid.selection.rows;
  const column = state.fields[grid.col];
  const selection = grid.selection;
  return html`<div class="editing-tools" part="editing-toolbar" role="group" aria-label=${t.editTools}>
    <span class="muted small selection-summary">${selection.isBlock ? t.selectionSummary(selection.rows, selection.cells) : ''}</span>
    <button class="button" part="button undo-button" ?disabled=${history.undo === 0} @click=${actions.undo}>${t.undo(history.undoLabel)}</button>
    <button class="button" part="button redo-button" ?disabled=${history.redo === 0} @click=${actions.redo}>${t.redo(history.redoLabel)}</button>
    <button class="button" part="button remove-rows-button" ?disabled=${state.viewSize === 0} @click=${actions.removeSelectedRows}>${t.removeSelectedRows(rows)}</button>
    <button class="button" part="button column-menu-toggle" aria-expanded=${state.columnMenu !== null ? 'true' : 'false'} aria-controls="column-menu"
      ?disabled=${!column} @click=${() => actions.openColumnMenu(state.columnMenu === null ? grid.col : null)}>${t.sortFilter}</button>
    <button class="button" part="button download-problems-button" ?disabled=${(state.stats?.invalidRowCount ?? 0) === 0} @click=${actions.downloadProblems}>${t.downloadProblems}</button>
  </div>`;
}

/** What the grid's headers need: the sorted column and how to open a column's menu. */
export function columnMenuHook({ state, actions }: StepContext): ColumnMenuHook {
  return { sort: state.filter.sort, open: (col) => actions.openColumnMenu(col) };
}

/** The open column's sort and filter panel (a disclosure below the toolbar, so it fits 375 px). */
export function renderColumnMenu({ t, state, actions }: StepContext): TemplateResult | typeof nothing {
  const col = state.columnMenu;
  const field = col === null ? undefined : state.fields[col];
  if (!field) return nothing;
  const { filter } = state;
  const contains = filter.contains?.field === field.key ? filter.contains.text : '';
  const onlyProblems = filter.errors && filter.field === field.key;
  const base = { sort: filter.sort, contains: filter.contains };
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const input = (event.target as HTMLFormElement).elements.namedItem('contains') as HTMLInputElement;
    actions.setQuery({ ...base, contains: input.value === '' ? undefined : { field: field.key, text: input.value } });
  };
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      actions.openColumnMenu(null);
    }
  };
  return html`<form id="column-menu" class="column-menu" part="column-menu" aria-label=${t.columnMenu(field.label)} @submit=${onSubmit} @keydown=${onKeydown}>
    <label>${t.columnLabel}
      <select @change=${(event: Event) => actions.openColumnMenu((event.target as HTMLSelectElement).selectedIndex)}>
        ${state.fields.map((candidate, i) => html`<option ?selected=${i === col}>${candidate.label}</option>`)}
      </select>
    </label>
    <span class="sort-buttons">
      <button type="button" class="button" part="button sort-asc-button" aria-pressed=${filter.sort?.field === field.key && filter.sort.direction === 'asc' ? 'true' : 'false'}
        @click=${() => actions.setQuery({ ...base, sort: { field: field.key, direction: 'asc' } })}>${t.sortAscending}</button>
      <button type="button" class="button" part="button sort-desc-button" aria-pressed=${filter.sort?.field === field.key && filter.sort.direction === 'desc' ? 'true' : 'false'}
        @click=${() => actions.setQuery({ ...base, sort: { field: field.key, direction: 'desc' } })}>${t.sortDescending}</button>
    </span>
    <label class="check"><input type="checkbox" part="only-problems" .checked=${onlyProblems}
      @change=${(event: Event) => actions.setFilter((event.target as HTMLInputElement).checked ? { errors: true, field: field.key, ...base } : { errors: false, ...base })} />
      ${t.onlyProblemsIn(field.label)}</label>
    <label>${t.containsLabel} <input name="contains" type="search" part="contains-input" .value=${contains} /></label>
    <button class="button" part="button filter-button" type="submit">${t.applyFilter}</button>
    <button type="button" class="button" part="button clear-filter-button" @click=${() => actions.setFilter({ errors: false })}>${t.clearSortFilter}</button>
    <button type="button" class="button" part="button" @click=${() => actions.openColumnMenu(null)}>${t.close}</button>
  </form>`;
}

/** What the sort and text filter are, for the summary line. */
export function describeQuery({ t, state }: StepContext): string {
  const parts: string[] = [];
  const { sort, contains } = state.filter;
  const label = (key: string) => state.fields.find((field) => field.key === key)?.label ?? key;
  if (sort) parts.push(t.sortedBy(label(sort.field), sort.direction === 'asc'));
  if (contains && contains.text !== '') parts.push(t.filteredBy(label(contains.field), contains.text));
  return parts.join(' · ');
}
