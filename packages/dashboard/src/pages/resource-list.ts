import { html, nothing, type TemplateResult } from 'lit';
import type { ResourceRecord, ResourceSummary } from '@inlay/core';
import { Page, when } from '../ui/page.js';

export const KINDS: Record<string, { title: string; one: string; docs: string }> = {
  flows: { title: 'Flows', one: 'flow', docs: 'Onboarding checklists shown by <inlay-checklist>.' },
  boards: { title: 'Boards', one: 'board', docs: 'Feedback boards shown by <inlay-feedback-board>.' },
  importers: { title: 'Importers', one: 'importer', docs: 'Data importers shown by <inlay-importer>.' },
};

/** The flows, boards or importers of the workspace, and a form to create one. */
export class ResourceListPage extends Page {
  static override properties = { ...Page.properties, items: { state: true }, nextCursor: { state: true } };
  items?: ResourceSummary[];
  nextCursor: string | null = null;

  get #collection(): string {
    return this.ctx.params.collection ?? 'flows';
  }

  protected override async load(): Promise<void> {
    const page = await this.ctx.api.get<{ items: ResourceSummary[]; nextCursor: string | null }>(`/${this.#collection}?limit=100`);
    this.items = page.items;
    this.nextCursor = page.nextCursor;
  }

  async #more(): Promise<void> {
    await this.act(async () => {
      const page = await this.ctx.api.get<{ items: ResourceSummary[]; nextCursor: string | null }>(`/${this.#collection}?limit=100&cursor=${encodeURIComponent(this.nextCursor ?? '')}`);
      this.items = [...(this.items ?? []), ...page.items];
      this.nextCursor = page.nextCursor;
    });
  }

  async #create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const name = String(new FormData(event.target as HTMLFormElement).get('name') ?? '').trim();
    await this.act(async () => {
      const created = await this.ctx.api.post<ResourceRecord>(`/${this.#collection}`, { name });
      this.ctx.announce(`Created ${name}.`);
      this.ctx.navigate(`${this.#collection}/${encodeURIComponent(created.id)}`);
    });
  }

  protected override render(): TemplateResult {
    const kind = KINDS[this.#collection] ?? { title: this.#collection, one: 'item', docs: '' };
    return html`
      <h1>${kind.title}</h1>
      <p class="muted">${kind.docs} Drafts and published configs are shared by test and live mode.</p>
      <form class="card row" @submit=${(event: SubmitEvent) => void this.#create(event)}>
        <label>New ${kind.one} name <input name="name" required maxlength="120" /></label>
        <button class="primary" type="submit" ?disabled=${this.busy}>Create ${kind.one}</button>
      </form>
      ${this.renderError()}
      ${this.items === undefined
        ? html`<p class="muted">Loading…</p>`
        : this.items.length === 0
          ? html`<p>No ${kind.title.toLowerCase()} yet.</p>`
          : html`<div class="table-wrap card">
              <table>
                <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Updated</th><th scope="col">Id</th></tr></thead>
                <tbody>
                  ${this.items.map(
                    (item) => html`<tr>
                      <td><a href="/dashboard/${this.#collection}/${encodeURIComponent(item.id)}">${item.name}</a></td>
                      <td>${item.publishedRevisionId === null ? html`<span class="badge">Draft only</span>` : item.publishedRevisionId === item.draftRevisionId ? html`<span class="badge">Published</span>` : html`<span class="badge">Unpublished changes</span>`}</td>
                      <td>${when(item.updatedAt)}</td>
                      <td><code>${item.id}</code></td>
                    </tr>`,
                  )}
                </tbody>
              </table>
            </div>`}
      ${this.nextCursor ? html`<button type="button" @click=${() => void this.#more()}>Show more</button>` : nothing}
    `;
  }
}
customElements.define('dash-resource-list', ResourceListPage);
