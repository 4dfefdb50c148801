import { css, html, nothing, type TemplateResult } from 'lit';
import type { ResourceSummary } from '@inlay/core';
import { ApiError, query } from '../api.js';
import { Page, when } from '../ui/page.js';

interface Funnel {
  flowId: string;
  mode: string;
  revisionId: string;
  users: number;
  completed: number;
  dismissed: number;
  /** `leftHere`: users who dismissed the flow while this item was the first one not done. */
  items: { id: string; title: string; done: number; skipped: number; leftHere: number }[];
}
interface Outcomes {
  events: { event: string; count: number; users: number; lastAt: string }[];
  recent: { id: string; event: string; userId: string; workspaceKey: string | null; occurredAt: string; completedItemIds: string[] }[];
}

const percent = (part: number, whole: number): string => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`);

/** Per flow: how far users got (a funnel over its items), a CSV export, and the outcomes recorded. */
export class OnboardingPage extends Page {
  static override styles = [
    ...Page.styles,
    css`
      .funnel td.bar-cell { width: 40%; min-width: 6rem; }
      .meter { display: block; height: 0.8rem; background: var(--code-bg); border-radius: 4px; overflow: hidden; }
      .meter svg { display: block; width: 100%; height: 100%; }
      .meter rect { fill: var(--chart); }
      .numbers { display: flex; flex-wrap: wrap; gap: 1.5rem; }
      .numbers div { font-size: 1.4rem; font-weight: 600; }
      .numbers span { display: block; font-size: 0.85rem; font-weight: 400; color: var(--muted); }
    `,
  ];
  static override properties = { ...Page.properties, flows: { state: true }, flowId: { state: true }, funnel: { state: true }, outcomes: { state: true }, notPublished: { state: true } };
  flows?: ResourceSummary[];
  flowId = '';
  funnel?: Funnel;
  outcomes?: Outcomes;
  notPublished = false;

  protected override async load(): Promise<void> {
    const flows = (await this.ctx.api.get<{ items: ResourceSummary[] }>('/flows?limit=100')).items;
    this.flows = flows;
    if (!this.flowId || !flows.some((flow) => flow.id === this.flowId)) this.flowId = (flows.find((flow) => flow.publishedRevisionId !== null) ?? flows[0])?.id ?? '';
    await this.#loadFlow();
  }

  async #loadFlow(): Promise<void> {
    this.funnel = this.outcomes = undefined;
    this.notPublished = false;
    if (!this.flowId) return;
    const path = `/flows/${encodeURIComponent(this.flowId)}`;
    try {
      const [funnel, outcomes] = await Promise.all([this.ctx.api.get<Funnel>(`${path}/funnel${query({ mode: this.ctx.mode })}`), this.ctx.api.get<Outcomes>(`${path}/outcomes${query({ mode: this.ctx.mode, limit: 20 })}`)]);
      this.funnel = funnel;
      this.outcomes = outcomes;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_published') this.notPublished = true;
      else throw error;
    }
  }

  #funnel(funnel: Funnel): TemplateResult {
    return html`
      <section class="card" aria-labelledby="funnel-heading">
        <h2 id="funnel-heading">Progress</h2>
        <div class="numbers">
          <div>${funnel.users.toLocaleString()}<span>users started</span></div>
          <div>${funnel.completed.toLocaleString()}<span>completed (${percent(funnel.completed, funnel.users)})</span></div>
          <div>${funnel.dismissed.toLocaleString()}<span>dismissed (${percent(funnel.dismissed, funnel.users)})</span></div>
        </div>
        <div class="table-wrap">
          <table class="funnel">
            <caption class="visually-hidden">Users who finished each item, and the step each dismissing user left on</caption>
            <thead><tr><th scope="col">Item</th><th scope="col">Done</th><th scope="col">Skipped</th><th scope="col">Dismissed here</th><th scope="col">Share done</th></tr></thead>
            <tbody>
              ${funnel.items.map(
                (item) => html`<tr>
                  <th scope="row">${item.title}</th>
                  <td>${item.done.toLocaleString()}</td>
                  <td>${item.skipped.toLocaleString()}</td>
                  <td>${item.leftHere.toLocaleString()}</td>
                  <td class="bar-cell">
                    <span class="meter" aria-hidden="true"><svg viewBox="0 0 100 10" preserveAspectRatio="none"><rect x="0" y="0" height="10" width=${funnel.users === 0 ? 0 : (item.done / funnel.users) * 100}></rect></svg></span>
                    ${percent(item.done, funnel.users)}
                  </td>
                </tr>`,
              )}
            </tbody>
          </table>
        </div>
      </section>
    `;
  }

  #outcomes(outcomes: Outcomes): TemplateResult {
    return html`
      <section class="card" aria-labelledby="outcomes-heading">
        <h2 id="outcomes-heading">Outcomes</h2>
        ${outcomes.events.length === 0
          ? html`<p class="muted">No outcomes recorded yet (docs/onboarding.md, “Outcomes”).</p>`
          : html`<div class="table-wrap">
                <table>
                  <thead><tr><th scope="col">Event</th><th scope="col">Count</th><th scope="col">Users</th><th scope="col">Last</th></tr></thead>
                  <tbody>${outcomes.events.map((event) => html`<tr><td><code>${event.event}</code></td><td>${event.count}</td><td>${event.users}</td><td>${when(event.lastAt)}</td></tr>`)}</tbody>
                </table>
              </div>
              <h3>Latest</h3>
              <div class="table-wrap">
                <table>
                  <thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">User</th><th scope="col">Items done</th></tr></thead>
                  <tbody>${outcomes.recent.map((outcome) => html`<tr><td>${when(outcome.occurredAt)}</td><td><code>${outcome.event}</code></td><td>${outcome.userId}${outcome.workspaceKey ? ` (${outcome.workspaceKey})` : ''}</td><td>${outcome.completedItemIds.join(', ') || '—'}</td></tr>`)}</tbody>
                </table>
              </div>`}
      </section>
    `;
  }

  protected override render(): TemplateResult {
    const flows = this.flows;
    return html`
      <h1>Onboarding</h1>
      ${this.renderError()}
      ${flows === undefined
        ? html`<p class="muted">Loading…</p>`
        : flows.length === 0
          ? html`<p>No flows yet. <a href="/dashboard/flows">Create one.</a></p>`
          : html`
              <div class="row card">
                <label>Flow
                  <select @change=${(event: Event) => {
                    this.flowId = (event.target as HTMLSelectElement).value;
                    void this.act(() => this.#loadFlow());
                  }}>
                    ${flows.map((flow) => html`<option value=${flow.id} ?selected=${flow.id === this.flowId}>${flow.name}${flow.publishedRevisionId === null ? ' (not published)' : ''}</option>`)}
                  </select>
                </label>
                ${this.flowId && !this.notPublished
                  ? html`<a class="button" download href="/dashboard/api/flows/${encodeURIComponent(this.flowId)}/progress.csv?mode=${this.ctx.mode}">Export progress as CSV</a>`
                  : nothing}
              </div>
              ${this.notPublished ? html`<p>This flow is not published yet, so no one has progress in it.</p>` : nothing}
              ${this.funnel ? this.#funnel(this.funnel) : nothing}
              ${this.outcomes ? this.#outcomes(this.outcomes) : nothing}
            `}
    `;
  }
}
customElements.define('dash-onboarding', OnboardingPage);
