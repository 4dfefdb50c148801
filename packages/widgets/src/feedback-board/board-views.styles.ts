import { css, moduleSheet } from '../base/module-sheet.js';

/** Styles of the filters and the roadmap (board-views.ts); theme values come from base.styles.ts. @internal */
export const adoptBoardViewsStyles = moduleSheet(css`
  .filters {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: 8px 0 4px;
  }

  .chips {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }

  .chips button {
    padding: 2px 10px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_muted);
    font: inherit;
    font-size: 0.85em;
    cursor: pointer;
  }

  .chips [aria-pressed='true'] {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 10%, var(--_surface));
    color: var(--_text);
    font-weight: 600;
  }

  .filters select {
    width: auto;
    padding: 3px 8px;
    font-size: 0.85em;
  }

  .roadmap {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(14em, 1fr));
    gap: 12px;
    margin-top: var(--_space);
  }

  .column {
    min-width: 0;
    padding: 10px;
    border-radius: 10px;
    background: color-mix(in srgb, var(--_track) 45%, var(--_surface));
  }

  .column h3 {
    margin-bottom: 8px;
  }

  .column li {
    display: flex;
    gap: 10px;
    margin-top: 8px;
    padding: 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_surface);
  }

  .column .vote {
    width: 40px;
    min-height: 40px;
  }

  /* The column names the status. */
  .column .status {
    display: none;
  }

  .column .end {
    border: 0;
  }
`);
