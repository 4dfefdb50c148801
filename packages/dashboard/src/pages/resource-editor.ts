import { css, html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { repeat } from 'lit/directives/repeat.js';
import { type BoardConfig, type FlowConfig, type ImporterConfig, isEligible, type ResourceRecord } from '@inlay/core';
import { boardForm } from '../ui/board-form.js';
import { diffLines, linesOf, renderDiff } from '../ui/diff.js';
import { flowForm } from '../ui/flow-form.js';
import { importerForm } from '../ui/importer-form.js';
import { changedAt, describedBy, humanMessage, type Invalid, invalidOf, invalidState, messageAt, Place, withMessage } from '../ui/invalid.js';
import { forgetEdit, keepEdit, type KeptEdit, keptEdit } from '../ui/kept-edits.js';
import { Page, when } from '../ui/page.js';
import { type Kind, loadWidget, preview, traitsOf } from '../ui/preview.js';
import { KINDS } from './resource-list.js';

interface Revision {
  id: string;
  number: number;
  name: string;
  config: unknown;
  createdAt: string;
}
interface Deletion {
  resource: { id: string; kind: string; name: string };
  contents: Record<string, number>;
}

const PREVIEW_DELAY_MS = 400;

/**
 * A flow's, board's or importer's draft: a form for its config beside the real widget showing it,
 * publish, the revisions with a side-by-side diff and restore, and delete by typing the name.
 * A save the server refuses is shown at the field it names (ui/invalid.ts); unsaved edits are
 * asked about before the page is left, and kept for after a sign-in if the session ends.
 */
export class ResourceEditorPage extends Page {
  static override styles = [
    ...Page.styles,
    css`
      .layout { display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr); }
      @media (min-width: 1000px) {
        .layout { grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); }
        .preview { position: sticky; top: 1rem; align-self: start; max-height: calc(100vh - 2rem); overflow: auto; }
      }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 1rem 0; }
      .preview-frame { border: 1px dashed var(--border); border-radius: 8px; padding: 0.75rem; background: var(--bg); }
      .item { background: var(--bg); }
      .deps { margin-top: 0.5rem; }
      .deps label { margin-right: 1rem; }
      .diff pre { margin: 0; white-space: pre-wrap; font-size: 0.8rem; font-family: ui-monospace, Menlo, Consolas, monospace; }
      .diff td { padding: 0 0.4rem; border: 0; width: 50%; }
      .diff td.del { background: color-mix(in srgb, var(--danger) 16%, transparent); }
      .diff td.ins { background: color-mix(in srgb, var(--ok) 18%, transparent); }
      .diff td.empty { background: var(--code-bg); }
      .danger-zone { border-color: var(--danger); }
      /* On a phone each revision is a block of labelled lines, its buttons below, not four squeezed columns. */
      @media (max-width: 45rem) {
        table.revisions, .revisions tbody, .revisions tr, .revisions td { display: block; }
        .revisions thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); }
        .revisions tr { border-bottom: 1px solid var(--border); padding: 0.5rem 0; }
        .revisions td { border: 0; padding: 0.1rem 0; }
        .revisions td[data-label]::before { content: attr(data-label); display: inline-block; min-width: 5rem; color: var(--muted); }
        .revisions td.row { padding-top: 0.4rem; gap: 0.5rem; display: flex; }
      }
      .invalid-summary { border-color: var(--danger); }
      .kept { border-color: var(--accent); }
      .invalid-summary p, .kept h3 { margin-top: 0; }
      [aria-invalid='true'] { border-color: var(--danger); box-shadow: 0 0 0 1px var(--danger); }
      /* As wide as its control, never wider: a long message wraps rather than widening the field. */
      .field { display: inline-flex; flex-direction: column; gap: 0.2rem; }
      .invalid-message { width: 0; min-width: 100%; }
      input[name='Name'] { min-width: min(24rem, 100%); }
    `,
  ];
  static override properties = {
    ...Page.properties,
    record: { state: true },
    name: { state: true },
    config: { state: true },
    dirty: { state: true },
    shown: { state: true },
    previewPending: { state: true },
    revisions: { state: true },
    compared: { state: true },
    deletion: { state: true },
    confirmName: { state: true },
    traits: { state: true },
    invalid: { state: true },
    kept: { state: true },
  };

  record?: ResourceRecord;
  name = '';
  config?: unknown;
  dirty = false;
  /** The widget as last rendered for the preview (debounced while typing). */
  shown: TemplateResult | typeof nothing = nothing;
  /** An edit the preview does not show yet (its debounce is running): the frame is `aria-busy`. */
  previewPending = false;
  revisions?: Revision[];
  compared?: Revision;
  deletion?: Deletion;
  confirmName = '';
  /** The traits of the preview's user (flows), as typed: `plan=pro, seats=3`. */
  traits = '';
  /** The field the server refused on the last save, shown at its control until saved or discarded. */
  invalid?: Invalid;
  /** Unsaved edits kept when the session ended (ui/kept-edits.ts), offered back. */
  kept?: KeptEdit;
  #previewTimer?: ReturnType<typeof setTimeout>;

  get #kind(): Kind {
    return (this.ctx.params.collection ?? 'flows') as Kind;
  }
  get #path(): string {
    return `/${this.#kind}/${encodeURIComponent(this.ctx.params.id ?? '')}`;
  }
  /** Where this draft's unsaved edits are kept: per account, workspace and draft. */
  get #keptKey(): string {
    return `${this.ctx.session.account.id}/${this.ctx.session.workspace.id}${this.#path}`;
  }
  get #one(): string {
    return KINDS[this.#kind]?.one ?? 'item';
  }

  override unsavedWork(): string {
    return this.dirty ? `Your changes to the ${this.#one} “${this.record?.name ?? this.name}” are not saved.` : '';
  }

  override keepUnsavedWork(): boolean {
    if (!this.dirty || !this.record) return false;
    return keepEdit(this.#keptKey, { name: this.name, config: this.config, revisionId: this.record.draft.revisionId, keptAt: new Date().toISOString() });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#previewTimer);
  }

  protected override async load(): Promise<void> {
    if (this.record && this.record.id === this.ctx.params.id) return;
    const [record, revisions] = await Promise.all([
      this.ctx.api.get<ResourceRecord>(this.#path),
      this.ctx.api.get<{ items: Revision[] }>(`${this.#path}/revisions?limit=100`),
      loadWidget(this.#kind),
    ]);
    this.#take(record);
    this.revisions = revisions.items;
    const kept = keptEdit(this.#keptKey);
    // Kept edits that are what the draft now is are nothing to offer.
    if (kept && JSON.stringify([kept.name, kept.config]) === JSON.stringify([record.draft.name, record.draft.config])) forgetEdit(this.#keptKey);
    else this.kept = kept;
  }

  /** Shows `record`'s draft in the form, as saved: no unsaved edits, and no refusal of an earlier save. */
  #take(record: ResourceRecord): void {
    this.record = record;
    this.name = record.draft.name;
    this.config = record.draft.config;
    this.dirty = false;
    this.invalid = undefined;
    this.#renderPreview(0);
  }

  /** Discard changes: the saved draft again, without the error of a refused save. */
  #discard(): void {
    if (!this.record) return;
    this.error = '';
    this.#take(this.record);
  }

  /** Puts the kept edits back in the form, unsaved. */
  #restoreKept(kept: KeptEdit): void {
    this.name = kept.name;
    this.config = kept.config;
    this.dirty = true;
    this.#forgetKept();
    this.#renderPreview(0);
    this.ctx.announce('Your unsaved changes are back in the form. Save them to keep them.');
  }

  #forgetKept(): void {
    forgetEdit(this.#keptKey);
    this.kept = undefined;
  }

  /** A refused save's field error goes with it; anything else is the page's error. */
  protected override failed(error: unknown): void {
    this.invalid = invalidOf(error);
    if (this.invalid) this.error = '';
    else super.failed(error);
  }

  #renderPreview(delay = PREVIEW_DELAY_MS): void {
    clearTimeout(this.#previewTimer);
    this.previewPending = true;
    this.#previewTimer = setTimeout(() => {
      this.previewPending = false;
      this.shown = preview(this.#kind, this.record?.id ?? 'preview', this.name, this.config, traitsOf(this.traits));
    }, delay);
  }

  #update = (config: unknown): void => this.#edit(this.name, config);

  /** An edit of the form; one that changes the refused field takes the refusal away until the next save. */
  #edit(name: string, config: unknown): void {
    if (this.invalid && changedAt(this.invalid.path, { name: this.name, config: this.config }, { name, config })) this.invalid = undefined;
    this.name = name;
    this.config = config;
    this.dirty = true;
    this.#renderPreview();
  }

  async #save(): Promise<boolean> {
    this.invalid = undefined;
    const done = await this.act(async () => {
      await this.ctx.api.put(`${this.#path}/draft`, { name: this.name, config: this.config });
      // Still dirty until the reload brings the new draft revision: cleared now, the status
      // would briefly compare the old record and say the draft is what is published.
      await this.#reload();
    });
    if (done) this.ctx.announce('Draft saved.');
    else if (this.invalid) await this.#focusInvalid();
    return done;
  }

  /** Moves the focus to the control of the refused field (its first checkbox, for a group). */
  async #focusInvalid(): Promise<void> {
    await this.updateComplete;
    const marked = this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]');
    const control = marked?.matches('input, select, textarea') ? marked : marked?.querySelector<HTMLElement>('input, select, textarea');
    control?.focus();
  }

  async #publish(): Promise<void> {
    if (this.dirty && !(await this.#save())) return;
    const done = await this.act(async () => {
      await this.ctx.api.post(`${this.#path}/publish`);
      await this.#reload();
    });
    if (done) this.ctx.announce('Published. The widget shows it from its next load.');
  }

  async #reload(): Promise<void> {
    const [record, revisions] = await Promise.all([this.ctx.api.get<ResourceRecord>(this.#path), this.ctx.api.get<{ items: Revision[] }>(`${this.#path}/revisions?limit=100`)]);
    this.#take(record);
    this.revisions = revisions.items;
  }

  async #restore(revision: Revision): Promise<void> {
    const done = await this.act(async () => {
      await this.ctx.api.post(`${this.#path}/revisions/${encodeURIComponent(revision.id)}/restore`);
      this.compared = undefined;
      await this.#reload();
    });
    if (done) this.ctx.announce(`Revision ${revision.number} copied into the draft. Publish to show it.`);
  }

  async #askDelete(): Promise<void> {
    await this.act(async () => {
      this.deletion = await this.ctx.api.get<Deletion>(`${this.#path}/deletion`);
      this.confirmName = '';
    });
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>('#confirm-name')?.focus();
  }

  async #delete(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const name = this.record?.name ?? '';
    const done = await this.act(() => this.ctx.api.delete(this.#path, { confirmName: this.confirmName }));
    if (done) {
      this.ctx.announce(`Deleted ${name}.`);
      this.ctx.navigate(this.#kind);
    }
  }

  #form(): TemplateResult {
    const place = new Place(this.invalid).in('config');
    if (this.#kind === 'flows') return flowForm(this.config as FlowConfig, this.#update, place);
    if (this.#kind === 'boards') return boardForm(this.config as BoardConfig, this.#update, place);
    return importerForm(this.config as ImporterConfig, this.#update, place);
  }

  /**
   * The refused field, named as the form names it, at the top of the draft. Drawn after the form,
   * whose control of the field gives the refusal its name.
   */
  #invalidSummary(): TemplateResult | typeof nothing {
    const invalid = this.invalid;
    if (!invalid) return nothing;
    return html`<div class="card invalid-summary" role="alert">
      <p><strong>The draft was not saved.</strong> ${humanMessage(invalid)}</p>
      ${invalid.name ? html`<button type="button" @click=${() => void this.#focusInvalid()}>Go to ${invalid.name}</button>` : nothing}
    </div>`;
  }

  /** The edits kept when the session ended, offered back. */
  #keptNotice(record: ResourceRecord, kept: KeptEdit): TemplateResult {
    return html`<div class="card kept" role="region" aria-labelledby="kept-heading">
      <h3 id="kept-heading">Unsaved changes from ${when(kept.keptAt)}</h3>
      <p>Your session ended before they were saved; they were kept in this tab.${kept.revisionId === record.draft.revisionId ? '' : ' The draft has been saved since: restoring puts your changes in its place in the form.'}</p>
      <div class="row">
        <button type="button" class="primary" @click=${() => this.#restoreKept(kept)}>Restore my changes</button>
        <button type="button" @click=${() => this.#forgetKept()}>Discard them</button>
      </div>
    </div>`;
  }

  #status(record: ResourceRecord): string {
    if (!record.published) return 'Never published.';
    const changed = record.published.revisionId !== record.draft.revisionId || this.dirty;
    return `Published ${when(record.published.publishedAt)}${changed ? '; the draft has unpublished changes.' : '; the draft is what is published.'}`;
  }

  #revisions(record: ResourceRecord): TemplateResult {
    const revisions = this.revisions ?? [];
    const compared = this.compared;
    // The table's roles are spelled out: on a phone its rows are blocks, and some screen readers
    // (Safari's) drop a table's semantics with its display.
    return html`
      <section class="card" aria-labelledby="revisions-heading">
        <h2 id="revisions-heading">Revisions</h2>
        ${revisions.length === 0
          ? html`<p class="muted">No revisions yet.</p>`
          : html`<div class="table-wrap">
              <table class="revisions" role="table">
                <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Revision</th><th scope="col" role="columnheader">Name</th><th scope="col" role="columnheader">Saved</th><th scope="col" role="columnheader">Actions</th></tr></thead>
                <tbody role="rowgroup">
                  ${repeat(
                    revisions,
                    // Keyed, so a row stays its revision's when the list grows under a pointer
                    // (a save adds a revision at the top while its Compare button is clicked).
                    (revision) => revision.id,
                    (revision) => html`<tr role="row">
                      <td role="cell" data-label="Revision">${revision.number}${revision.id === record.published?.revisionId ? html` <span class="badge">published</span>` : nothing}${revision.id === record.draft.revisionId ? html` <span class="badge">draft</span>` : nothing}</td>
                      <td role="cell" data-label="Name">${revision.name}</td>
                      <td role="cell" data-label="Saved">${when(revision.createdAt)}</td>
                      <td role="cell" class="row">
                        <button type="button" aria-pressed=${compared?.id === revision.id ? 'true' : 'false'} @click=${() => (this.compared = compared?.id === revision.id ? undefined : revision)}>Compare ${revision.number} with draft</button>
                        <button type="button" ?disabled=${this.busy || revision.id === record.draft.revisionId} @click=${() => void this.#restore(revision)}>Restore ${revision.number}</button>
                      </td>
                    </tr>`,
                  )}
                </tbody>
              </table>
            </div>`}
        ${compared
          ? html`<h3>Revision ${compared.number} and the draft</h3>
              ${renderDiff(`Revision ${compared.number}`, this.dirty ? 'Draft (unsaved)' : 'Draft', diffLines(linesOf({ name: compared.name, config: compared.config }), linesOf({ name: this.name, config: this.config })))}`
          : nothing}
      </section>
    `;
  }

  #dangerZone(record: ResourceRecord, one: string): TemplateResult {
    const deletion = this.deletion;
    return html`
      <section class="card danger-zone" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete this ${one}</h2>
        ${deletion
          ? html`
              <p>Deleting removes it in both modes, with everything end users created under it:</p>
              <ul>${Object.entries(deletion.contents).map(([what, count]) => html`<li>${count.toLocaleString()} ${what.replace(/([A-Z])/g, ' $1').toLowerCase()}</li>`)}</ul>
              <form class="row" @submit=${(event: SubmitEvent) => void this.#delete(event)}>
                <label>Type <strong>${record.name}</strong> to confirm
                  <input id="confirm-name" autocomplete="off" .value=${this.confirmName} @input=${(event: Event) => (this.confirmName = (event.target as HTMLInputElement).value)} />
                </label>
                <button class="danger" type="submit" ?disabled=${this.busy || this.confirmName !== record.name}>Delete ${one}</button>
                <button type="button" @click=${() => (this.deletion = undefined)}>Cancel</button>
              </form>
            `
          : html`<button class="danger" type="button" @click=${() => void this.#askDelete()}>Delete…</button>`}
      </section>
    `;
  }

  protected override render(): TemplateResult {
    const record = this.record;
    const kind = KINDS[this.#kind] ?? { title: 'Items', one: 'item', docs: '' };
    if (!record) return html`<h1>${kind.one.charAt(0).toUpperCase()}${kind.one.slice(1)}</h1>${this.renderError()}${this.error ? nothing : html`<p class="muted">Loading…</p>`}`;
    const nameInvalid = messageAt(new Place(this.invalid).at('name'), 'Name');
    const form = this.#form();
    return html`
      <p><a href="/dashboard/${this.#kind}">← All ${kind.title.toLowerCase()}</a></p>
      <h1>${record.name}</h1>
      <p class="muted"><code>${record.id}</code> · ${this.#status(record)}</p>
      <div class="layout">
        <form class="card" @submit=${(event: SubmitEvent) => {
          event.preventDefault();
          void this.#save();
        }}>
          <h2>Draft</h2>
          ${this.kept ? this.#keptNotice(record, this.kept) : nothing}
          ${this.#invalidSummary()}
          ${withMessage(
            html`<label>Name <input name="Name" required maxlength="120" .value=${this.name} aria-invalid=${invalidState(nameInvalid)} aria-describedby=${ifDefined(describedBy(nameInvalid))} @input=${(event: Event) => this.#edit((event.target as HTMLInputElement).value, this.config)} /></label>`,
            nameInvalid,
          )}
          ${form}
          ${this.renderError()}
          <div class="actions">
            <button type="submit" ?disabled=${this.busy || !this.dirty}>Save draft</button>
            <button type="button" class="primary" ?disabled=${this.busy} @click=${() => void this.#publish()}>${this.dirty ? 'Save and publish' : 'Publish'}</button>
            ${this.dirty ? html`<button type="button" @click=${() => this.#discard()}>Discard changes</button>` : nothing}
            <span class="muted" role="status">${this.dirty ? 'Unsaved changes' : ''}</span>
          </div>
        </form>
        <section class="card preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Live preview</h2>
          <p class="muted">The real widget with this draft. Nothing here is saved or seen by end users.</p>
          ${this.#kind === 'flows'
            ? html`<label>Preview as a user with traits (name=value, comma-separated)
                  <input .value=${this.traits} placeholder="plan=pro, seats=3" @input=${(event: Event) => {
                    this.traits = (event.target as HTMLInputElement).value;
                    this.#renderPreview();
                  }} /></label>
                ${(this.config as FlowConfig).eligibility && !isEligible((this.config as FlowConfig).eligibility, traitsOf(this.traits))
                  ? html`<p class="muted">A user with these traits is not eligible: the checklist shows nothing to them.</p>`
                  : nothing}`
            : nothing}
          <div class="preview-frame" aria-busy=${this.previewPending ? 'true' : 'false'}>${this.shown}</div>
        </section>
      </div>
      ${this.#revisions(record)}
      ${this.#dangerZone(record, kind.one)}
    `;
  }
}
customElements.define('dash-resource-editor', ResourceEditorPage);
