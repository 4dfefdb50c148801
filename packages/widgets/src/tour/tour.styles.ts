import { css } from '../base/css.js';

/**
 * Styles of `<inlay-tour>`; theme values come from base.styles.ts, the beacons' own styles from
 * hotspots.styles.ts, a modal step's cut-out's from modal.ts. The popover, a modal step's cut-out and the beacons are `popover="manual"`
 * elements, so they sit in the top layer above the page whatever its stacking; Floating UI sets
 * their position through the CSSOM (position.ts). @internal
 */
export const tourStyles = css`
  :host {
    display: contents;
  }

  [popover] {
    margin: 0;
    padding: 0;
    border: 0;
    color: inherit;
    background: none;
    overflow: visible;
  }

  .popover {
    width: min(22rem, calc(100vw - 16px));
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--inlay-radius, 12px);
    background: var(--_surface);
    box-shadow: var(--_card-shadow), 0 12px 32px -8px color-mix(in srgb, var(--_shadow) 25%, transparent);
    margin: auto;
  }

  /* Focus lands on the dialog to announce it; its controls show the focus ring. */
  .popover:focus-visible {
    outline: none;
  }

  .anchored {
    inset: auto;
    margin: 0;
  }

  /* The dashboard's preview: in place, pointing up at where the element would be. */
  .inline {
    position: relative;
    margin: 12px 0 0;
  }

  .inline > .arrow {
    left: 24px;
  }

  .arrow {
    position: absolute;
    width: 12px;
    height: 12px;
    background: var(--_surface);
    border: inherit;
    border-width: 0 1px 1px 0;
    rotate: 45deg;
  }

  [data-side=bottom] > .arrow { top: -7px; rotate: 225deg; }
  [data-side=top] > .arrow { bottom: -7px; }
  [data-side=left] > .arrow { right: -7px; rotate: -45deg; }
  [data-side=right] > .arrow { left: -7px; rotate: 135deg; }

  .head,
  .foot {
    display: flex;
    align-items: center;
    gap: 8px;
  }

  .foot {
    flex-wrap: wrap;
    justify-content: flex-end;
    margin-top: var(--_space);
  }

  h2 {
    margin: 4px 0;
    font-size: 1.1em;
  }

  p {
    margin: 0;
  }

  .muted {
    color: var(--_muted);
    font-size: 0.93em;
  }

  button {
    min-height: 32px;
    padding: 4px 12px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_surface);
    cursor: pointer;
  }

  .primary {
    border-color: var(--_accent);
    background: var(--_accent);
    color: var(--_on-accent);
  }

  .skip,
  .close {
    border-color: transparent;
  }

  .skip {
    margin-inline-end: auto;
    color: var(--_muted);
  }

  .close {
    margin-inline-start: auto;
    padding: 0 8px;
    font-size: 1.25em;
    line-height: 1;
  }

`;
