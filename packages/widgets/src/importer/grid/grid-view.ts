import type { FieldDefinition, ImportValue } from '@inlay/core';
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { GridRow, ViewQuery } from '../engine/protocol.js';
import type { ImporterStrings } from '../importer.strings.js';
import { problemText } from '../problem-text.js';
import type { GridController } from './grid-controller.js';
import { placeTip } from './tip-placement.js';

/** Least width of a column by its field's type: addresses need room, yes/no very little. */
const WIDTH_REM: Readonly<Record<FieldDefinition['type'], number>> = { string: 9, email: 13, url: 13, date: 8, number: 7, boolean: 6, enum: 7 };

/** What a cell shows: the user's text where it could not be read, else the value. @internal */
export function cellText(row: GridRow, col: number, t: ImporterStrings): string {
  const raw = row.raw[col];
  if (raw !== null && raw !== undefined) return raw;
  return valueText(row.values[col] ?? null, t);
}

function valueText(value: ImportValue, t: ImporterStrings): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  return String(value);
}

/** A suggestion as the user would type it. @internal */
export function suggestionText(value: ImportValue, t: ImporterStrings): string {
  return valueText(value, t);
}

/**
 * The review grid (ARIA grid pattern): a header row, then only the rows in view, each placed by
 * transform in a body as tall as the whole view. Cell text is user content and is rendered as
 * text only. Rows are keyed by position, so the focused cell keeps its element while the view
 * scrolls. A cell with a problem is marked `aria-invalid`, styled, and carries its problem in the
 * element's words (problem-text.ts) — read with the cell, shown as a tooltip on hover or focus,
 * kept inside the grid (tip-placement.ts).
 * @internal
 */
export function renderGrid(
  grid: GridController,
  fields: readonly FieldDefinition[],
  fieldErrors: Record<string, number>,
  t: ImporterStrings,
  menu?: ColumnMenuHook,
  lastRowNumber: number = grid.size,
  extraHeaders: readonly string[] = [],
): TemplateResult {
  // Room for the header too (about 0.6rem a character, plus the problem count).
  const widths = [
    ...fields.map((field) => Math.max(WIDTH_REM[field.type], Math.min(14, Math.ceil(field.label.length * 0.6) + 3))),
    ...extraHeaders.map(() => WIDTH_REM.string),
  ];
  const rowhead = rowheadWidth(lastRowNumber);
  const columns = `--_cols:${rowhead} ${widths.map((rem) => `minmax(${rem}rem,${rem}fr)`).join(' ')};--_min:calc(${widths.reduce((sum, rem) => sum + rem, 0)}rem + ${rowhead})`;
  const onKeydown = (event: KeyboardEvent) => grid.onKeydown(event, event.currentTarget as HTMLElement, (row, col) => cellText(row, col, t));
  return html`<div class="grid" part="grid" role="grid" aria-labelledby="grid-label" aria-describedby="grid-hint"
      aria-rowcount=${grid.size + 1} aria-colcount=${fields.length + extraHeaders.length + 1} aria-multiselectable="true" .style=${columns}
      @scroll=${(event: Event) => grid.onScroll(event)} @keydown=${onKeydown}>
    <div role="rowgroup" class="head">
      <div role="row" class="row" aria-rowindex="1">
        <div role="columnheader" class="rowhead">${t.rowHeader}</div>
        ${fields.map((field) => {
          const problems = fieldErrors[field.key] ?? 0;
          const sorted = menu?.sort?.field === field.key ? menu.sort.direction : null;
          // Named as a whole ("Email, 2 problems"): neither the badge's digits nor the menu
          // button's name are read as part of the header's.
          return html`<div role="columnheader" class="colhead" aria-sort=${sorted === null ? nothing : sorted === 'asc' ? 'ascending' : 'descending'}
            aria-label=${problems > 0 ? t.columnHeaderName(field.label, problems) : field.label}>
            <span class="label">${field.label}</span>
            ${menu ? html`<button class="colmenu" part="column-menu-button" tabindex="-1" title=${t.columnMenu(field.label)} aria-label=${t.columnMenu(field.label)}
              @click=${() => menu.open(fields.indexOf(field))}>${sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '⋯'}</button>` : nothing}
            ${problems > 0 ? html`<span class="count" title=${t.columnProblems(problems)} aria-hidden="true">${problems.toLocaleString()}</span>` : nothing}
          </div>`;
        })}
        ${extraHeaders.map(
          (header) => html`<div role="columnheader" class="colhead extra" part="extra-column-header" aria-label=${t.extraColumnName(header)}>
            <span class="label">${header}</span>
          </div>`,
        )}
      </div>
    </div>
    <div role="rowgroup" class="body" .style=${`height:${grid.bodyHeight}px`}>
      ${repeat(grid.visiblePositions(), (pos) => pos, (pos) => renderRow(grid, pos, fields, t, extraHeaders.length))}
    </div>
  </div>`;
}

