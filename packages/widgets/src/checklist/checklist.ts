// lit-html first, then the SDK, then the rest: the order modules take in the script-tag bundle, and
// this one lets gzip find more of this file's code within its 32 KB window (about 90 bytes).
import { html, nothing, render, type TemplateResult } from 'lit/html.js';
import type { LiteProperties } from '../base/lite-element.js';
import { isInlayError } from '@inlay/client';
import { FlowElement } from './flow-element.js';
import { checklistStyles } from './checklist.styles.js';
import { checklistLocales } from './locales.js';
import { type ChecklistStrings, type ChecklistViewStrings, checklistViewStrings } from './checklist.strings.js';
import { type CardView, renderCard, renderCompact } from './checklist-card.js';

/**
 * An onboarding checklist (docs/onboarding.md): renders a published flow and the end user's progress,
 * and writes completions, skips, snoozes and dismissals through the hosted progress routes, or
 * through a host-supplied store on the BYO plan. Writes are optimistic: the next state is
 * computed with `@inlay/core`'s state machine and shown at once, then rolled back if the store
 * refuses it.
 *
 * @example
 * ```html
 * <inlay-checklist flow-id="flow_123" publishable-key="svc_live_pub_…"
 *   base-url="https://inlay.example.com/onboarding" user-id="user_42"></inlay-checklist>
 * ```
 *
 * @fires {InlayItemCompleteEvent} inlay-item-complete - An item was completed and saved. `detail: {flowId, itemId, progress}`.
 * @fires {InlayFlowCompleteEvent} inlay-flow-complete - The flow became complete and it was saved. `detail: {flowId, progress}`.
 * @fires {InlayDismissEvent} inlay-dismiss - The checklist was dismissed and it was saved. `detail: {flowId, progress}`.
 * @fires {InlayShowMeEvent} inlay-show-me - "Show me" was pressed on an item that points at an element; an `<inlay-tour>` of the flow shows its step. `detail: {flowId, itemId}`.
 * @fires {InlayErrorEvent} inlay-error - Loading or a write failed (the write was rolled back). `detail: {error, operation?}`.
 *
 * @slot complete - Replaces the message shown once the flow is complete ("All done! …").
 *
 * @csspart base - The card around everything.
 * @csspart header - The title row.
 * @csspart title - The flow's name.
 * @csspart dismiss-button - The close button in the header.
 * @csspart summary - The "2 of 5 done" text.
 * @csspart progress - The progress bar's track (`role="progressbar"`).
 * @csspart progress-fill - The progress bar's filled part.
 * @csspart list - The `<ul>` of items.
 * @csspart item - One `<li>`.
 * @csspart item-checkbox - An item's checkbox.
 * @csspart item-title - An item's title (its checkbox's label).
 * @csspart item-description - An item's description.
 * @csspart item-action - An item's action link.
 * @csspart skip-button - An item's skip button.
 * @csspart show-me-button - An anchored item's "Show me" button (docs/onboarding.md, "Tours and hotspots").
 * @csspart footer - The row with snooze and reset.
 * @csspart snooze-button - One snooze choice.
 * @csspart reset-button - The "start over" button.
 * @csspart complete - The message shown when the flow is complete.
 * @csspart empty - The text shown when the flow has no items.
 * @csspart show-button - The button that brings back a dismissed or snoozed checklist.
 * @csspart error - The error state.
 * @csspart retry-button - The error state's retry button.
 *
 * @cssproperty --inlay-accent - Checkboxes, progress bar, links and focus ring. Default `#4f46e5`.
 * @cssproperty --inlay-accent-text - Text on the accent colour. Default `#fff`.
 * @cssproperty --inlay-font - Font family. Default: the system UI font.
 * @cssproperty --inlay-font-size - Base font size. Default `14px`.
 * @cssproperty --inlay-radius - Corner radius of the card. Default `12px`.
 * @cssproperty --inlay-spacing - Base spacing unit. Default `16px`.
 * @cssproperty --inlay-text-color - Main text. Default `#111827`.
 * @cssproperty --inlay-muted-color - Secondary text. Default `#4b5563`.
 * @cssproperty --inlay-surface-color - Card background. Default `#fff`.
 * @cssproperty --inlay-border-color - Card and separator lines. Default `#e5e7eb`.
 * @cssproperty --inlay-track-color - Progress bar track and loading placeholders. Default `#eceef2`.
 * @cssproperty --inlay-danger-color - Error text. Default `#b91c1c`.
 * @cssproperty --inlay-focus-color - Focus ring. Default: the accent.
 * @cssproperty --inlay-checklist-min-height - Space reserved while loading. Default `17rem`.
 * @cssproperty --inlay-shadow-color - Shadows, used at low opacity. Default `#101828`.
 */
export class InlayChecklist extends FlowElement {
  static override styles = [...FlowElement.styles, checklistStyles];
  static override locales = checklistLocales;
  static override properties: LiteProperties = {
    strings: { attribute: false },
  };

  /** Overrides of any of the built-in texts, for translation; see {@link ChecklistStrings}. */
  strings: Partial<ChecklistStrings> = {};

  /** The English defaults of writes' announcements come with the write path (progress-writes.ts). */
  protected override _defaults(): object {
    return checklistViewStrings;
  }

  /**
   * Draws with lit-html, as `LitElement` does (base/lite-element.ts), without its `host` option:
   * every listener here is an arrow function, which keeps its own `this` (−23 B min+gzip).
   */
  protected override draw(): void {
    render(this.#view(), this.renderRoot);
  }

  #view(): TemplateResult | typeof nothing {
    const t = this._text as ChecklistViewStrings;
    if (this._resource.status === 'error') return this.#renderError(t);
    if (this._resource.status === 'loading') return this.#renderLoading(t);
    const flow = this._flow;
    const progress = this._progress;
    // Nothing while idle (flow-id, publishable-key or base-url not set yet), and nothing for a
    // user the eligibility rules exclude (who gets no events either).
    if (!flow || !progress || !this._eligible) return nothing;
    const view: CardView = {
      t,
      flow,
      progress,
      write: (operation, focus) => this._write(operation, focus),
      completed: (itemId) => this._progress?.items.find((item) => item.id === itemId)?.state === 'completed',
      emit: (event) => this.emit(event),
    };
    const hidden = progress.state === 'dismissed' || progress.state === 'snoozed';
    // The live region outlives the switch between card and compact view, so both are announced.
    return html`${hidden ? renderCompact(view) : renderCard(view)}
      <div class="visually-hidden" role="status">${this._announcement}</div>`;
  }

  #renderLoading(t: ChecklistViewStrings): TemplateResult {
    // Placeholders shaped like a title, the progress bar and three items (checklist.styles.ts).
    return html`<div class="card loading" part="base" aria-busy="true">
      <span class="visually-hidden">${t.loading}</span>
      <div></div><div></div><div></div><div></div><div></div>
    </div>`;
  }

  #renderError(t: ChecklistViewStrings): TemplateResult {
    const code = isInlayError(this._resource.error) ? this._resource.error.code : undefined;
    return html`<div class="card" part="base error" role="alert">
      <p class="error-title">${t.errorTitle}</p>
      <p class="muted error-text">${t.errorMessage(code)}</p>
      <button class="button" part="retry-button" @click=${() => void this._resource.reload()}>${t.retry}</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'inlay-checklist': InlayChecklist;
  }
}
