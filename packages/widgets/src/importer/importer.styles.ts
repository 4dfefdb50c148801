import { css } from 'lit';
import { outcomeStyles } from '../base/base.styles.js';

/** Styles of `<inlay-importer>`; theme values come from base.styles.ts. @internal */
export const importerStyles = [
  outcomeStyles(),
  css`
  .card {
    padding: calc(var(--_space) * 1.25);
    border: 1px solid var(--_border);
    border-radius: var(--inlay-radius, 12px);
    background: var(--_surface);
    box-shadow: var(--_card-shadow);
  }

  .loading {
    min-height: 12rem;
    background: linear-gradient(var(--_surface), var(--_track));
  }

  p,
  h2,
  ol {
    margin: 0;
    padding: 0;
  }

  .muted {
    color: var(--_muted);
  }

  .small {
    font-size: 0.875em;
  }

  .header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 16px;
    margin-bottom: var(--_space);
  }

  h2 {
    font-size: 1.15em;
    font-weight: 600;
    outline: none;
  }

  .steps {
    display: flex;
    /* Longer step names (German, French) wrap whole, not mid-name. */
    flex-wrap: wrap;
    gap: 4px;
    list-style: none;
    font-size: 0.86em;
    counter-reset: step;
  }

  .steps li {
    padding: 3px 10px;
    border-radius: 999px;
    color: var(--_muted);
    counter-increment: step;
    white-space: nowrap;
  }

  .steps li::before {
    content: counter(step) '. ';
  }

  .steps .current {
    background: color-mix(in srgb, var(--_accent) 12%, var(--_surface));
    color: var(--_text);
    font-weight: 600;
  }

  .step {
    display: grid;
    gap: calc(var(--_space) * 0.75);
  }

  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 34px;
    padding: 6px 14px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_surface);
    cursor: pointer;
    white-space: nowrap;
  }

  .button:hover:not(:disabled) {
    border-color: color-mix(in srgb, var(--_text) 30%, var(--_border));
  }

  .button.primary {
    border-color: var(--_accent);
    background: var(--_accent);
    color: var(--_on-accent);
  }

  .button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }

  .link {
    padding: 0;
    border: 0;
    background: none;
    color: var(--_accent);
    text-decoration: underline;
    cursor: pointer;
  }

  .footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding-top: 4px;
  }

  .footer:not(:has(label)) {
    justify-content: flex-end;
  }

  .buttons,
  .actions,
  .options {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }

  .options {
    gap: 16px;
  }

  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }

  select,
  input[type='text'],
  textarea {
    font: inherit;
    color: inherit;
    min-height: 32px;
    padding: 4px 8px;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_surface);
  }

  .dropzone {
    display: grid;
    justify-items: center;
    gap: 10px;
    padding: calc(var(--_space) * 2) var(--_space);
    border: 2px dashed var(--_border);
    border-radius: 10px;
    text-align: center;
  }

  .dropzone.over {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 6%, var(--_surface));
  }

  .drop-prompt,
  .done-title,
  .error-title {
    font-weight: 600;
  }

  .file-button:focus-within {
    outline: 2px solid var(--inlay-focus-color, var(--_accent));
    outline-offset: 2px;
  }

  .paste {
    display: grid;
    gap: 6px;
    justify-items: start;
  }

  .paste textarea {
    width: 100%;
    font-family: ui-monospace, monospace;
    font-size: 0.9em;
  }

  fieldset {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 8px;
    border: 1px solid var(--_border);
    border-radius: 8px;
  }

  legend {
    padding: 0 4px;
    font-weight: 600;
  }

  .header-row {
    display: flex;
    gap: 10px;
    padding: 4px 6px;
    border-radius: 6px;
    overflow: hidden;
  }

  .header-row.chosen {
    background: color-mix(in srgb, var(--_accent) 8%, var(--_surface));
  }

  .row-number {
    flex: none;
    width: 4.5em;
    color: var(--_muted);
  }

  .cells {
    display: flex;
    gap: 4px;
    min-width: 0;
    overflow: hidden;
  }

  .chip {
    max-width: 14em;
    padding: 1px 6px;
    border-radius: 4px;
    background: var(--_track);
    font-size: 0.9em;
    white-space: pre;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  .table-wrap {
    max-height: 34rem;
    overflow: auto;
    border: 1px solid var(--_border);
    border-radius: 8px;
  }

  table {
    width: 100%;
    border-collapse: collapse;
  }

  th,
  td {
    padding: 6px 10px;
    border-bottom: 1px solid var(--_border);
    text-align: start;
    vertical-align: middle;
  }

  thead th {
    position: sticky;
    top: 0;
    background: var(--_surface);
    color: var(--_muted);
    font-weight: 500;
    font-size: 0.9em;
  }

  tbody th {
    font-weight: 600;
    white-space: pre;
  }

  tr.ignored th,
  tr.ignored .samples {
    color: var(--_muted);
    font-weight: 400;
  }

  .samples {
    max-width: 18rem;
  }

  .samples .chip {
    display: inline-block;
    margin: 1px 2px;
    vertical-align: middle;
  }

  .field {
    white-space: nowrap;
  }

  .badge {
    margin-inline-start: 8px;
    padding: 1px 8px;
    border-radius: 999px;
    font-size: 0.8em;
  }

  .badge.sure {
    background: color-mix(in srgb, var(--_success) 14%, var(--_surface));
    color: var(--_success);
  }

  .badge.unsure {
    background: color-mix(in srgb, var(--_warning) 14%, var(--_surface));
    color: var(--_warning);
  }

  .problem {
    color: var(--_danger);
  }

  .notice {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 8px 12px;
    border-radius: 8px;
    background: color-mix(in srgb, var(--_accent) 7%, var(--_surface));
  }

  .track {
    height: 6px;
    margin-top: 6px;
    border-radius: 3px;
    background: var(--_track);
    overflow: hidden;
  }

  .fill {
    height: 100%;
    background: var(--_accent);
    transform: scaleX(var(--_value, 0));
    transform-origin: left;
  }

  .fill:dir(rtl) {
    transform-origin: right;
  }

  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 16px;
  }

  .summary {
    flex: 1;
    font-weight: 600;
  }

  /* Column mapping: the pickers stay in view whatever the headers; a long header wraps to three lines, whole in its title. */
  .table-wrap {
    container-type: inline-size;
  }

  table[part~='mapping'] {
    table-layout: fixed;
  }

  table[part~='mapping'] thead th:nth-child(1) {
    width: 34%;
  }

  table[part~='mapping'] thead th:nth-child(2) {
    width: 30%;
  }

  table[part~='mapping'] tbody th {
    white-space: normal;
  }

  .column-name {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    line-clamp: 3;
    overflow: hidden;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  table[part~='mapping'] .samples {
    max-width: none;
  }

  table[part~='mapping'] .samples .chip {
    max-width: 100%;
  }

  table[part~='mapping'] .field {
    white-space: normal;
  }

  table[part~='mapping'] select {
    width: 100%;
    max-width: 100%;
    min-width: 0;
  }

  table[part~='mapping'] .badge {
    display: inline-block;
    margin: 4px 0 0;
  }

  @container (max-width: 30rem) {
    table[part~='mapping'] th,
    table[part~='mapping'] td {
      padding: 6px;
    }

    table[part~='mapping'] thead th:nth-child(1) {
      width: 32%;
    }

    table[part~='mapping'] thead th:nth-child(2) {
      width: 26%;
    }
  }

`,
];
