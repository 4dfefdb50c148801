import { css } from '../base/css.js';

/** Styles of `<inlay-checklist>`; theme values come from base.styles.ts. @internal */
export const checklistStyles = css`
  .card {
    padding: calc(var(--_space) * 1.25);
    border: 1px solid var(--_border);
    border-radius: var(--inlay-radius, 12px);
    background: var(--_surface);
    box-shadow: var(--_card-shadow);
  }

  p,
  h2,
  ul {
    margin: 0;
    padding: 0;
  }

  .muted {
    color: var(--_muted);
  }

  .small {
    margin-top: 2px;
    font-size: 0.93em;
  }

  .hint {
    font-size: 0.875em;
    font-style: italic;
  }

  header,
  footer,
  .row {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 6px;
  }

  footer,
  .row {
    flex-wrap: wrap;
  }

  header {
    align-items: flex-start;
  }

  h2 {
    /* A title without spaces wraps rather than pushing the close button out. */
    min-width: 0;
    overflow-wrap: anywhere;
    font-size: 1.15em;
    font-weight: 600;
    line-height: 1.35;
    outline: none;
  }

  .icon {
    /* 28px square around the 16px icon. */
    display: grid;
    margin: -4px 0 0;
    margin-inline-end: -6px;
    padding: 6px;
    border: 0;
    border-radius: 6px;
    background: none;
    color: var(--_muted);
    cursor: pointer;
  }

  .icon:hover {
    background: var(--_track);
  }

  .meter {
    margin: calc(var(--_space) * 0.75) 0 6px;
    font-size: 0.875em;
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

  .note {
    margin-top: var(--_space);
  }

  .complete {
    padding: 10px 12px;
    border-radius: 8px;
    background: color-mix(in srgb, var(--_accent) 8%, var(--_surface));
  }

  ul {
    list-style: none;
  }

  li {
    display: flex;
    gap: 12px;
    padding: 12px 0;
  }

  li + li {
    border-top: 1px solid var(--_border);
  }

  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    accent-color: var(--_accent);
    cursor: pointer;
  }

  [data-state=pending] [aria-disabled=true] {
    opacity: 0.45;
    cursor: default;
  }

  label {
    font-weight: 500;
    cursor: pointer;
  }

  [data-state=completed] label {
    color: var(--_muted);
    text-decoration: line-through;
  }

  .badge {
    margin-inline-start: 6px;
    padding: 1px 7px;
    border-radius: 9px;
    background: var(--_track);
    color: var(--_muted);
    font-size: 0.8em;
  }

  .actions {
    justify-content: flex-start;
    gap: 6px 14px;
    margin-top: 10px;
  }

  .button {
    padding: 5px 12px;
    border: 1px solid var(--_accent);
    border-radius: 8px;
    background: var(--_accent);
    color: var(--_on-accent);
    font-size: 0.93em;
    font-weight: 500;
    text-decoration: none;
    cursor: pointer;
  }

  .button:hover {
    filter: brightness(1.1);
  }

  [data-state=completed] .button,
  .secondary {
    border-color: var(--_border);
    background: var(--_surface);
    color: var(--_text);
  }

  .link {
    padding: 4px 0;
    border: 0;
    background: none;
    color: var(--_muted);
    font-size: 0.93em;
    cursor: pointer;
  }

  .link:hover {
    text-decoration: underline;
  }

  .link:disabled {
    opacity: 0.5;
    text-decoration: none;
    cursor: default;
  }

  footer {
    margin-top: 4px;
    padding-top: 12px;
    border-top: 1px solid var(--_border);
    font-size: 0.875em;
  }

  footer .link {
    margin-inline-start: auto;
  }

  .chip {
    padding: 1px 9px;
    border: 1px solid var(--_border);
    border-radius: 99px;
    background: var(--_surface);
    cursor: pointer;
  }

  .chip:hover {
    border-color: var(--_muted);
  }

  .compact {
    padding: 12px;
    padding-inline-start: var(--_space);
  }

  .error-title {
    color: var(--_danger);
    font-weight: 600;
  }

  .error-text {
    margin: 4px 0 12px;
  }

  .loading {
    min-height: var(--inlay-checklist-min-height, 17rem);
  }

  .loading div {
    width: 70%;
    height: 16px;
    margin-bottom: 28px;
    border-radius: 6px;
    background: var(--_track);
  }

  .loading div:nth-child(2) {
    width: 45%;
    height: 20px;
  }

  .loading div:nth-child(3) {
    width: 100%;
    height: 6px;
  }

  @keyframes pulse {
    50% {
      opacity: 0.5;
    }
  }

  /* Motion only for those who have not asked for less. */
  @media (prefers-reduced-motion: no-preference) {
    .fill {
      transition: transform 0.3s;
    }

    .loading div {
      animation: pulse 1.4s infinite;
    }
  }

  @media (forced-colors: active) {
    .fill {
      background: Highlight;
    }
  }
`;