function renderRow(grid: GridController, pos: number, fields: readonly FieldDefinition[], t: ImporterStrings, extraCount: number): TemplateResult {
  const row = grid.rowAt(pos);
  const top = `transform:translateY(${grid.topOf(pos)}px)`;
  return html`<div role="row" class="row ${row ? '' : 'pending'}" aria-rowindex=${pos + 2} .style=${top}>
    <div role="rowheader" class="rowhead">${row ? row.row + 1 : ''}</div>
    ${fields.map((field, col) => renderCell(grid, row, pos, col, field, t))}
    ${Array.from({ length: extraCount }, (_, i) => html`<div role="gridcell" part="extra" class="cell extra" aria-readonly="true">${renderText(row?.extra?.[i] ?? '')}</div>`)}
  </div>`;
}

function renderCell(grid: GridController, row: GridRow | undefined, pos: number, col: number, field: FieldDefinition, t: ImporterStrings): TemplateResult {
  const active = grid.pos === pos && grid.col === col;
  const editing = grid.editing !== null && grid.editing.pos === pos && grid.editing.col === col;
  if (editing && row) {
    const state = grid.editing;
    const onInput = (event: Event) => state && (state.text = (event.target as HTMLInputElement | HTMLTextAreaElement).value);
    const onKeydown = (event: KeyboardEvent) => {
      event.stopPropagation();
      // Shift+Enter (or Alt+Enter) adds a line in a value that has several.
      if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
        event.preventDefault();
        grid.endEdit(true);
      } else if (event.key === 'Escape') grid.endEdit(false);
    };
    // A value with line breaks is edited whole in a textarea: an input would drop its breaks.
    const multiline = (state?.original ?? '').includes('\n');
    return html`<div role="gridcell" class="cell editing" data-pos=${pos} data-col=${col}>
      ${multiline
        ? html`<textarea part="cell-input" aria-label=${t.cellLabel(field.label, row.row + 1)} .value=${state?.text ?? ''} rows="4"
            @input=${onInput} @keydown=${onKeydown} @blur=${() => grid.endEdit(true)}></textarea>`
        : html`<input part="cell-input" aria-label=${t.cellLabel(field.label, row.row + 1)} .value=${state?.text ?? ''}
            @input=${onInput} @keydown=${onKeydown} @blur=${() => grid.endEdit(true)} />`}
    </div>`;
  }
  const issue = row?.issues[col] ?? null;
  const kind = issue === null ? '' : issue.code === 'duplicate_key' || issue.code === 'duplicate_value' ? 'invalid duplicate' : 'invalid';
  const selected = grid.selection.isBlock && grid.selection.has(pos, col);
  return html`<div role="gridcell" part="cell ${kind}" class="cell ${kind} ${active ? 'active' : ''} ${selected ? 'selected' : ''}" tabindex=${active ? 0 : -1}
      data-pos=${pos} data-col=${col} aria-invalid=${issue ? 'true' : nothing} aria-selected=${selected || active ? 'true' : 'false'}
      @mousedown=${(event: MouseEvent) => event.shiftKey && event.preventDefault()}
      @click=${(event: MouseEvent) => grid.activate(pos, col, event.shiftKey)}
      @focus=${(event: FocusEvent) => {
        grid.select(pos, col);
        placeTip(event.currentTarget as HTMLElement);
      }}
      @mouseenter=${(event: MouseEvent) => placeTip(event.currentTarget as HTMLElement)}
      @dblclick=${() => row && grid.startEdit(cellText(row, col, t))}>
    ${renderText(row ? cellText(row, col, t) : '')}
    ${issue ? html`<span class="tip">${problemText(issue, t)}</span>` : nothing}
  </div>`;
}

/** The column menu's part in the header: the sorted column, and opening the menu from a header. @internal */
export interface ColumnMenuHook {
  sort: ViewQuery['sort'];
  open(col: number): void;
}

/** Longest text shown whole; longer or multi-line text is cut at the row's edge, whole in its title. */
const TITLE_AFTER = 24;

/** A cell's text, one line high (cut with an ellipsis by the styles); the whole value in its title when cut. */
function renderText(text: string): TemplateResult {
  const cut = text.length > TITLE_AFTER || text.includes('\n');
  return html`<span class="text" title=${cut ? text : nothing}>${text}</span>`;
}

/**
 * The row-number column: wide enough for the largest row number of the file (a filtered view
 * still shows the file's own numbers), in `ch` of the grid's tabular digits plus the padding.
 */
function rowheadWidth(lastRowNumber: number): string {
  const digits = String(Math.max(1, Math.floor(lastRowNumber))).length;
  return digits <= 4 ? '4rem' : `max(4rem, calc(${digits}ch + 22px))`;
}
