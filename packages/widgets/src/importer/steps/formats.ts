import { dateInOrder, parseNumber } from '@inlay/core';
import { css, html, nothing, type TemplateResult } from 'lit';
import type { ColumnFormat } from '../engine/protocol.js';
import type { ImporterStrings } from '../importer.strings.js';
import type { StepContext } from './context.js';

/**
 * Number and date formats (docs/importer.md, "Number and date formats"): after a load, the
 * questions about columns no value settles (`1.250` in every row, `03/04/2024` in every row), each
 * with the user's own value read both ways; from review, every number and date column's format,
 * to change. Radio groups in fieldsets: one Tab stop a column, arrow keys between readings.
 * @internal
 */
export function renderFormats({ t, phase, state, actions }: StepContext): TemplateResult {
  const busy = phase === 'reformatting';
  const formats = state.columnFormats;
  const questions = formats.filter(needsAnswer);
  const unanswered = formats.some((column) => column.kind === 'date' && column.ambiguous && chosenValue(column, state.formatChoices) === null);
  const headerOf = (field: string) => {
    const column = state.columns.find((choice) => choice.fieldKey === field);
    return column?.header || (state.fields.find((candidate) => candidate.key === field)?.label ?? field);
  };
  return html`<div class="step formats" part="formats">
    <h3 class="formats-title step-heading" tabindex="-1" data-step-heading>${t.formatsTitle}</h3>
    <p class="muted">${questions.length > 0 ? t.formatsQuestionIntro : t.formatsIntro}</p>
    <div class="format-list">
      ${formats.map((column) => renderColumn(t, column, headerOf(column.field), chosenValue(column, state.formatChoices), busy, (value) => actions.chooseFormat(column.field, value)))}
    </div>
    ${busy
      ? html`<div class="validating">
          <p>${t.validating(state.progress.rows, state.progress.percent)}</p>
          <div class="track" part="progress" role="progressbar" aria-label=${t.validating(state.progress.rows, null)} aria-valuemin="0" aria-valuemax="100"
            aria-valuenow=${state.progress.percent ?? nothing}>
            <div class="fill" .style=${`--_value:${(state.progress.percent ?? 0) / 100}`}></div>
          </div>
        </div>`
      : nothing}
    <footer class="footer" part="footer">
      ${busy
        ? html`<button class="button" part="button" @click=${actions.stop}>${t.stop}</button>`
        : html`<button class="button" part="button" @click=${actions.back}>${t.back}</button>
            <button class="button primary" part="button primary apply-formats" ?disabled=${unanswered} @click=${actions.applyFormats}>${t.applyFormats}</button>`}
    </footer>
  </div>`;
}

/** A column the element asks about after a load: nothing settled it and the user has not chosen. @internal */
export function needsAnswer(column: ColumnFormat): boolean {
  return column.ambiguous && !column.chosen;
}

/** The reading chosen for a column: the user's choice, else what the load used (null: a date order nobody knows). */
function chosenValue(column: ColumnFormat, choices: Record<string, string>): string | null {
  if (Object.hasOwn(choices, column.field)) return choices[column.field] as string;
  if (column.kind === 'number') return column.format;
  return column.ambiguous && !column.chosen ? null : column.order;
}

function renderColumn(t: ImporterStrings, column: ColumnFormat, header: string, value: string | null, busy: boolean, choose: (value: string) => void): TemplateResult {
  const example = column.example;
  const asking = needsAnswer(column) && example !== undefined;
  const name = `format-${column.field}`;
  if (column.kind === 'number') {
    const legend = asking ? t.numberQuestion(header, example) : t.numberFormatLabel(header);
    const readings = (['comma', 'dot'] as const).map((format) => {
      const read = example === undefined ? Number.NaN : parseNumber(example, format);
      return { value: format, label: t.numberReading(format, Number.isNaN(read) ? null : read) };
    });
    return fieldset(legend, asking, name, readings, value, busy, choose);
  }
  const orders: ('dmy' | 'mdy' | 'ymd')[] = column.order === 'ymd' || value === 'ymd' ? ['dmy', 'mdy', 'ymd'] : ['dmy', 'mdy'];
  const legend = asking ? t.dateQuestion(header, example) : t.dateOrderLabel(header);
  const readings = orders.map((order) => {
    const day = example === undefined ? undefined : dateInOrder(example, order);
    return { value: order, label: t.dateReading(order, day === undefined ? null : longDate(day)) };
  });
  return fieldset(legend, asking, name, readings, value, busy, choose);
}

function fieldset(
  legend: string,
  asking: boolean,
  name: string,
  readings: { value: string; label: string }[],
  value: string | null,
  busy: boolean,
  choose: (value: string) => void,
): TemplateResult {
  return html`<fieldset class="format ${asking ? 'question' : ''}" part=${asking ? 'format-question' : 'format'}>
    <legend>${legend}</legend>
    ${readings.map(
      (reading) => html`<label class="reading">
        <input type="radio" name=${name} value=${reading.value} .checked=${value === reading.value} ?disabled=${busy} @change=${() => choose(reading.value)} />
        <span>${reading.label}</span>
      </label>`,
    )}
  </fieldset>`;
}

/** An ISO day (or date-time) as the reader's locale writes it, month by name: `3 April 2024`. */
function longDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** The step's styles, added to the element's. @internal */
export const formatsStyles = css`
  .formats-title {
    margin: 0;
    font-size: 1.05em;
  }

  .format-list {
    display: grid;
    gap: 10px;
  }

  .format.question {
    border-color: var(--_accent);
  }

  .reading {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    padding: 4px 6px;
    overflow-wrap: anywhere;
  }

  .reading input {
    flex: none;
    margin-top: 0.2em;
  }
`;
