import { html, nothing, type TemplateResult } from 'lit';
import { ENCODINGS } from '../engine/protocol.js';
import { renderStepHeading } from '../step-focus.js';
import type { StepContext } from './context.js';

const SHOWN_ROWS = 10;
const SHOWN_CELLS = 6;

/** Step 2: the sheet, text encoding and separator, and which row holds the column names. @internal */
export function renderSetup({ t, state, actions }: StepContext): TemplateResult {
  const opened = state.opened;
  if (!opened) return html``;
  const { openOptions } = state;
  const delimiterName = (delimiter: string) => t.delimiterNames[delimiter] ?? delimiter;
  const selectChange = (apply: (value: string) => void) => (event: Event) => apply((event.target as HTMLSelectElement).value);
  return html`<div class="step setup">
    ${renderStepHeading(t.stepTitles[1])}
    <div class="options">
      ${opened.sheets.length > 1
        ? html`<label>${t.sheetLabel}
            <select @change=${selectChange((value) => actions.reopen({ sheet: Number(value) }))}>
              ${opened.sheets.map((name, i) => html`<option value=${i} ?selected=${i === opened.sheet}>${name}</option>`)}
            </select></label>`
        : nothing}
      ${opened.format !== 'xlsx' && opened.detectedEncoding !== null
        ? html`<label>${t.encodingLabel}
            <select @change=${selectChange((value) => actions.reopen({ encoding: value || undefined }))}>
              <option value="" ?selected=${!openOptions.encoding}>${t.encodingAuto(opened.detectedEncoding)}</option>
              ${ENCODINGS.map((encoding) => html`<option value=${encoding} ?selected=${openOptions.encoding === encoding}>${encoding}</option>`)}
            </select></label>`
        : nothing}
      ${opened.format === 'csv'
        ? html`<label>${t.delimiterLabel}
            <select @change=${selectChange((value) => actions.reopen({ delimiter: value || undefined }))}>
              <option value="" ?selected=${!openOptions.delimiter}>${t.delimiterAuto(delimiterName(opened.delimiter ?? ','))}</option>
              ${Object.keys(t.delimiterNames).map((delimiter) => html`<option value=${delimiter} ?selected=${openOptions.delimiter === delimiter}>${delimiterName(delimiter)}</option>`)}
            </select></label>`
        : nothing}
    </div>
    ${opened.preview.length === 0
      ? html`<p class="notice" part="notice">${opened.sheets.length > 1 ? t.emptySheet(opened.sheets[opened.sheet] ?? '') : t.emptyFile}</p>`
      : html`<fieldset class="header-rows" part="header-rows">
          <legend>${t.headerRowLegend}</legend>
          ${opened.preview.slice(0, SHOWN_ROWS).map(
            (row, i) => html`<label class="header-row ${state.headerRow === i ? 'chosen' : ''}">
              <input type="radio" name="header-row" .checked=${state.headerRow === i} @change=${() => actions.setHeaderRow(i)} />
              <span class="row-number">${t.rowLabel(i + 1)}</span>
              <span class="cells">${row.slice(0, SHOWN_CELLS).map((cell) => html`<span class="chip">${cell}</span>`)}${row.length > SHOWN_CELLS ? html`<span class="muted">…</span>` : nothing}</span>
            </label>`,
          )}
          <label class="header-row ${state.headerRow === -1 ? 'chosen' : ''}">
            <input type="radio" name="header-row" .checked=${state.headerRow === -1} @change=${() => actions.setHeaderRow(-1)} />
            <span>${t.noHeaderRow}</span>
          </label>
        </fieldset>`}
    <footer class="footer" part="footer">
      <button class="button" part="button" @click=${actions.cancel}>${t.cancel}</button>
      <button class="button primary" part="button primary" ?disabled=${opened.preview.length === 0} @click=${actions.toMapping}>${t.continue}</button>
    </footer>
  </div>`;
}
