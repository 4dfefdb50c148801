import { html, nothing, type TemplateResult } from 'lit';
import type { ResourceSummary } from '@inlay/core';
import { query } from '../api.js';
import { Page, when } from '../ui/page.js';

interface ImportSessionInfo {
  id: string;
  importerId: string;
  importerName: string;
  mode: string;
  status: 'open' | 'completed' | 'expired';
  rowCount: number | null;
  errorCount: number | null;
  createdAt: string;
  completedAt: string | null;
  durationMs: number | null;
  metadata: Record<string, string> | null;
  rowsAcknowledgedAt: string | null;
}

/** "83 s" / "4 min 3 s" / "—". */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Recent import sessions: status, counts, duration and outcome; never their rows. */
export class ImportSessionsPage extends Page {
  static override properties = { ...Page.properties, sessions: { state: true }, importers: { state: true }, importerId: { state: true } };
  sessions?: ImportSessionInfo[];
  importers: ResourceSummary[] = [];
  importerId = '';

  protected override async load(): Promise<void> {
    const [importers] = await Promise.all([this.ctx.api.get<{ items: ResourceSummary[] }>('/importers?limit=100'), this.#list()]);
    this.importers = importers.items;
  }

  async #list(): Promise<void> {
    this.sessions = await this.ctx.api.get<ImportSessionInfo[]>(`/import-sessions${query({ mode: this.ctx.mode, importerId: this.importerId, limit: 100 })}`);
  }

  #outcome(session: ImportSessionInfo): string {
    if (session.status === 'open') return 'In progress';
    if (session.status === 'expired') return 'Abandoned';
    const rows = `${(session.rowCount ?? 0).toLocaleString()} rows`;
    const errors = session.errorCount ? `, ${session.errorCount.toLocaleString()} with problems` : '';
    return `Imported ${rows}${errors}${session.rowsAcknowledgedAt ? '; delivered to your server' : ''}`;
  }

  protected override render(): TemplateResult {
    return html`
      <h1>Import sessions</h1>
      <p class="muted">What each import did, in ${this.ctx.mode} mode. The rows themselves are never shown here.</p>
      <div class="card row">
        <label>Importer
          <select @change=${(event: Event) => {
            this.importerId = (event.target as HTMLSelectElement).value;
            void this.act(() => this.#list());
          }}>
            <option value="">All importers</option>
            ${this.importers.map((importer) => html`<option value=${importer.id} ?selected=${importer.id === this.importerId}>${importer.name}</option>`)}
          </select>
        </label>
      </div>
      ${this.renderError()}
      ${this.sessions === undefined
        ? html`<p class="muted">Loading…</p>`
        : this.sessions.length === 0
          ? html`<p>No import sessions yet.</p>`
          : html`<div class="card table-wrap">
              <table>
                <thead><tr><th scope="col">Started</th><th scope="col">Importer</th><th scope="col">Status</th><th scope="col">Rows</th><th scope="col">With problems</th><th scope="col">Duration</th><th scope="col">Outcome</th></tr></thead>
                <tbody>
                  ${this.sessions.map(
                    (session) => html`<tr>
                      <td>${when(session.createdAt)}</td>
                      <td>${session.importerName}</td>
                      <td><span class="badge">${session.status}</span></td>
                      <td>${session.rowCount === null ? '—' : session.rowCount.toLocaleString()}</td>
                      <td>${session.errorCount === null ? '—' : session.errorCount.toLocaleString()}</td>
                      <td>${duration(session.durationMs)}</td>
                      <td>${this.#outcome(session)}${session.metadata && Object.keys(session.metadata).length > 0 ? html`<br /><span class="muted">${Object.entries(session.metadata).map(([key, value]) => `${key}: ${value}`).join(' · ')}</span>` : nothing}</td>
                    </tr>`,
                  )}
                </tbody>
              </table>
            </div>`}
    `;
  }
}
customElements.define('dash-import-sessions', ImportSessionsPage);
