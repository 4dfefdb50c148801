import type { CSSResult } from 'lit';
import { css } from './css.js';

/**
 * Theme and base styles shared by every component (docs/widgets.md, Theming). Public knobs are
 * `--inlay-*` custom properties (documented with `@cssproperty` on each component). Each is read
 * once here into a private `--_*` property, so a value set on any ancestor (`:root {
 * --inlay-accent: … }`) or on the element itself wins over the default. This is the only place
 * a colour is written: component styles use the `--_*` properties (a test checks that).
 *
 * Every default is `light-dark(light, dark)`: which one applies follows the host's
 * `color-scheme`, which is the visitor's `prefers-color-scheme` unless `theme="light"` or
 * `theme="dark"` forces one. The same `color-scheme` themes native controls (inputs, selects,
 * scrollbars). The dark values are checked for WCAG AA contrast as the light ones are.
 *
 * @internal
 */
export const baseStyles = css`
  :host {
    color-scheme: light dark;
    --_accent: var(--inlay-accent, light-dark(#4f46e5, #a5b4fc));
    --_on-accent: var(--inlay-accent-text, light-dark(#fff, #1e1b4b));
    --_space: var(--inlay-spacing, 16px);
    --_text: var(--inlay-text-color, light-dark(#111827, #f3f4f6));
    --_muted: var(--inlay-muted-color, light-dark(#4b5563, #a3acb9));
    --_surface: var(--inlay-surface-color, light-dark(#fff, #161b26));
    --_border: var(--inlay-border-color, light-dark(#e5e7eb, #374151));
    --_track: var(--inlay-track-color, light-dark(#eceef2, #2a3242));
    --_danger: var(--inlay-danger-color, light-dark(#b91c1c, #fca5a5));
    --_shadow: var(--inlay-shadow-color, light-dark(#101828, #000));
    --_card-shadow: 0 1px 3px color-mix(in srgb, var(--_shadow) 6%, transparent), 0 6px 16px -4px color-mix(in srgb, var(--_shadow) 8%, transparent);

    display: block;
    color: var(--_text);
    font: var(--inlay-font-size, 14px) / 1.45 var(--inlay-font, system-ui, sans-serif);
  }

  :host([theme=light]) {
    color-scheme: light;
  }

  :host([theme=dark]) {
    color-scheme: dark;
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

/**
 * The colours of outcomes, for the importer (sure and unsure matches, duplicate rows). Same
 * light/dark scheme as baseStyles. A function, so that a bundle which does not call it drops it
 * (a tagged template at the top of a module is kept as a possible side effect).
 *
 * @internal
 */
export const outcomeStyles = (): CSSResult => css`
  :host {
    --_success: var(--inlay-success-color, light-dark(#166534, #86efac));
    --_warning: var(--inlay-warning-color, light-dark(#92400e, #fcd34d));
  }
`;

/**
 * The colours of feedback post statuses, for the board's badges (`::part(status
 * status-planned)`). Same light/dark scheme as baseStyles; a function for the same reason.
 *
 * @internal
 */
export const postStatusStyles = (): CSSResult => css`
  :host {
    --_status-under_review: var(--inlay-status-under-review-color, light-dark(#6d28d9, #c4b5fd));
    --_status-planned: var(--inlay-status-planned-color, light-dark(#1d4ed8, #93c5fd));
    --_status-in_progress: var(--inlay-status-in-progress-color, light-dark(#9a3412, #fdba74));
    --_status-completed: var(--inlay-status-completed-color, light-dark(#166534, #86efac));
    --_status-closed: var(--inlay-status-closed-color, var(--_muted));
  }
`;
