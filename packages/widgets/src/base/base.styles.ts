import { css } from './css.js';

/**
 * Theme and base styles shared by every component. Public knobs are `--inlay-*` custom
 * properties (documented with `@cssproperty` on each component). Those used in several rules are
 * read once into a private `--_*` property, so a value set on any ancestor (`:root {
 * --inlay-accent: … }`) or on the element itself wins over the default.
 *
 * @internal
 */
export const baseStyles = css`
  :host {
    --_accent: var(--inlay-accent, #4f46e5);
    --_space: var(--inlay-spacing, 16px);
    --_text: var(--inlay-text-color, #111827);
    --_muted: var(--inlay-muted-color, #4b5563);
    --_surface: var(--inlay-surface-color, #fff);
    --_border: var(--inlay-border-color, #e5e7eb);
    --_track: var(--inlay-track-color, #eceef2);
    --_danger: var(--inlay-danger-color, #b91c1c);

    display: block;
    color: var(--_text);
    font: var(--inlay-font-size, 14px) / 1.45 var(--inlay-font, system-ui, sans-serif);
  }

  :host([hidden]) {
    display: none;
  }

  * {
    box-sizing: border-box;
  }

  button {
    font: inherit;
    color: inherit;
  }

  :focus-visible {
    outline: 2px solid var(--inlay-focus-color, var(--_accent));
    outline-offset: 2px;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
