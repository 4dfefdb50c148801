import { css, html, nothing, type TemplateResult } from 'lit';
import { query } from '../api.js';
import { barChart } from '../ui/chart.js';
import { Page } from '../ui/page.js';

interface ServiceUsage {
  totals: Record<string, number>;
  daily: { date: string; counts: Record<string, number> }[];
}
interface Usage {
  mode: string;
  from: string;
  to: string;
  services: Partial<Record<'onboarding' | 'feedback' | 'importer', ServiceUsage>>;
}

const SERVICE_NAMES: Record<string, string> = { onboarding: 'Onboarding', feedback: 'Feedback', importer: 'Importer' };

/** "itemCompletions" → "Item completions". */
export function metricLabel(metric: string): string {
  const words = metric.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 30 days of usage per service, as a chart of one chosen metric and a table of totals. */
export class OverviewPage extends Page {
  static override styles = [
    ...Page.styles,
    css`
      .services { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 30rem), 1fr)); }
      figure { margin: 0.5rem 0 0; }
      figcaption { font-weight: 500; margin-bottom: 0.25rem; }
      svg { width: 100%; height: 10rem; display: block; }
      .bar { fill: var(--chart); }
      .axis { stroke: var(--muted); }
      .grid { stroke: var(--border); stroke-dasharray: 4 4; }
      .tick { fill: var(--muted); font-size: 12px; }
      dl { display: grid; grid-template-columns: auto auto; gap: 0.2rem 1rem; margin: 0.5rem 0; }
      dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
      details { margin-top: 0.5rem; }
    `,
  ];
  static override properties = { ...Page.properties, usage: { state: true }, chosen: { state: true } };
  usage?: Usage;
  chosen: Record<string, string> = {};

  protected override async load(): Promise<void> {
    this.usage = await this.ctx.api.get<Usage>(`/usage${query({ mode: this.ctx.mode, days: 30 })}`);
  }

  /** Every day of the window, `from` to `to`: days without usage are charted as 0. */
  #days(): string[] {
    const days: string[] = [];
    if (!this.usage) return days;
    const end = Date.parse(`${this.usage.to}T00:00:00Z`);
    for (let day = Date.parse(`${this.usage.from}T00:00:00Z`); day <= end && days.length < 366; day += 86_400_000) days.push(new Date(day).toISOString().slice(0, 10));
    return days;
  }

  #service(name: string, usage: ServiceUsage): TemplateResult {
    const metrics = Object.keys(usage.totals);
    // The first metric with any usage, so a fresh workspace's chart is not flat by default.
    const metric = this.chosen[name] ?? metrics.find((key) => (usage.totals[key] ?? 0) > 0) ?? metrics[0] ?? '';
    const byDate = new Map(usage.daily.map((day) => [day.date, day.counts]));
    const points = this.#days().map((date) => ({ label: date, value: byDate.get(date)?.[metric] ?? 0 }));
    const title = SERVICE_NAMES[name] ?? name;
    return html`
      <section class="card" aria-labelledby="usage-${name}">
        <h2 id="usage-${name}">${title}</h2>
        <dl>${metrics.map((key) => html`<dt>${metricLabel(key)}</dt><dd>${(usage.totals[key] ?? 0).toLocaleString()}</dd>`)}</dl>
        ${metrics.length > 0
          ? html`
              <label>Chart
                <select @change=${(event: Event) => (this.chosen = { ...this.chosen, [name]: (event.target as HTMLSelectElement).value })}>
                  ${metrics.map((key) => html`<option value=${key} ?selected=${key === metric}>${metricLabel(key)}</option>`)}
                </select>
              </label>
              ${barChart(`chart-${name}`, `${title}: ${metricLabel(metric)} per day`, points)}
            `
          : html`<p class="muted">No usage yet.</p>`}
      </section>
    `;
  }

  protected override render(): TemplateResult {
    const usage = this.usage;
    return html`
      <h1>Overview</h1>
      ${this.renderError()}
      ${usage
        ? html`
            <p class="muted">${this.ctx.mode === 'live' ? 'Live' : 'Test'} mode, ${usage.from} to ${usage.to}.</p>
            <div class="services">${Object.entries(usage.services).map(([name, service]) => (service ? this.#service(name, service) : nothing))}</div>
          `
        : this.error
          ? nothing
          : html`<p class="muted">Loading…</p>`}
    `;
  }
}
customElements.define('dash-overview', OverviewPage);
