import { html, type TemplateResult } from 'lit';
import { isInlayError } from '@inlay/client';
import type { BoardViewStrings } from './feedback-board.strings.js';

/** The board while its config and first page load: placeholders of the list's shape. @internal */
export function renderLoading(t: BoardViewStrings): TemplateResult {
  return html`<div class="card loading" part="base" aria-busy="true">
    <span class="visually-hidden">${t.loading}</span>
    <div class="bone"></div><div class="bone"></div><div class="bone"></div><div class="bone"></div>
  </div>`;
}

/** The board when its config or first page could not be loaded, with the error's code and a retry. @internal */
export function renderError(t: BoardViewStrings, error: unknown, retry: () => void): TemplateResult {
  return html`<div class="card" part="base error" role="alert">
    <p class="error-title">${t.errorTitle}</p>
    <p class="muted error-text">${t.errorMessage(isInlayError(error) ? error.code : undefined)}</p>
    <button class="button" part="retry-button" @click=${retry}>${t.retry}</button>
  </div>`;
}
