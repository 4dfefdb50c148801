import { html, type TemplateResult } from 'lit';

/**
 * A secret shown this once (a new key, a webhook signing secret): the value, a copy button and a
 * "done" button that forgets it. It lives only in the page's memory, never in storage.
 */
export function secretOnce(label: string, value: string, onCopy: () => void, onDone: () => void): TemplateResult {
  return html`
    <div class="card secret-box" role="region" aria-label=${label}>
      <h2>${label}</h2>
      <p><strong>Copy it now: it is shown only this once.</strong></p>
      <p><code class="secret" data-secret>${value}</code></p>
      <div class="row">
        <button type="button" class="primary" @click=${onCopy}>Copy</button>
        <button type="button" @click=${onDone}>I have saved it</button>
      </div>
    </div>
  `;
}
