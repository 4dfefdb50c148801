import { css } from 'lit';

/** Styles of the review step's spreadsheet tools and of the value-mapping step. @internal */
export const editingStyles = css`
  .editing-tools {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }

  .selection-summary {
    flex: 1 1 100%;
  }

  .selection-summary:empty {
    display: none;
  }

  .cell.selected {
    background: color-mix(in srgb, var(--_accent) 14%, var(--_surface));
  }

  .cell.selected.invalid {
    background: color-mix(in srgb, var(--_accent) 10%, color-mix(in srgb, var(--_danger) 12%, var(--_surface)));
  }

  .colhead .colmenu {
    order: 1;
    margin-inline-start: auto;
    flex: none;
    min-width: 20px;
    height: 22px;
    padding: 0 2px;
    border: 1px solid transparent;
    border-radius: 4px;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }

  .colhead .colmenu:hover {
    border-color: var(--_border);
    background: var(--_surface);
  }

  .colhead .colmenu + .count {
    margin-inline-start: auto;
  }

  .colhead:has(.count) .colmenu {
    margin-inline-start: 0;
  }

  .colhead[aria-sort] .colmenu {
    color: var(--_accent);
  }

  .column-menu {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 14px;
    padding: 10px 12px;
    border: 1px solid var(--_border);
    border-radius: 8px;
  }

  .column-menu .sort-buttons {
    display: flex;
    gap: 6px;
  }

  .column-menu input[type='search'] {
    width: 9rem;
  }

  .button[aria-pressed='true'] {
    border-color: var(--_accent);
    box-shadow: inset 0 0 0 1px var(--_accent);
  }

  .query {
    margin: 0;
  }

  .value-column {
    display: grid;
    gap: 6px;
  }

  .value-heading {
    margin: 0;
    font-size: 1em;
  }

  .value-column th[scope='row'] {
    font-weight: normal;
  }

  .value-column .value-count {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }

  .values select {
    max-width: 100%;
  }
`;
