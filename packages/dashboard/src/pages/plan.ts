import { css, html, type TemplateResult } from 'lit';
import type { Plan } from '../api.js';
import { Page } from '../ui/page.js';

const PLANS: Record<Plan, [title: string, description: string]> = {
  free: ['Free', 'Test keys work for everything; live keys are refused until you choose a paid plan.'],
  byo: ['Bring your own store', 'Live keys fetch configs and run imports; your app keeps progress and posts through the widgets’ store property.'],
  hosted: ['Hosted', 'Live keys do everything, with progress, posts and votes kept by Inlay.'],
};

/** The workspace's plan (docs/concepts.md). */
export class PlanPage extends Page {
  static override styles = [...Page.styles, css`.plans { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); } .current { border-color: var(--accent); border-width: 2px; }`];
  static override properties = { ...Page.properties, plan: { state: true }, plans: { state: true } };
  plan?: Plan;
  plans: Plan[] = [];

  protected override async load(): Promise<void> {
    const answer = await this.ctx.api.get<{ plan: Plan; plans: Plan[] }>('/plan');
    this.plan = answer.plan;
    this.plans = answer.plans;
  }

  async #choose(plan: Plan): Promise<void> {
    if (await this.act(async () => {
      this.plan = (await this.ctx.api.put<{ plan: Plan }>('/plan', { plan })).plan;
    })) this.ctx.announce(`The plan is now ${PLANS[plan][0]}.`);
  }

  protected override render(): TemplateResult {
    return html`
      <h1>Plan</h1>
      ${this.renderError()}
      <div class="plans">
        ${this.plans.map(
          (plan) => html`<section class="card ${plan === this.plan ? 'current' : ''}" aria-labelledby="plan-${plan}">
            <h2 id="plan-${plan}">${PLANS[plan]?.[0] ?? plan}</h2>
            <p>${PLANS[plan]?.[1] ?? ''}</p>
            ${plan === this.plan ? html`<p><strong>Current plan</strong></p>` : html`<button type="button" ?disabled=${this.busy} @click=${() => void this.#choose(plan)}>Switch to ${PLANS[plan]?.[0] ?? plan}</button>`}
          </section>`,
        )}
      </div>
    `;
  }
}
customElements.define('dash-plan', PlanPage);
