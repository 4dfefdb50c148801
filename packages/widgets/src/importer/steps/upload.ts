import { html, nothing, type TemplateResult } from 'lit';
import { renderStepHeading } from '../step-focus.js';
import type { StepContext } from './context.js';

const ACCEPT = '.csv,.tsv,.txt,.xlsx,.json,.ndjson,.jsonl,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Step 1: drop or choose a file, or paste rows. @internal */
export function renderUpload({ t, phase, state, actions }: StepContext): TemplateResult {
  const reading = phase === 'reading';
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    actions.setDragOver(false);
    const file = event.dataTransfer?.files[0];
    if (file && !reading) actions.chooseFile(file);
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!state.dragOver) actions.setDragOver(true);
  };
  const onChange = (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (file) actions.chooseFile(file);
    input.value = '';
  };
  const onPaste = (event: Event) => {
    const form = (event.target as HTMLElement).closest('form');
    event.preventDefault();
    const text = form?.querySelector('textarea')?.value ?? '';
    if (text.trim() !== '') actions.paste(text);
  };
  return html`<div class="step upload" aria-busy=${reading ? 'true' : 'false'}>
    ${renderStepHeading(t.stepTitles[0])}
    ${state.refused && !reading
      ? html`<div class="file-error" part="file-error" role="alert" tabindex="-1">
          <p class="error-title">${t.refusedTitle(state.refused.name)}</p>
          <p>${t.refusedFile(state.refused.code)}</p>
        </div>`
      : nothing}
    <div class="dropzone ${state.dragOver ? 'over' : ''}" part="dropzone" @dragover=${onDragOver} @dragleave=${() => actions.setDragOver(false)} @drop=${onDrop}>
      ${reading
        ? html`<p class="reading">${t.reading(state.sourceName)}</p>`
        : html`<p class="drop-prompt">${t.dropPrompt}</p>
            <label class="button primary file-button" part="button primary choose-button">
              ${t.chooseFile}<input class="visually-hidden" type="file" accept=${ACCEPT} @change=${onChange} />
            </label>
            <p class="muted small">${t.fileHint}</p>`}
    </div>
    ${reading
      ? nothing
      : html`<form class="paste" @submit=${onPaste}>
          <label for="paste">${t.pasteLabel}</label>
          <textarea id="paste" part="paste" rows="3" spellcheck="false"></textarea>
          <button class="button" part="button paste-button" type="submit">${t.pasteButton}</button>
        </form>`}
  </div>`;
}
