import { html, type TemplateResult } from 'lit';
import type { ImporterStrings } from './importer.strings.js';
import type { Phase, StepContext } from './steps/context.js';

/**
 * Where focus goes when `<inlay-importer>` changes step, and what is announced
 * (docs/widgets.md): the control that started the change is usually gone from the page, and
 * focus would otherwise fall to `<body>`, leaving a screen reader user nowhere.
 * @internal
 */

/** A step's heading: focusable by script only, so focus can land on it when the step opens. @internal */
export function renderStepHeading(text: string): TemplateResult {
  return html`<h3 class="step-heading" tabindex="-1" data-step-heading>${text}</h3>`;
}

/** The polite live region the step announcements are written to (kept apart from the grid's). @internal */
export function renderStepAnnouncer(): TemplateResult {
  return html`<div class="visually-hidden" aria-live="polite" data-step-announcer></div>`;
}

/** What is announced when `phase` opens; empty when the step announces itself (an alert). @internal */
export function stepAnnouncement(t: ImporterStrings, phase: Phase, state: StepContext['state']): string {
  const total = t.steps.length;
  switch (phase) {
    case 'upload':
      return t.announceStep(1, total, t.stepTitles[0]);
    case 'setup':
      return t.announceStep(2, total, t.stepTitles[1]);
    case 'mapping':
      return t.announceStep(3, total, t.stepTitles[2]);
    case 'validating':
      return t.validating(state.progress.rows, null);
    case 'formats':
      return t.formatsTitle;
    case 'values':
      return t.valuesIntro;
    case 'review':
      return state.completionError === null ? t.announceStep(4, total, t.stepTitles[3]) : '';
    case 'completing':
      return t.saving;
    case 'done':
      return t.announceDone(state.importedRows);
    default:
      return '';
  }
}

/**
 * After a step change: focus moves to the element the step marks `data-step-focus`, else to its
 * heading, and the step is announced. Focus is moved only when it was in the importer or lost
 * (on `<body>`): a step that opens after slow work must not pull focus out of the host page.
 * @internal
 */
export function focusStep(host: HTMLElement, announcement: string): void {
  const root = host.shadowRoot;
  if (!root) return;
  const active = document.activeElement;
  if (active === null || active === document.body || active === host || host.contains(active)) {
    const target = root.querySelector<HTMLElement>('[data-step-focus]') ?? root.querySelector<HTMLElement>('[data-step-heading]');
    target?.focus();
  }
  const region = root.querySelector('[data-step-announcer]');
  if (region && announcement !== '') region.textContent = announcement;
}
