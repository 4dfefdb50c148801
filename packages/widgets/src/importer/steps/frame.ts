import { isInlayError } from '@inlay/client';
import { html, nothing, type TemplateResult } from 'lit';
import type { ColumnChoice } from '../mapping.js';
import type { Stats } from '../engine/protocol.js';
import type { ImporterStrings } from '../importer.strings.js';
import { renderDone } from './done.js';
import { renderFormats } from './formats.js';
import { renderMapping } from './mapping.js';
import { renderReview } from './review.js';
import { renderSetup } from './setup.js';
import { renderUpload } from './upload.js';
import { renderValueMapping } from './value-mapping.js';
import type { Phase, StepContext } from './context.js';

/**
 * The frame around `<inlay-importer>`'s steps: the step indicator, the current step and the
 * error state. Pure rendering from a {@link StepContext}; the element keeps the state.
 * @internal
 */
export function renderStepsBar(t: ImporterStrings, phase: Phase): TemplateResult | typeof nothing {
  const index = stepIndex(phase);
  if (index < 0) return nothing;
  return html`<ol class="steps" part="steps" aria-label=${t.stepProgress(index + 1, t.steps.length)}>
    ${t.steps.map((label, i) => html`<li class=${i === index ? 'current' : i < index ? 'past' : ''} aria-current=${i === index ? 'step' : 'false'}><span class="step-label">${label}</span></li>`)}
  </ol>`;
}

/** @internal */
export function renderStep(context: StepContext): TemplateResult {
  switch (context.phase) {
    case 'error':
      return renderError(context);
    case 'upload':
    case 'reading':
      return renderUpload(context);
    case 'setup':
      return renderSetup(context);
    case 'mapping':
    case 'validating':
      return renderMapping(context);
    case 'values':
      return renderValueMapping(context);
    case 'review':
    case 'completing':
      return renderReview(context);
    case 'formats':
    case 'reformatting':
      return renderFormats(context);
    default:
      return renderDone(context);
  }
}

function renderError({ t, state, actions }: StepContext): TemplateResult {
  const code = isInlayError(state.failure) ? state.failure.code : undefined;
  return html`<div class="error-state" part="error" role="alert">
    <h3 class="error-title" tabindex="-1" data-step-heading>${t.errorTitle}</h3>
    <p class="muted">${t.errorMessage(code)}</p>
    <button class="button" part="button retry-button" @click=${actions.retry}>${t.retry}</button>
  </div>`;
}

/** The state of a fresh importer, before any file. @internal */
export function initialState(): StepContext['state'] {
  return {
    name: '',
    fields: [],
    configFields: [],
    duplicateKey: undefined,
    engineMode: null,
    failure: undefined,
    sourceName: '',
    dragOver: false,
    opened: undefined,
    openOptions: {},
    headerRow: 0,
    columns: [] as ColumnChoice[],
    remembered: false,
    progress: { rows: 0, percent: 0 },
    stats: undefined as Stats | undefined,
    filter: { errors: false },
    viewSize: 0,
    similar: null,
    findOpen: false,
    skipInvalid: true,
    importedRows: 0,
    announcement: '',
    columnFormats: [],
    formatChoices: {},
    refused: undefined,
    history: { undo: 0, redo: 0, undoLabel: null, redoLabel: null },
    columnMenu: null,
    enumColumns: [],
    valueChoices: new Map(),
    completionError: null,
    extraHeaders: [],
    suggesting: false,
    formulaCells: null,
    neutralizeFormulas: false,
  };
}

function stepIndex(phase: Phase): number {
  switch (phase) {
    case 'upload':
    case 'reading':
      return 0;
    case 'setup':
      return 1;
    case 'mapping':
    case 'validating':
    case 'formats':
    case 'reformatting':
    case 'values':
      return 2;
    case 'review':
    case 'completing':
      return 3;
    default:
      return -1;
  }
}
