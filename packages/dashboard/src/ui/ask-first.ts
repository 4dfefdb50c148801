import { html, nothing, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';

/**
 * A destructive action that asks first, in place (revoking a key, deleting a post or a webhook
 * endpoint): its button ("Delete…") gives way to a confirm button that names what goes, which
 * takes the focus, and a button that keeps it, after which the focus is back on the action's button.
 */
export interface AskFirst {
  /** Whether the question is shown. */
  asking: boolean;
  /** The action's button, ending in "…": "Delete…". */
  ask: string;
  /** The action's button's accessible name when `ask` alone is ambiguous: "Delete endpoint https://…". */
  askLabel?: string;
  /** The confirm button: "Delete endpoint now". */
  confirm: string;
  /** The button that backs out: "Keep it". */
  keep: string;
  /** What the action does, said with the question. */
  note?: string;
  /** Class of the ask button: `danger` (the default) or '' for a plain one. */
  askClass?: string;
  disabled?: boolean;
  onAsk(): void;
  onConfirm(): void;
  onKeep(): void;
}

/**
 * Focuses the confirm button when it appears (a ref callback: called once per new element, before
 * Lit puts it in the document; hence the microtask).
 */
const focusOnAppear = (element: Element | undefined): void => {
  if (element instanceof HTMLElement) queueMicrotask(() => element.focus());
};

/** Set by a Keep click: the ask button drawn next takes the focus back, as the question goes. */
let kept = false;

/** Focuses the ask button that replaces the question after Keep (a ref callback, as above). */
const focusIfKept = (element: Element | undefined): void => {
  if (!kept || !(element instanceof HTMLElement)) return;
  kept = false;
  queueMicrotask(() => element.focus());
};

export function askFirst(action: AskFirst): TemplateResult {
  if (!action.asking) {
    return html`<button type="button" class=${action.askClass ?? 'danger'} ${ref(focusIfKept)} ?disabled=${action.disabled ?? false} aria-label=${action.askLabel ?? nothing} @click=${action.onAsk}>${action.ask}</button>`;
  }
  const keep = (): void => {
    kept = true;
    action.onKeep();
  };
  return html`<span class="row ask-first">
    ${action.note ? html`<span>${action.note}</span>` : nothing}
    <button type="button" class="danger" ${ref(focusOnAppear)} ?disabled=${action.disabled ?? false} @click=${action.onConfirm}>${action.confirm}</button>
    <button type="button" @click=${keep}>${action.keep}</button>
  </span>`;
}
