import { css, moduleSheet } from '../base/module-sheet.js';

/** Styles of the post page and its comments (post-page.ts); theme values come from base.styles.ts. @internal */
export const adoptPostPageStyles = moduleSheet(css`
  .page {
    margin-top: var(--_space);
  }

  .back {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 4px 8px 4px 4px;
    border: 0;
    border-radius: 6px;
    background: none;
    color: var(--_accent);
    font: inherit;
    font-weight: 500;
    cursor: pointer;
  }

  .back:hover {
    background: var(--_track);
  }

  :host(:dir(rtl)) .back-icon {
    transform: scaleX(-1);
  }

  .post {
    display: flex;
    gap: 14px;
    margin: 12px 0 var(--_space);
  }

  .post h3 {
    font-size: 1.15em;
  }

  .page [part='post-body'] {
    margin-top: 6px;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }

  .comments {
    padding-top: 12px;
    border-top: 1px solid var(--_border);
  }

  .comments h4 {
    margin: 0 0 8px;
    font-size: 1em;
  }

  .thread > li {
    padding: 10px 0;
  }

  .thread > li + li {
    border-top: 1px solid var(--_border);
  }

  .replies {
    margin-top: 8px;
    padding-inline-start: 14px;
    border-inline-start: 2px solid var(--_border);
  }

  .replies > li + li {
    margin-top: 10px;
  }

  .who {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 2px 8px;
    font-size: 0.85em;
  }

  .name {
    font-weight: 600;
  }

  .badge {
    padding: 0 7px;
    border-radius: 9px;
    background: var(--_accent);
    color: var(--_on-accent);
    font-size: 0.9em;
    font-weight: 600;
  }

  [part~='comment-body'] {
    margin-top: 2px;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }

  .deleted {
    font-style: italic;
  }

  .actions-row,
  .confirm {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 12px;
    margin-top: 4px;
    font-size: 0.85em;
  }

  .link {
    padding: 2px 0;
    border: 0;
    background: none;
    color: var(--_accent);
    font: inherit;
    font-weight: 500;
    cursor: pointer;
  }

  .link:hover {
    text-decoration: underline;
  }

  .comment-form {
    display: grid;
    gap: 6px;
    margin-top: 10px;
  }

  .comment:focus {
    outline: none;
  }

  .comment:focus-visible {
    outline: 2px solid var(--inlay-focus-color, var(--_accent));
  }
`);
