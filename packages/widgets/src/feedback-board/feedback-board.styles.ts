import { postStatusStyles } from '../base/base.styles.js';
import { css } from '../base/css.js';

/** Styles of `<inlay-feedback-board>`; theme values come from base.styles.ts. @internal */
export const feedbackBoardStyles = [
  postStatusStyles(),
  css`
  .card {
    padding: calc(var(--_space) * 1.25);
    border: 1px solid var(--_border);
    border-radius: var(--inlay-radius, 12px);
    background: var(--_surface);
    box-shadow: var(--_card-shadow);
  }

  p,
  h2,
  h3,
  ul {
    margin: 0;
    padding: 0;
  }

  ul {
    list-style: none;
  }

  .muted {
    color: var(--_muted);
  }

  .header {
    display: flex;
    align-items: center;
    gap: 10px;
  }

  .header img {
    border-radius: 6px;
  }

  h2 {
    font-size: 1.15em;
    font-weight: 600;
    line-height: 1.35;
  }

  .form {
    display: grid;
    gap: 6px;
    margin-top: var(--_space);
    padding: 12px;
    border-radius: 10px;
    background: color-mix(in srgb, var(--_track) 45%, var(--_surface));
  }

  label {
    font-size: 0.93em;
    font-weight: 500;
  }

  label + * {
    margin-bottom: 4px;
  }

  input,
  textarea,
  select {
    width: 100%;
    padding: 7px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_surface);
    color: inherit;
    font: inherit;
  }

  textarea {
    resize: vertical;
  }

  input::placeholder,
  textarea::placeholder {
    color: var(--_muted);
    opacity: 0.8;
  }

  [aria-invalid='true'] {
    border-color: var(--_danger);
  }

  .field-error {
    margin: -4px 0 4px;
    color: var(--_danger);
    font-size: 0.875em;
  }

  .similar {
    margin: -2px 0 6px;
    padding: 8px 10px;
    border-inline-start: 3px solid var(--_accent);
    border-start-end-radius: 6px;
    border-end-end-radius: 6px;
    background: var(--_surface);
    font-size: 0.875em;
  }

  .similar li {
    margin-top: 2px;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: 8px 12px;
  }

  .actions .field-error {
    flex: 1;
    margin: 0;
  }

  .button {
    padding: 6px 14px;
    border: 1px solid var(--_accent);
    border-radius: 8px;
    background: var(--_accent);
    color: var(--_on-accent);
    font-size: 0.93em;
    font-weight: 500;
    cursor: pointer;
  }

  .button:hover {
    filter: brightness(1.1);
  }

  .button:disabled {
    opacity: 0.6;
    cursor: default;
  }

  .secondary {
    border-color: var(--_border);
    background: var(--_surface);
    color: var(--_text);
  }

  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: var(--_space) 0 4px;
  }

  .toolbar input {
    flex: 1 1 8em;
    width: auto;
    min-width: 0;
  }

  .sort {
    display: flex;
    padding: 2px;
    border: 1px solid var(--_border);
    border-radius: 8px;
  }

  .sort button {
    padding: 4px 10px;
    border: 0;
    border-radius: 6px;
    background: none;
    color: var(--_muted);
    cursor: pointer;
  }

  .sort [aria-pressed='true'] {
    background: var(--_track);
    color: var(--_text);
    font-weight: 600;
  }

  [part='list'] > li {
    display: flex;
    gap: 14px;
    padding: 14px 0;
  }

  [part='list'] > li + li {
    border-top: 1px solid var(--_border);
  }

  ul[aria-busy='true'] {
    opacity: 0.55;
  }

  .vote {
    display: flex;
    flex: none;
    align-self: flex-start;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    width: 46px;
    min-height: 50px;
    padding: 4px 0;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_surface);
    font-weight: 600;
    line-height: 1.2;
  }

  div.vote {
    border-color: transparent;
    background: var(--_track);
  }

  button.vote {
    cursor: pointer;
  }

  button.vote:hover:enabled {
    border-color: var(--_accent);
  }

  .vote[aria-pressed='true'] {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 10%, var(--_surface));
    color: var(--_accent);
  }

  .vote:disabled {
    opacity: 0.6;
    cursor: default;
  }

  .content {
    min-width: 0;
  }

  h3,
  h4 {
    margin: 0;
    font-size: 1em;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .open {
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }

  .open:hover {
    color: var(--_accent);
    text-decoration: underline;
  }

  .category::before {
    content: '';
    display: inline-block;
    width: 8px;
    height: 8px;
    margin-inline-end: 5px;
    border-radius: 50%;
    background: var(--_category);
    forced-color-adjust: none;
  }

  [part='post-body'] {
    display: -webkit-box;
    margin-top: 2px;
    overflow: hidden;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 10px;
    margin-top: 6px;
    color: var(--_muted);
    font-size: 0.8em;
  }

  .status {
    --_badge: var(--_muted);
    padding: 1px 8px;
    border-radius: 9px;
    background: color-mix(in srgb, var(--_badge) 14%, var(--_surface));
    color: var(--_badge);
    font-weight: 600;
  }

  [data-status='under_review'] {
    --_badge: var(--_status-under_review);
  }

  [data-status='planned'] {
    --_badge: var(--_status-planned);
  }

  [data-status='in_progress'] {
    --_badge: var(--_status-in_progress);
  }

  [data-status='completed'] {
    --_badge: var(--_status-completed);
  }

  [data-status='closed'] {
    --_badge: var(--_status-closed);
  }

  .empty {
    padding: calc(var(--_space) * 1.5) 0;
    text-align: center;
  }

  .end {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 12px;
    padding-top: 12px;
    border-top: 1px solid var(--_border);
  }

  .end .field-error {
    margin: 0;
  }

  .error-title {
    color: var(--_danger);
    font-weight: 600;
  }

  .error-text {
    margin: 4px 0 12px;
  }

  .loading {
    min-height: var(--inlay-board-min-height, 20rem);
  }

  .bone {
    height: 44px;
    margin-bottom: 20px;
    border-radius: 8px;
    background: var(--_track);
    animation: pulse 1.4s infinite;
  }

  .bone:first-of-type {
    width: 40%;
    height: 20px;
  }

  @keyframes pulse {
    50% {
      opacity: 0.5;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
      animation: none !important;
    }
  }

  @media (forced-colors: active) {
    .vote[aria-pressed='true'] {
      border: 2px solid Highlight;
    }
  }
`,
];
