import { css } from 'lit';

/** Styles of `<inlay-importer>`'s review step: find and replace, and the windowed grid. @internal */
export const reviewStyles = css`
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
  }

  /* On the cells, not the row: the row-number column is sized in the row's ch units, alike in every row. */
  .head .row > * {
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
    inset-inline-start: 0;
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
    border-inline-end: 1px solid var(--_border);
  }

  /* The row numbers stay at the inline-start edge while the grid scrolls sideways (above the cells, below a tooltip). */
  .rowhead {
    position: sticky;
    inset-inline-start: 0;
    z-index: 1;
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
    color: var(--_surface);
    font-size: 0.8em;
  }

  .cell {
    position: relative;
    cursor: cell;
    outline-offset: -2px;
    /* The tooltip leaves the cell; the text is clipped on its own. */
    overflow: visible;
  }

  /* Kept unmapped columns: read-only, delivered as written. */
  .extra {
    color: var(--_muted);
  }

  .cell .text {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  /* One line per row: a value with line breaks (or too long) is cut with an ellipsis; its title holds it whole. */
  .body .cell .text {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 1;
    line-clamp: 1;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
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
    --_mark: inset 3px 0 0 var(--_warning);
    background: color-mix(in srgb, var(--_warning) 12%, var(--_surface));
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
    inset-inline-start: 0;
    z-index: 3;
    width: max-content;
    max-width: 16rem;
    padding: 4px 8px;
    border-radius: 6px;
    background: var(--_text);
    color: var(--_surface);
    font-size: 0.85em;
    white-space: normal;
    opacity: 0;
    pointer-events: none;
  }

  .cell:hover .tip,
  .cell:focus .tip {
    opacity: 1;
  }

  /* Placed by grid/tip-placement.ts when there is no room below the cell. */
  .cell .tip.above {
    top: auto;
    bottom: 100%;
  }

  .cell.editing {
    padding: 0;
  }

  .cell input,
  .cell textarea {
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

  /* A multi-line value's editor opens over the rows below it. */
  .cell textarea {
    position: absolute;
    inset-block-start: 0;
    inset-inline-start: 0;
    z-index: 3;
    height: auto;
    min-height: 100%;
    padding: 6px 8px;
    resize: vertical;
    box-shadow: 0 6px 16px -4px color-mix(in srgb, var(--_shadow) 20%, transparent);
  }

  .grid:dir(rtl) .cell.invalid {
    --_mark: inset -3px 0 0 var(--_danger);
  }

  .grid:dir(rtl) .cell.duplicate {
    --_mark: inset -3px 0 0 var(--_warning);
  }
`;
