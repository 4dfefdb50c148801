import { html, nothing, type TemplateResult } from 'lit/html.js';
import { blockingDependencies, type Progress, type ProgressItem, type ProgressOperation } from '@inlay/core';
import { InlayShowMeEvent } from '../events.js';
import type { ChecklistViewStrings } from './checklist.strings.js';
import { counts, type PublishedFlow, titleOf } from './flow-progress.js';

/** The checklist's views of a loaded flow: the card with its items and footer, and the compact view. */

/** What a view shows, and how its controls write (the element's `#write`: progress-writes.ts once loaded). */
export interface CardView {
  t: ChecklistViewStrings;
  flow: PublishedFlow;
  progress: Progress;
  write(operation: ProgressOperation, focus?: string): void;
  /** Whether an item is completed in the progress shown now (after a write the render has not caught up with). */
  completed(itemId: string): boolean;
  /** Dispatches from the element (`inlay-show-me`). */
  emit(event: Event): void;
}

const closeIcon = html`<svg width="16" height="16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" /></svg>`;
const SHOW_BUTTON = '[part~="show-button"]';

/** The view of a dismissed or snoozed checklist: its name, status and a button to bring it back. */
export function renderCompact({ t, flow, progress, write }: CardView): TemplateResult {
  const status =
    progress.state === 'snoozed'
      ? t.snoozedUntil(new Date(progress.snoozedUntil ?? 0))
      : t.progress(...counts(flow, progress));
  return html`<div class="card compact row" part="base">
    <p><strong>${flow.name}</strong><br /><span class="muted">${status}</span></p>
    <button class="button secondary" part="show-button" @click=${() => write({ type: 'resume' }, 'h2')}>${t.show}</button>
  </div>`;
}

export function renderCard(view: CardView): TemplateResult {
  const { t, flow, progress, write } = view;
  const { config } = flow;
  const { toggles } = config;
  const total = progress.items.length;
  const complete = progress.state === 'completed';
  return html`<section class="card" part="base" aria-labelledby="title">
    <header part="header">
      <h2 id="title" part="title" tabindex="-1">${flow.name}</h2>
      ${toggles.allowDismiss
        ? html`<button class="icon" part="dismiss-button" aria-label=${t.dismissLabel}
            @click=${() => write({ type: 'dismiss' }, SHOW_BUTTON)}>${closeIcon}</button>`
        : nothing}
    </header>
    ${total > 0 && toggles.showProgress ? renderProgress(t, ...counts(flow, progress)) : nothing}
    ${complete
      ? html`<div class="note complete" part="complete">
          <slot name="complete"><strong>${t.completeTitle}</strong> ${t.completeMessage}</slot>
        </div>`
      : nothing}
    ${total === 0
      ? html`<p class="note muted" part="empty">${config.emptyState || t.empty}</p>`
      : html`<ul part="list">
          ${progress.items.map((entry) => renderItem(view, entry))}
        </ul>`}
    ${renderFooter(view)}
  </section>`;
}

/** Snooze choices (when the flow allows them) and "start over" (once anything was done). */
function renderFooter({ t, flow, progress, write }: CardView): TemplateResult | typeof nothing {
  const { toggles, snoozeDays } = flow.config;
  const snooze = toggles.allowSnooze && progress.state !== 'completed' && progress.items.length > 0 && snoozeDays.length > 0;
  const started = progress.startedAt !== null || progress.items.some((item) => item.state !== 'pending');
  if (!snooze && !started) return nothing;
  return html`<footer part="footer">
    ${snooze
      ? html`<div class="row" role="group" aria-labelledby="snooze-label">
          <span id="snooze-label" class="muted">${t.snoozeLabel}</span>
          ${snoozeDays.map(
            (days) => html`<button class="chip" part="snooze-button"
              @click=${() => write({ type: 'snooze', days }, SHOW_BUTTON)}>${t.snoozeDays(days)}</button>`,
          )}
        </div>`
      : nothing}
    ${started ? html`<button class="link" part="reset-button" @click=${() => write({ type: 'reset' }, 'h2')}>${t.reset}</button>` : nothing}
  </footer>`;
}

// The fill's width is set through CSSOM (`.style` is `style.cssText`), which a strict
// `style-src` allows; a `style="…"` attribute it would block.
function renderProgress(t: ChecklistViewStrings, done: number, total: number): TemplateResult {
  const summary = t.progress(done, total);
  return html`<div class="meter">
    <span class="muted" part="summary" aria-hidden="true">${summary}</span>
    <div class="track" part="progress" role="progressbar" aria-label=${t.progressLabel}
      aria-valuemin="0" aria-valuemax=${total} aria-valuenow=${done} aria-valuetext=${summary}>
      <div class="fill" part="progress-fill" .style=${`--_value:${done / total}`}></div>
    </div>
  </div>`;
}

function renderItem({ t, flow, progress, write, completed, emit }: CardView, entry: ProgressItem): TemplateResult | typeof nothing {
  const item = flow.config.items.find((candidate) => candidate.id === entry.id);
  if (!item) return nothing;
  const id = `item-${item.id}`;
  const { state } = entry;
  const blocking = state === 'pending' ? blockingDependencies(progress, flow.config, item.id) : [];
  const blocked = blocking.length > 0;
  // Completed items cannot be un-completed (only reset) and blocked ones cannot be completed
  // yet; both stay focusable (aria-disabled, not disabled) so keyboard focus is never lost.
  const locked = state === 'completed' || blocked;
  const describedBy = `${item.description ? `${id}-desc` : ''} ${blocked ? `${id}-hint` : ''}`.trim();
  const canSkip = flow.config.toggles.allowSkip && state === 'pending';
  const showMe = item.anchor && state === 'pending';
  return html`<li part="item" data-state=${state}>
    <input type="checkbox" part="item-checkbox" id=${id}
      .checked=${state === 'completed'} aria-disabled=${locked} aria-describedby=${describedBy || nothing}
      @click=${(event: Event) => locked && event.preventDefault()}
      @change=${(event: Event) => {
        write({ type: 'complete', itemId: item.id });
        // Keep the box in step with the shown state also when the write changed nothing (or waits
        // for the write path to load).
        (event.target as HTMLInputElement).checked = completed(item.id);
      }} />
    <div>
      <label part="item-title" for=${id}>${item.title}</label>
      ${item.optional ? html`<span class="badge">${t.optional}</span>` : nothing}${state === 'skipped' ? html`<span class="badge">${t.skipped}</span>` : nothing}
      ${item.description ? html`<p class="muted small" part="item-description" id="${id}-desc">${item.description}</p>` : nothing}
      ${blocked ? html`<p class="muted small hint" id="${id}-hint">${t.blockedBy(blocking.map((dep) => titleOf(flow, dep)))}</p>` : nothing}
      ${item.action || canSkip || showMe
        ? html`<div class="row actions">
            ${item.action ? html`<a class="button" part="item-action" href=${item.action.href}>${item.action.label}</a>` : nothing}
            ${showMe ? html`<button class="link" part="show-me-button" @click=${() => emit(new InlayShowMeEvent({ flowId: flow.id, itemId: item.id }))}>${t.showMe}</button>` : nothing}
            ${canSkip
              ? html`<button class="link" part="skip-button" aria-label=${t.skipItem(item.title)} ?disabled=${blocked}
                  @click=${() => write({ type: 'skip', itemId: item.id }, `#${id}`)}>${t.skip}</button>`
              : nothing}
          </div>`
        : nothing}
    </div>
  </li>`;
}
