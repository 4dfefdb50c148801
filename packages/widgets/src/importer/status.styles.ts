import { css } from 'lit';

/**
 * How `<inlay-importer>` tells the user where things stand: notices, refused files, step
 * headings, the server upload's progress, "Saving…", a refused completion and the discard dialog.
 */
export const statusStyles = css`
  /* The main-thread fallback's notice, between the header and the step. */
  .engine-notice {
    margin: 0 0 calc(var(--_space) * 0.75);
  }

  .file-error {
    padding: 10px 14px;
    border-inline-start: 4px solid var(--_danger);
    border-radius: 8px;
    background: color-mix(in srgb, var(--_danger) 7%, var(--_surface));
  }

  .file-error p {
    margin: 0;
  }

  .file-error p + p {
    margin-top: 4px;
  }

  .file-error:focus-visible {
    outline: 2px solid var(--inlay-focus-color, var(--_accent));
    outline-offset: 2px;
  }

  /* Server delivery (server-delivery.ts): progress, then the failure and Try again, spaced apart. */
  .delivery {
    display: grid;
    gap: 8px;
    margin-top: 12px;
  }
  .delivery p {
    margin: 0;
  }
  .delivery .button {
    justify-self: start;
  }

  .step-heading,
  .error-title {
    margin: 0;
    font-size: 1.05em;
    font-weight: 600;
  }

  .step-heading:focus,
  .error-title:focus,
  .saving:focus {
    outline: none;
  }

  .step-heading:focus-visible,
  .error-title:focus-visible,
  .saving:focus-visible {
    outline: 2px solid var(--inlay-focus-color, var(--_accent));
    outline-offset: 2px;
    border-radius: 4px;
  }

  .saving {
    gap: 10px;
    font-weight: 600;
  }

  .spinner {
    width: 14px;
    height: 14px;
    border: 2px solid color-mix(in srgb, var(--_accent) 25%, transparent);
    border-top-color: var(--_accent);
    border-radius: 50%;
    animation: inlay-spin 0.8s linear infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }

  @keyframes inlay-spin {
    to {
      transform: rotate(1turn);
    }
  }

  .completion-error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 16px;
    padding: 10px 12px;
    border: 1px solid color-mix(in srgb, var(--_danger) 40%, var(--_border));
    border-radius: 8px;
    background: color-mix(in srgb, var(--_danger) 7%, var(--_surface));
  }

  .completion-error .error-title {
    color: var(--_danger);
    font-size: 1em;
  }

  .completion-error p {
    overflow-wrap: anywhere;
  }

  .confirm {
    max-width: min(26rem, calc(100vw - 32px));
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: 10px;
    background: var(--_surface);
    color: var(--_text);
    box-shadow: 0 12px 32px -8px color-mix(in srgb, var(--_shadow) 30%, transparent);
  }

  .confirm::backdrop {
    background: color-mix(in srgb, var(--_shadow) 35%, transparent);
  }

  .confirm h3 {
    margin: 0 0 6px;
    font-size: 1.05em;
  }

  .confirm p {
    margin-bottom: var(--_space);
  }

  .confirm .buttons {
    justify-content: flex-end;
  }

  .button.danger {
    border-color: var(--_danger);
    background: var(--_danger);
    color: var(--_surface);
  }
`;
