import { css } from 'lit';

/** Styles of `<inlay-importer>`; theme values come from base.styles.ts. @internal */
export const importerStyles = css`
  .card {
    padding: calc(var(--_space) * 1.25);
    border: 1px solid var(--_border);
    border-radius: var(--inlay-radius, 12px);
    background: var(--_surface);
    box-shadow: 0 1px 3px rgb(16 24 40 / 0.06), 0 6px 16px -4px rgb(16 24 40 / 0.08);
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
    color: var(--inlay-accent-text, #fff);
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
    text-align: left;
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
    margin-left: 8px;
    padding: 1px 8px;
    border-radius: 999px;
    font-size: 0.8em;
  }

  .badge.sure {
    background: color-mix(in srgb, #16a34a 14%, var(--_surface));
    color: #14532d;
  }

  .badge.unsure {
    background: color-mix(in srgb, #d97706 16%, var(--_surface));
    color: #78350f;
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

  .find {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 14px;
    padding: 10px 12px;
    border: 1px solid var(--_border);
    border-radius: 8px;
  }

  .find input[type='text'] {
    width: 9rem;
  }

  .grid {
    position: relative;
    height: var(--inlay-importer-grid-height, 420px);
    overflow: auto;
    border: 1px solid var(--_border);
    border-radius: 8px;
    font-variant-numeric: tabular-nums;
    overscroll-behavior: contain;
  }

  .grid .row {
    display: grid;
    grid-template-columns: var(--_cols);
    width: max(100%, var(--_min));
    height: 34px;
  }

  .head {
    position: sticky;
    top: 0;
    z-index: 2;
  }

  .head .row {
    background: var(--_track);
    font-size: 0.9em;
    font-weight: 600;
  }

  .body {
    position: relative;
    width: max(100%, var(--_min));
  }

  .body .row {
    position: absolute;
    top: 0;
    left: 0;
    border-bottom: 1px solid var(--_border);
    background: var(--_surface);
  }

  .rowhead,
  .colhead,
  .cell {
    display: flex;
    align-items: center;
    min-width: 0;
    padding: 0 10px;
    overflow: hidden;
    white-space: pre;
    border-right: 1px solid var(--_border);
  }

  .rowhead {
    justify-content: flex-end;
    color: var(--_muted);
    background: var(--_surface);
  }

  .head .rowhead {
    background: var(--_track);
  }

  .colhead {
    gap: 6px;
  }

  .colhead .label {
    overflow: hidden;
    text-overflow: ellipsis;
  }

  .count {
    padding: 0 6px;
    border-radius: 999px;
    background: var(--_danger);
    color: #fff;
    font-size: 0.8em;
  }

  .cell {
    position: relative;
    cursor: cell;
    outline-offset: -2px;
    /* The tooltip leaves the cell; the text is clipped on its own. */
    overflow: visible;
  }

  .cell .text {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  .body .row:hover,
  .body .row:focus-within {
    z-index: 1;
  }

  .cell.invalid {
    --_mark: inset 3px 0 0 var(--_danger);
    background: color-mix(in srgb, var(--_danger) 9%, var(--_surface));
    box-shadow: var(--_mark);
  }

  .cell.duplicate {
    --_mark: inset 3px 0 0 #d97706;
    background: color-mix(in srgb, #d97706 12%, var(--_surface));
  }

  /* The active cell is the grid's focus: an inset ring that keeps the problem mark visible. */
  .cell:focus-visible {
    outline: none;
  }

  .cell.active {
    box-shadow: var(--_mark, 0 0 0 transparent), inset 0 0 0 2px var(--inlay-focus-color, var(--_accent));
  }

  .cell .tip {
    position: absolute;
    top: 100%;
    left: 0;
    z-index: 3;
    width: max-content;
    max-width: 16rem;
    padding: 4px 8px;
    border-radius: 6px;
    background: #111827;
    color: #fff;
    font-size: 0.85em;
    white-space: normal;
    opacity: 0;
    pointer-events: none;
  }

  .cell:hover .tip,
  .cell:focus .tip {
    opacity: 1;
  }

  .body .row:last-child .cell .tip {
    top: auto;
    bottom: 100%;
  }

  .cell.editing {
    padding: 0;
  }

  .cell input {
    width: 100%;
    height: 100%;
    padding: 0 8px;
    border: 2px solid var(--_accent);
    font: inherit;
    background: var(--_surface);
    color: inherit;
  }

  .pending .cell,
  .pending .rowhead {
    background: repeating-linear-gradient(90deg, var(--_surface) 0 10px, var(--_track) 10px 11px);
  }

  .inspector {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    min-height: 48px;
    padding: 8px 12px;
    border-radius: 8px;
    background: var(--_track);
  }

  .inspector .where {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 10px;
  }

  .check {
    gap: 8px;
  }

  .empty {
    padding: var(--_space);
    text-align: center;
  }

  .error-state,
  .done {
    display: grid;
    justify-items: start;
    gap: 8px;
  }
`;
